import { defineEntity } from '../kit/entity';
import { PAYMENT_GATEWAYS } from '../payments/payment-states';

/**
 * A company's account at a payment gateway (spec 6 `paymentGateways*`, issue 32 item 4): the
 * credentials its bots charge with. The access token and the notifications' secret are write-only,
 * encrypted at rest like a bot's (apps/api platform/secret-box.ts). A company without one charges
 * through the console's own account (MERCADO_PAGO_*), or the local stand-in in the demo.
 */
export const paymentGateway = defineEntity({
  name: 'paymentGateway',
  path: 'paymentGateway',
  table: 'payment_gateway',
  labelField: 'name',
  naturalKey: ['name'],
  permissionPrefix: 'paymentGateways',
  scope: { kind: 'company', field: 'company' },
  fields: {
    name: { type: 'text', required: true, min: 2, max: 255 },
    gateway: { type: 'enum', options: PAYMENT_GATEWAYS, required: true, initial: 'mercadopago' },
    company: { type: 'relation', entity: 'company', required: true },
    /** The gateway's bearer token (Mercado Pago: the application's access token). */
    accessToken: { type: 'text', required: true, min: 2, max: 255, secret: true, writeOnly: true },
    /** Signs the gateway's notifications (Mercado Pago: the webhook's secret signature). */
    webhookSecret: { type: 'text', required: true, min: 2, max: 255, secret: true, writeOnly: true },
    enable: { type: 'boolean', initial: true },
  },
  listColumns: ['name', 'gateway', 'company', 'enable', 'createdAt'],
  filters: ['name', 'gateway', 'company', 'enable', 'createdAt'],
  importColumns: [],
  noImport: true,
});
