import { createHmac, timingSafeEqual } from 'node:crypto';
import { isPlainObject } from '@ebox/domain';
import { isRetryableStatus, jsonObjectOf, ProviderDeliveryError, postToProvider, safeReason } from '../message-providers/provider-error';

/**
 * Mercado Pago's payments API for Pix (mercadopago.com.br/developers: "Integrar Pix", "Webhooks"),
 * through plain fetch: two documented calls need no SDK. A charge is `POST /v1/payments` with our
 * payment's id as `X-Idempotency-Key` (asking twice never charges twice); its status is read only
 * with `GET /v1/payments/{id}`; a notification is trusted only once its `x-signature` checks, and
 * even then only as a reason to read the status. Nothing here retries: the jobs do.
 */

export const DEFAULT_MERCADO_PAGO_URL = 'https://api.mercadopago.com';

export type MercadoPagoAccount = { baseUrl?: string; accessToken: string; timeoutMs: number };

export type PixCharge = {
  /** Our payment's id: the idempotency key and the external reference. */
  paymentId: string;
  amount: number;
  description: string;
  payerEmail: string;
  notificationUrl?: string;
  expiresAt: Date;
};

export type GatewayPayment = {
  gatewayId: string;
  status: string;
  statusDetail: string | null;
  pixCode: string | null;
  ticketUrl: string | null;
  expiresAt: string | null;
  approvedAt: string | null;
  externalReference: string | null;
};

const PROVIDER = 'Mercado Pago';

function urlOf(account: MercadoPagoAccount, path: string): string {
  return `${(account.baseUrl ?? DEFAULT_MERCADO_PAGO_URL).replace(/\/$/, '')}${path}`;
}

function paymentOf(body: Record<string, unknown>): GatewayPayment {
  const point = isPlainObject(body.point_of_interaction) ? body.point_of_interaction : {};
  const data = isPlainObject(point.transaction_data) ? point.transaction_data : {};
  const text = (value: unknown) => (typeof value === 'string' && value ? value : null);
  return {
    gatewayId: String(body.id),
    status: String(body.status),
    statusDetail: text(body.status_detail),
    pixCode: text(data.qr_code),
    ticketUrl: text(data.ticket_url),
    expiresAt: text(body.date_of_expiration),
    approvedAt: text(body.date_approved),
    externalReference: text(body.external_reference),
  };
}

async function callMercadoPago(account: MercadoPagoAccount, path: string, init: RequestInit): Promise<GatewayPayment> {
  const response = await postToProvider(PROVIDER, urlOf(account, path), {
    ...init,
    headers: { authorization: `Bearer ${account.accessToken}`, accept: 'application/json', ...init.headers },
    signal: AbortSignal.timeout(account.timeoutMs),
  });
  const body = jsonObjectOf(await response.text().catch(() => ''));
  if (!response.ok) {
    // Errors: {message, error, status, cause: [{code, description}]}.
    const cause = Array.isArray(body.cause) && isPlainObject(body.cause[0]) ? body.cause[0] : {};
    const reason = safeReason([body.message, cause.description].filter(Boolean).join(': '), [account.accessToken]);
    throw new ProviderDeliveryError({
      provider: PROVIDER,
      retryable: isRetryableStatus(response.status),
      status: response.status,
      code: typeof body.error === 'string' ? body.error : undefined,
      reason: response.status === 401 ? 'Mercado Pago refused the access token' : (reason ?? 'Mercado Pago refused the call'),
    });
  }
  if (body.id === undefined || typeof body.status !== 'string') {
    throw new ProviderDeliveryError({
      provider: PROVIDER,
      retryable: true,
      status: response.status,
      reason: 'Mercado Pago answered without a payment',
    });
  }
  return paymentOf(body);
}

/** Mercado Pago takes a Pix's `date_of_expiration` no sooner than 30 minutes ahead. */
const GATEWAY_MIN_EXPIRY_MS = 30 * 60_000;

/**
 * Charges a Pix: the answer carries the copy-paste code and the payment page. A booking held for a
 * shorter time than Mercado Pago's least expiry is cancelled there when it ends here
 * (cancelGatewayPayment), so the code cannot be paid after the compartment is released.
 */
export function chargePix(account: MercadoPagoAccount, charge: PixCharge): Promise<GatewayPayment> {
  return callMercadoPago(account, '/v1/payments', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-idempotency-key': charge.paymentId },
    body: JSON.stringify({
      transaction_amount: charge.amount,
      description: charge.description,
      payment_method_id: 'pix',
      payer: { email: charge.payerEmail },
      external_reference: charge.paymentId,
      ...(charge.notificationUrl ? { notification_url: charge.notificationUrl } : {}),
      date_of_expiration: new Date(Math.max(charge.expiresAt.getTime(), Date.now() + GATEWAY_MIN_EXPIRY_MS)).toISOString(),
    }),
  });
}

/** Reads a payment as Mercado Pago has it now. */
export function readGatewayPayment(account: MercadoPagoAccount, gatewayId: string): Promise<GatewayPayment> {
  return callMercadoPago(account, `/v1/payments/${encodeURIComponent(gatewayId)}`, { method: 'GET' });
}

/** Cancels a pending payment (`PUT /v1/payments/{id}` with status cancelled): its Pix can no longer be paid. */
export function cancelGatewayPayment(account: MercadoPagoAccount, gatewayId: string): Promise<GatewayPayment> {
  return callMercadoPago(account, `/v1/payments/${encodeURIComponent(gatewayId)}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ status: 'cancelled' }),
  });
}

/**
 * Whether a notification's `x-signature` (`ts=<ts>,v1=<hex>`) is the secret's HMAC-SHA256 of the
 * manifest `id:<data.id>;request-id:<x-request-id>;ts:<ts>;` (a part missing from the request is
 * left out of it, as Mercado Pago's page says).
 */
export function verifyMercadoPagoSignature(
  secret: string,
  header: string | undefined,
  dataId: string | undefined,
  requestId: string | undefined,
): boolean {
  if (!header) return false;
  const parts = Object.fromEntries(
    header.split(',').map((part) => {
      const [key, ...value] = part.split('=');
      return [key?.trim() ?? '', value.join('=').trim()];
    }),
  );
  const ts = parts.ts;
  const v1 = parts.v1;
  if (!ts || !v1 || !/^[0-9a-f]+$/i.test(v1)) return false;
  let manifest = '';
  // Mercado Pago lower-cases an alphanumeric data.id before signing it.
  if (dataId) manifest += `id:${/^[a-z0-9]+$/i.test(dataId) ? dataId.toLowerCase() : dataId};`;
  if (requestId) manifest += `request-id:${requestId};`;
  manifest += `ts:${ts};`;
  const expected = createHmac('sha256', secret).update(manifest).digest();
  const given = Buffer.from(v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
