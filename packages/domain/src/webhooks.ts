import { z } from 'zod';
import { MESSAGE_TEMPLATE_TRIGGERS, ORDER_STATUSES, ORDER_TYPES } from './entities/enums';
import { MESSAGE_CHANNELS } from './messaging';

/**
 * What the console sends to a shipper's webhook (issue 27, item 5), declared once: the API builds and
 * checks every body against these shapes, and the OpenAPI document publishes them in its `webhooks`
 * section. Delivery follows Standard Webhooks 1.0 (https://www.standardwebhooks.com): a body
 * `{type, timestamp, data}`, the headers `webhook-id`, `webhook-timestamp` and `webhook-signature`,
 * and its retry schedule. A receiver verifies a delivery with any Standard Webhooks library.
 */

const orderRef = {
  orderId: z.uuid(),
  trackingCode: z.string().nullable(),
  referenceNumber: z.string().nullable(),
  type: z.enum(ORDER_TYPES),
  eboxId: z.uuid().nullable(),
};

export const WEBHOOK_EVENT_DATA = {
  /** An order was created (in the console, by the API or by an import). */
  'order.created': z.object({ ...orderRef, status: z.enum(ORDER_STATUSES), at: z.string() }),
  /** An order moved through its lifecycle: `trigger` names what moved it ('terminal.COURIER', 'console.cancel'...). */
  'order.status_changed': z.object({
    ...orderRef,
    from: z.enum(ORDER_STATUSES),
    to: z.enum(ORDER_STATUSES),
    trigger: z.string(),
    at: z.string(),
  }),
  /** An order was canceled (also sent as order.status_changed, for receivers that follow only this). */
  'order.canceled': z.object({ ...orderRef, from: z.enum(ORDER_STATUSES), trigger: z.string(), at: z.string() }),
  /** A message to the order's customer reached them (the provider reported it delivered or read). */
  'message.delivered': z.object({
    messageId: z.uuid(),
    orderId: z.uuid(),
    channel: z.enum(MESSAGE_CHANNELS),
    trigger: z.enum(MESSAGE_TEMPLATE_TRIGGERS),
    at: z.string(),
  }),
  /** A message to the order's customer failed for good on its channel (the next channel may be tried). */
  'message.failed': z.object({
    messageId: z.uuid(),
    orderId: z.uuid(),
    channel: z.enum(MESSAGE_CHANNELS),
    trigger: z.enum(MESSAGE_TEMPLATE_TRIGGERS),
    error: z.string().nullable(),
    at: z.string(),
  }),
} as const;

export type WebhookEventType = keyof typeof WEBHOOK_EVENT_DATA;
export const WEBHOOK_EVENT_TYPES = Object.keys(WEBHOOK_EVENT_DATA) as WebhookEventType[];
export type WebhookEventData<T extends WebhookEventType> = z.output<(typeof WEBHOOK_EVENT_DATA)[T]>;

/** The body of one delivery: Standard Webhooks' `{type, timestamp, data}`, `timestamp` in ISO 8601. */
export function webhookBodySchemaOf<T extends WebhookEventType>(type: T) {
  return z.object({ type: z.literal(type), timestamp: z.string(), data: WEBHOOK_EVENT_DATA[type] });
}

/**
 * When a failed delivery is tried again, in seconds after the first attempt's failure, as Standard
 * Webhooks suggests: at once, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h. Each wait gets
 * up to a tenth more at random so that a receiver coming back is not hit by every sender at once.
 */
export const WEBHOOK_RETRY_DELAYS_SECONDS = [0, 5, 300, 1_800, 7_200, 18_000, 36_000, 50_400, 72_000, 86_400] as const;

/** A webhook that has failed every delivery for this long is disabled, and its company told by e-mail. */
export const WEBHOOK_DISABLE_AFTER_SECONDS = 5 * 24 * 3_600;

/** How long the previous secret still signs after a rotation, unless the rotation says otherwise. */
export const WEBHOOK_SECRET_OVERLAP_SECONDS = 24 * 3_600;

/** Where a delivery stands: waiting its (next) attempt, received (2xx), or given up. */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** Standard Webhooks' header names. */
export const WEBHOOK_HEADERS = { id: 'webhook-id', timestamp: 'webhook-timestamp', signature: 'webhook-signature' } as const;
