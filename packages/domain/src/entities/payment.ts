import { defineEntity } from '../kit/entity';
import { PAYMENT_GATEWAYS, PAYMENT_STATUSES } from '../payments/payment-states';

/**
 * A payment of a paid booking (spec 3 "payment", issue 32 item 4): the Pix charge a bot asks a
 * customer for, made through the company's gateway (Mercado Pago first). Its status moves only
 * PENDING → APPROVED or DECLINED, on what the gateway answers when asked (never on a notification's
 * body) or when its Pix expires unpaid; the order's locker, cluster and compartment are copied from
 * the order so the list reads without a join (spec 7.4). Made by the bot, never typed or edited by
 * hand: the API offers it to read, list and export (docs/payments.md).
 */
export const payment = defineEntity({
  name: 'payment',
  path: 'payment',
  table: 'payment',
  labelField: 'trackingCode',
  naturalKey: ['gatewayId'],
  scope: { kind: 'company', field: 'company' },
  fields: {
    /** In reais with exact cents; spec 5.3's "4 characters" read as at most R$ 9.999,99. */
    value: { type: 'number', scale: 2, min: 0.01, max: 9999.99, currency: 'BRL', required: true },
    gateway: { type: 'enum', options: PAYMENT_GATEWAYS, required: true },
    status: { type: 'enum', options: PAYMENT_STATUSES, readOnly: true },
    order: { type: 'relation', entity: 'order', required: true, onDelete: 'setNull' },
    company: { type: 'relation', entity: 'company', required: true },
    ebox: { type: 'relation', entity: 'ebox', readOnly: true, onDelete: 'setNull' },
    cluster: { type: 'relation', entity: 'cluster', readOnly: true, onDelete: 'setNull' },
    compartimentNumber: { type: 'integer', readOnly: true },
    compartimentSize: { type: 'text', max: 2, readOnly: true },
    trackingCode: { type: 'text', max: 46, readOnly: true, match: 'prefix' },
    /** The booking's end, copied from the order. */
    overdueDate: { type: 'dateTime', readOnly: true },
    /** The gateway's id of the charge (Mercado Pago's payment id). */
    gatewayId: { type: 'text', max: 64, readOnly: true, match: 'exact' },
    /** The gateway's reason for the status (pending_waiting_transfer, expired, rejected...). */
    statusDetail: { type: 'text', max: 64, readOnly: true },
    /** Pix "copia e cola" (BR Code), sent to the customer with the page's address. */
    pixCode: { type: 'text', max: 1024, readOnly: true },
    ticketUrl: { type: 'text', max: 2048, readOnly: true },
    /** The Pix's end: unpaid by then, the payment is DECLINED and the compartment freed. */
    expiresAt: { type: 'dateTime', readOnly: true },
    approvedAt: { type: 'dateTime', readOnly: true, stamp: true },
    declinedAt: { type: 'dateTime', readOnly: true, stamp: true },
    /** The bot that charged, and the WhatsApp number it charged (it tells that customer how the payment went). */
    bot: { type: 'relation', entity: 'bot', readOnly: true, onDelete: 'setNull' },
    waId: { type: 'text', max: 20, readOnly: true },
    /** Approved by the gateway after it had expired here: the money is to be given back. */
    refundDue: { type: 'boolean', readOnly: true },
  },
  listColumns: ['trackingCode', 'value', 'status', 'gateway', 'ebox', 'cluster', 'compartimentNumber', 'createdAt'],
  filters: ['status', 'gateway', 'company', 'ebox', 'cluster', 'trackingCode', 'refundDue', 'createdAt'],
  exportColumns: [
    'id',
    'trackingCode',
    'value',
    'status',
    'statusDetail',
    'gateway',
    'gatewayId',
    'company',
    'ebox',
    'cluster',
    'compartimentNumber',
    'compartimentSize',
    'overdueDate',
    'expiresAt',
    'approvedAt',
    'declinedAt',
    'refundDue',
    'createdAt',
  ],
  importColumns: [],
  noImport: true,
  defaultOrderBy: 'createdAt_DESC',
  // export false: the module's own GET /payment/export, mailed (spec 1, kit/mailed-export/), as the order's.
  // exportTakesIds: the rows picked in the list are the export's (GET /payment/export?ids=...).
  routes: { create: false, update: false, destroy: false, export: false, exportPermission: 'paymentExport', exportTakesIds: true },
});
