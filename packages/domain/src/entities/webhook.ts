import { defineEntity } from '../kit/entity';

/** An address that receives a company's order events. */
export const webhook = defineEntity({
  name: 'webhook',
  path: 'webhook',
  table: 'webhook',
  labelField: 'url',
  naturalKey: ['url'],
  scope: { kind: 'company', field: 'company' },
  fields: {
    url: { type: 'text', required: true, max: 2048, url: true },
    company: { type: 'relation', entity: 'company', required: true },
    enable: { type: 'boolean' },
  },
  listColumns: ['url', 'company', 'enable', 'createdAt'],
  filters: ['url', 'company', 'enable', 'createdAt'],
  importColumns: ['url', 'company', 'enable'],
});
