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
    /**
     * Why the console switched it off (the receiver answered 410 Gone, or every delivery failed for
     * five days); cleared when someone enables it again.
     */
    disabledReason: { type: 'text', max: 500, hideInForm: true },
    /** Since when every delivery has failed (null while the receiver answers). */
    failingSince: { type: 'dateTime', hideInForm: true },
  },
  listColumns: ['url', 'company', 'enable', 'disabledReason', 'createdAt'],
  filters: ['url', 'company', 'enable', 'createdAt'],
  importColumns: ['url', 'company', 'enable'],
  routes: {
    /** Issue 27: the signing secret (Standard Webhooks `whsec_…`), answered by the create only. */
    createShowsOnce: ['secret'],
  },
});
