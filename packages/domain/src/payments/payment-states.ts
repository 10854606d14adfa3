/**
 * A payment's states (spec 3 "Payment status", issue 32 item 4), declared once: the API's payment
 * service moves a payment only as PAYMENT_TRANSITIONS allow, and docs/payments.md draws them.
 *
 * PENDING → APPROVED when the gateway says approved while the Pix is still valid;
 * PENDING → DECLINED when the gateway says rejected or cancelled, or the Pix expires unpaid
 * (the booking's compartment is then freed and the customer told). Nothing leaves APPROVED or
 * DECLINED: a gateway approving a payment already DECLINED here (paid after its expiry) leaves it
 * DECLINED and flags it `refundDue`, so an operator gives the money back.
 */

export const PAYMENT_STATUSES = ['PENDING', 'APPROVED', 'DECLINED'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Gateways a company may charge through (spec 5.3: the name fits 16 characters). */
export const PAYMENT_GATEWAYS = ['mercadopago'] as const;
export type PaymentGatewayName = (typeof PAYMENT_GATEWAYS)[number];

/** What moves a payment: the gateway's answer when asked, or the Pix's end. */
export type PaymentTrigger = 'approved' | 'rejected' | 'expired';

export const PAYMENT_TRANSITIONS: readonly { from: PaymentStatus; trigger: PaymentTrigger; to: PaymentStatus }[] = [
  { from: 'PENDING', trigger: 'approved', to: 'APPROVED' },
  { from: 'PENDING', trigger: 'rejected', to: 'DECLINED' },
  { from: 'PENDING', trigger: 'expired', to: 'DECLINED' },
];

/** Where a trigger takes a payment in a status; undefined: it stays as it is. */
export function nextPaymentStatus(from: PaymentStatus, trigger: PaymentTrigger): PaymentStatus | undefined {
  return PAYMENT_TRANSITIONS.find((transition) => transition.from === from && transition.trigger === trigger)?.to;
}

/**
 * What a Mercado Pago payment's status means here (its statuses: pending, approved, authorized,
 * in_process, in_mediation, rejected, cancelled, refunded, charged_back). Undefined: still waiting.
 */
export function triggerOfMercadoPagoStatus(status: string): PaymentTrigger | undefined {
  if (status === 'approved') return 'approved';
  if (status === 'rejected' || status === 'cancelled' || status === 'refunded' || status === 'charged_back') return 'rejected';
  return undefined;
}

/** How long a Pix charge waits to be paid (issue 32: the booking is held at most this long). */
export const PIX_LIFETIME_MINUTES = 15;

/** A payment the gateway has said nothing about for this long is asked for its status. */
export const PAYMENT_POLL_AFTER_MS = 2 * 60_000;

/**
 * A booking's price from its bot's catalog: the size's price times the started hours (a catalog per
 * HOUR) or the days (per DAY), in reais with exact cents. Undefined: the size has no price.
 */
export function bookingPriceOf(
  catalog: Record<string, unknown> | null | undefined,
  size: string,
  span: { hours?: number; days?: number },
): number | undefined {
  const price = Number(catalog?.[`price${size}`]);
  if (!Number.isFinite(price) || price <= 0) return undefined;
  const units = catalog?.unit === 'DAY' ? (span.days ?? 1) : (span.hours ?? 1);
  return Math.round(price * 100 * Math.max(1, units)) / 100;
}
