import { defineEntity } from '../kit/entity';
import { PACKING_MAX_ORDERS, PACKING_PICKINGS } from '../packing';

/**
 * A packing list, the courier's "romaneio" (spec 3 "packing", 4.1, issue 30): the orders picked at
 * a warehouse for one run through lockers, in the steps of spec 4.1 (reverse collection, expired
 * collection, delivery). The client names the orders; the server derives each one's step, its
 * locker, the lockers' order (the route's, when one is given) and, for a delivery, the compartment
 * it goes to (apps/api/src/modules/packing). Its rows live in the module's table `packing_order`,
 * where an order belongs to at most one open packing. Never edited (spec 6: no packingEdit): it is
 * finished (PUT /packing/finish/{id}) or, while open, deleted.
 */
export const packing = defineEntity({
  name: 'packing',
  path: 'packing',
  table: 'packing',
  labelField: 'name',
  naturalKey: ['name'],
  scope: { kind: 'company', field: 'company' },
  fields: {
    /** What the operator calls the run; the server names it by its time when left empty. */
    name: { type: 'text', max: 255 },
    company: { type: 'relation', entity: 'company', required: true },
    warehouse: { type: 'relation', entity: 'warehouse', required: true, filterBy: 'company' },
    /** Spec 4.1: a return run only collects; a collect/delivery run also deposits. */
    picking: { type: 'enum', options: PACKING_PICKINGS, required: true, initial: 'collectDelivery' },
    /** The courier who drives the run. */
    operator: { type: 'relation', entity: 'user' },
    /** The route whose order of lockers the run follows. */
    route: { type: 'relation', entity: 'route', filterBy: 'company' },
    notes: { type: 'text', max: 21845, multiline: true },
    orders: { type: 'relation', entity: 'order', multiple: true, required: true, min: 1, max: PACKING_MAX_ORDERS },
    /** The lockers visited, in the order the courier drives them (the route's, then the others by code). */
    eboxes: { type: 'relation', entity: 'ebox', multiple: true, readOnly: true },
    /** The orders' tracking codes as saved, so a list filter finds the packing of a parcel. */
    trackingCode: { type: 'stringList', readOnly: true },
    totalOrders: { type: 'integer', readOnly: true },
    /** Of its orders, how many are still to be done at a locker (all of them until the run reports). */
    packingOrders: { type: 'integer', readOnly: true },
    /**
     * The courier's code for the run (issue 30, item 3): at the run's lockers, inside its window, it
     * opens the compartments of the run's parcels and nothing else. Printed on the romaneio; shown
     * to who creates packings and to the packing's courier while the run is open.
     */
    runCode: { type: 'text', readOnly: true, secret: true, unique: true, max: 16 },
    /** The run's window: its code opens nothing before or after (PACKING_RUN_HOURS from the save). */
    runFrom: { type: 'dateTime', readOnly: true },
    runUntil: { type: 'dateTime', readOnly: true },
    finishedAt: { type: 'dateTime', readOnly: true },
    finishedBy: { type: 'text', readOnly: true, max: 255, actor: true },
    createdBy: { type: 'text', readOnly: true, max: 255, actor: true },
  },
  listColumns: ['name', 'picking', 'warehouse', 'operator', 'totalOrders', 'finishedAt', 'createdAt'],
  listColumnWidths: { picking: 110, totalOrders: 100 },
  filters: ['name', 'picking', 'warehouse', 'operator', 'route', 'eboxes', 'company', 'trackingCode', 'finishedAt', 'createdAt'],
  importColumns: [],
  noImport: true,
  defaultOrderBy: 'createdAt_DESC',
  routes: {
    update: false,
    actions: {
      /** Spec 7.4 PUT /packing/finish/{id}: closes the run and frees its orders for another packing. */
      finish: { permission: 'packingCreate' },
    },
  },
});
