import { defineEntity } from '../kit/entity';
import { MESSAGE_TEMPLATE_SUB_TYPES, MESSAGE_TEMPLATE_TRIGGERS, MESSAGE_TEMPLATE_TYPES } from './enums';

/**
 * A message template (ccm) sent to customers over a channel when an order of a sub type reaches
 * the trigger status. The cluster relation joins when the cluster entity exists (locker issue).
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
    subject: { type: 'text', max: 255 },
    content: { type: 'text', required: true, max: 21845, multiline: true },
    company: { type: 'relation', entity: 'company', required: true },
    enable: { type: 'boolean' },
  },
  listColumns: ['type', 'subType', 'trigger', 'subject', 'company', 'enable', 'createdAt'],
  filters: ['type', 'subType', 'trigger', 'subject', 'content', 'company', 'enable', 'createdAt'],
  importColumns: ['type', 'content', 'subType', 'subject', 'trigger', 'company', 'enable'],
});
