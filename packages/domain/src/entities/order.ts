import { defineEntity } from '../kit/entity';
import { ORDER_STATUSES, ORDER_TYPES } from './enums';

/** Who moved an order (a person's e-mail, a locker's code, a job's name), as the history reads it. */
const actor = { type: 'text', readOnly: true, max: 255, actor: true } as const;
/** A moment the lifecycle stamps (kit/field.ts DateTimeField.stamp: a filter reads a partial index of the stamped orders). */
const stamp = { type: 'dateTime', readOnly: true, stamp: true } as const;

/**
 * A parcel's journey through a locker (spec 3 "order", rules of 5.3). Its status moves only through
 * the lifecycle machine (packages/domain/src/orders): the generic update edits the rest, never the
 * status or the stamps, and a delete cancels (spec 4.1), so nothing about an order is ever
 * hard-deleted. The compartment is chosen by the booking, not typed.
 */
export const order = defineEntity({
  name: 'order',
  path: 'order',
  table: 'order',
  labelField: 'trackingCode',
  naturalKey: ['trackingCode', 'referenceNumber'],
  // A distributionLogistic carrier operates the orders it carries (docs/decisions.md, "Operated orders").
  scope: { kind: 'company', field: 'company', operatedBy: 'carrier' },
  fields: {
    type: { type: 'enum', options: ORDER_TYPES, required: true, initial: 'DELIVERY' },
    /**
     * The carrier's code, printed as a barcode on the tag and searched by its first characters or
     * whole (GET /order?filter[trackingCode]=), as the command palette finds it.
     */
    trackingCode: { type: 'text', required: true, min: 4, max: 46, match: 'prefix' },
    /** The shipper's own number for the parcel, searched by its first characters. */
    referenceNumber: { type: 'text', min: 4, max: 46, match: 'prefix' },
    /** Status, set by the lifecycle machine only (CREATED on creation). */
    status: { type: 'enum', options: ORDER_STATUSES, readOnly: true },
    /** The company the order belongs to: its scope, its overdue days, its message templates. */
    company: { type: 'relation', entity: 'company', required: true },
    /** The company that sends the parcel (the store). */
    shipper: { type: 'relation', entity: 'company', required: true },
    /** The company that carries the parcel to and from the locker. */
    carrier: { type: 'relation', entity: 'company' },
    products: { type: 'relation', entity: 'product', multiple: true, max: 100 },
    ebox: { type: 'relation', entity: 'ebox' },
    /** The locker's code, kept from the locker; an import names the locker by it (spec 3). */
    eboxCode: { type: 'text', readOnly: true, min: 4, max: 20 },
    cluster: { type: 'relation', entity: 'cluster' },
    /** UF of the destination, e.g. RJ, SP, MG. */
    state: { type: 'text', length: 2 },
    /**
     * The compartment booked or deposited in. Generating a locker's compartments again deletes
     * them (refused while one holds a parcel or a live order): a finished order's link is then
     * emptied and its compartimentNumber, copied at booking, still says which door it used.
     */
    compartiment: { type: 'relation', entity: 'compartiment', readOnly: true, onDelete: 'setNull' },
    compartimentNumber: { type: 'integer', readOnly: true },
    /** The compartment layout code the parcel needs (P, M, G...). */
    compartimentSize: { type: 'text', min: 1, max: 2 },
    /**
     * The code the customer types at the locker: a secret (issue 25) the kit keeps out of lists,
     * exports and the audit; the order record shows it only to who may resend or edit it while the
     * order is live (policy.ts). Generated when not given; changed only by the newAccessCode action.
     */
    accessCode: { type: 'text', length: 6, secret: true, hideInForm: true },
    toCustomer: { type: 'relation', entity: 'customer', filterBy: 'company' },
    fromCustomer: { type: 'relation', entity: 'customer', filterBy: 'company' },
    customerName: { type: 'text', min: 6, max: 50 },
    /** A mobile stored as 55 + DDD + number: exactly 13 digits (spec 5.3). */
    customerPhone: { type: 'text', phone: 'mobile', match: 'both' },
    customerEmail: { type: 'text', min: 6, max: 50, email: true, match: 'both' },
    /** When a parcel left in the locker expires (from the company's maxDaysOverdueDateDelivery). */
    overdueDate: { type: 'dateTime' },
    /** Not to be stored before this moment: the booking of the compartment starts then. */
    notBeforeFirst: { type: 'dateTime' },
    /** Book a compartment of the size when the order is created. */
    // The API books unless told not to (policy.ts): a new order's form says the same.
    bookOrder: { type: 'boolean', initial: true },
    delivered: { type: 'boolean', readOnly: true },
    invoice: { type: 'relation', entity: 'invoice' },
    invoiceNumber: { type: 'text', min: 6, max: 8 },
    notes: { type: 'text', max: 21845, multiline: true },
    images: { type: 'files', image: true, max: 3, maxSize: 1_000_000, formats: ['jpg', 'jpeg', 'png'] },
    attachments: { type: 'files', max: 3, maxSize: 1_000_000, formats: ['txt', 'pdf'] },
    qrcodes: { type: 'files', image: true, max: 3, readOnly: true },
    inboundAt: stamp,
    inboundBy: actor,
    storedAt: stamp,
    storedBy: actor,
    collectedAt: stamp,
    collectedBy: actor,
    customerTakenAt: stamp,
    expiredAt: stamp,
    expiredCollectedAt: stamp,
    expiredCollectedBy: actor,
    expiredInboundAt: stamp,
    expiredInboundBy: actor,
    expiredReturnedAt: stamp,
    courierReturnedAt: stamp,
    sendReturnedAt: stamp,
    failedAt: stamp,
    failedBy: actor,
    canceledAt: stamp,
    canceledBy: actor,
  },
  // What support is asked for (issue 29): the code on the tag, the shipper's number, the customer's
  // phone in any format or e-mail. The reference number keeps its filter permission here too.
  search: { trackingCode: 'prefix', referenceNumber: 'prefix', customerPhone: 'phoneSuffix', customerEmail: 'exact' },
  // Issue 29: 25 fields read as what a person fills in, in the order they learn it.
  formSections: [
    { key: 'parcel', fields: ['type', 'trackingCode', 'referenceNumber', 'company', 'shipper', 'carrier', 'compartimentSize', 'products'] },
    { key: 'customer', fields: ['toCustomer', 'fromCustomer', 'customerName', 'customerPhone', 'customerEmail'] },
    { key: 'destination', fields: ['ebox', 'cluster', 'state', 'bookOrder'] },
    { key: 'dates', fields: ['notBeforeFirst', 'overdueDate'] },
    { key: 'documents', fields: ['invoice', 'invoiceNumber', 'notes', 'images', 'attachments'] },
  ],
  listColumns: ['trackingCode', 'type', 'status', 'ebox', 'compartimentNumber', 'customerName', 'overdueDate', 'createdAt'],
  listColumnWidths: { type: 110, status: 150, compartimentNumber: 90 },
  filters: [
    'trackingCode',
    'referenceNumber',
    'type',
    'status',
    'company',
    'shipper',
    'carrier',
    'ebox',
    'eboxCode',
    'cluster',
    'state',
    'customerName',
    'customerPhone',
    'customerEmail',
    'invoiceNumber',
    'overdueDate',
    'createdAt',
    // The dashboard's tiles open the orders by the stamp that counted them (docs/orders.md "Periods").
    'storedAt',
    'collectedAt',
    'expiredAt',
    'canceledAt',
  ],
  // Spec 6: narrowing the order list by locker, cluster, type or reference number is a permission
  // of its own (docs/orders.md); the locker's code is the same narrowing as the locker.
  filterPermissions: {
    ebox: 'filterEbox',
    eboxCode: 'filterEbox',
    cluster: 'filterCluster',
    type: 'filterType',
    referenceNumber: 'filterReferenceNumber',
  },
  // Spec 3's columns (eboxCode names the locker), then the two companies 5.3 requires.
  importColumns: [
    'type',
    'trackingCode',
    'referenceNumber',
    'ebox',
    'customerName',
    'customerPhone',
    'customerEmail',
    'overdueDate',
    'compartimentSize',
    'notBeforeFirst',
    'bookOrder',
    'shipper',
    'company',
  ],
  importAliases: { eboxCode: 'ebox' },
  exportColumns: [
    'id',
    'trackingCode',
    'referenceNumber',
    'type',
    'status',
    'company',
    'shipper',
    'carrier',
    'ebox',
    'eboxCode',
    'cluster',
    'compartimentNumber',
    'compartimentSize',
    'customerName',
    'customerPhone',
    'customerEmail',
    'invoiceNumber',
    'overdueDate',
    'inboundAt',
    'storedAt',
    'collectedAt',
    'customerTakenAt',
    'expiredAt',
    'canceledAt',
    'createdAt',
  ],
  defaultOrderBy: 'createdAt_DESC',
  routes: {
    // Spec 1: the order export is written by a job and its link mailed (apps/api/src/modules/order/export).
    export: false,
    exportPermission: 'orderExport',
    destroy: { action: 'cancel' },
    actions: {
      /** Spec 4.1: deleting an order cancels it (only where the lifecycle allows a cancel). */
      cancel: { permission: 'orderDestroy' },
      /** Issue 25: a fresh random code replaces the order's own (a PUT cannot set one), throttled per user. */
      newAccessCode: { permission: 'orderEdit' },
    },
  },
});
