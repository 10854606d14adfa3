import { parse } from '@handlebars/parser';
import { defineEntity } from '../kit/entity';
import { QRCODE_TEMPLATE_TYPES } from './enums';

/** True when the text is a handlebars template that compiles (empty is left to `required`). */
export function isCompilableHandlebars(source: unknown): boolean {
  if (typeof source !== 'string' || source.trim() === '') return true;
  try {
    // The parser alone (not the whole compiler) keeps this check light enough for the browser.
    parse(source);
    return true;
  } catch {
    return false;
  }
}

/** The page a locker shows with an order's QR code at a given moment of its lifecycle. */
export const qrcodeTemplate = defineEntity({
  name: 'qrcodeTemplate',
  path: 'qrcodeTemplate',
  table: 'qrcode_template',
  labelField: 'type',
  scope: { kind: 'company', field: 'company' },
  fields: {
    type: { type: 'enum', options: QRCODE_TEMPLATE_TYPES, required: true },
    hbsContent: { type: 'text', required: true, max: 100_000, multiline: true },
    company: { type: 'relation', entity: 'company', required: true },
    /** The cluster whose lockers use it (none: every cluster of the company). */
    cluster: { type: 'relation', entity: 'cluster' },
    enable: { type: 'boolean' },
  },
  rules: [
    {
      message: 'entities.qrcodeTemplate.errors.hbsContentInvalid',
      path: 'hbsContent',
      check: (data) => isCompilableHandlebars(data.hbsContent),
    },
  ],
  listColumns: ['type', 'company', 'enable', 'createdAt'],
  filters: ['type', 'company', 'cluster', 'enable', 'createdAt'],
  importColumns: ['type', 'hbsContent', 'company', 'enable'],
});
