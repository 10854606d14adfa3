import { defineEntity } from '../kit/entity';

/**
 * A batch of parcels received at a warehouse (spec 3 "inbound", issue 30): the operator scans or
 * pastes tracking codes (POST /inbound/search answers each), and saving moves every listed order to
 * INBOUND through the lifecycle machine in the same transaction. A record of what happened, so it is
 * never edited, imported or deleted (spec 7.3: create, find, list, autocomplete only). Who saved it,
 * when, the orders' tracking codes and their count are written by the server
 * (apps/api/src/modules/inbound/policy.ts).
 */
export const inbound = defineEntity({
  name: 'inbound',
  path: 'inbound',
  table: 'inbound',
  labelField: 'name',
  naturalKey: ['name'],
  scope: { kind: 'company', field: 'company' },
  fields: {
    /** What the operator calls the batch; the server names it by its time when left empty. */
    name: { type: 'text', max: 255 },
    company: { type: 'relation', entity: 'company', required: true },
    warehouse: { type: 'relation', entity: 'warehouse', required: true, filterBy: 'company' },
    /** When the received parcels are to be delivered to the lockers. */
    deliveryWindow: { type: 'dateRange' },
    notes: { type: 'text', max: 21845, multiline: true },
    /** Spec 9's search page (1000): at most what one search answers. */
    orders: { type: 'relation', entity: 'order', multiple: true, required: true, min: 1, max: 1000 },
    /** The orders' tracking codes as saved, so a list filter finds the inbound of a parcel. */
    trackingCode: { type: 'stringList', readOnly: true },
    totalOrders: { type: 'integer', readOnly: true },
    /** Of its orders, how many a packing has picked (none until packings exist). */
    packingOrders: { type: 'integer', readOnly: true },
    inboundAt: { type: 'dateTime', readOnly: true },
    createdBy: { type: 'text', readOnly: true, max: 255, actor: true },
  },
  listColumns: ['name', 'warehouse', 'totalOrders', 'inboundAt', 'createdBy', 'company'],
  filters: ['name', 'warehouse', 'company', 'trackingCode', 'inboundAt', 'createdAt'],
  importColumns: [],
  noImport: true,
  defaultOrderBy: 'inboundAt_DESC',
  routes: { update: false, destroy: false },
});
