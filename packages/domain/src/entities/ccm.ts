import { LANGUAGES } from '../i18n/languages';
import { defineEntity } from '../kit/entity';
import { MESSAGE_TEMPLATE_SUB_TYPES, MESSAGE_TEMPLATE_TRIGGERS, MESSAGE_TEMPLATE_TYPES } from './enums';
import { compilableTemplateRule } from './qrcode-template';

/**
 * A message template (ccm) sent to customers over a channel when an order of a sub type reaches
 * the trigger status. A cluster narrows it to that cluster's lockers.
 */
export const ccm = defineEntity({
  name: 'ccm',
  path: 'ccm',
  table: 'ccm',
  // Subject is short and indexable; content can be tens of kilobytes.
  labelField: 'subject',
  scope: { kind: 'company', field: 'company' },
  fields: {
    type: { type: 'enum', options: MESSAGE_TEMPLATE_TYPES, required: true },
    subType: { type: 'enum', options: MESSAGE_TEMPLATE_SUB_TYPES, required: true },
    trigger: { type: 'enum', options: MESSAGE_TEMPLATE_TRIGGERS, required: true },
    /** The customers it speaks to: none for everyone; one in a language for the customers of that language. */
    language: { type: 'enum', options: LANGUAGES },
    /** The e-mail's subject, the push title, or the WhatsApp template's name as Meta approved it. */
    subject: { type: 'text', max: 255 },
    content: { type: 'text', required: true, max: 21845, multiline: true },
    company: { type: 'relation', entity: 'company', required: true },
    /** The cluster whose lockers use it (none: every cluster of the company). */
    cluster: { type: 'relation', entity: 'cluster' },
    enable: { type: 'boolean' },
  },
  // A template that does not compile would fail every message it should send: refused on save, with its line.
  rules: [
    compilableTemplateRule('content', 'entities.ccm.errors.contentInvalid'),
    compilableTemplateRule('subject', 'entities.ccm.errors.subjectInvalid'),
  ],
  listColumns: ['type', 'subType', 'trigger', 'language', 'subject', 'company', 'enable', 'createdAt'],
  // Eight columns beside the subject and the date, which keep their width: the short enums give way.
  listColumnWidths: { type: 120, language: 100 },
  filters: ['type', 'subType', 'trigger', 'language', 'subject', 'content', 'company', 'cluster', 'enable', 'createdAt'],
  importColumns: ['type', 'content', 'subType', 'subject', 'trigger', 'company', 'enable'],
});
