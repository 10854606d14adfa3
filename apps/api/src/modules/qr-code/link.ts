import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The QR-code link sent in messages (`qrCodeUrl`, issue 27): GET /order/qrcode/:token answers the
 * order's QR-code image to whoever holds the link, without signing in. The token is the order's id,
 * an expiry and an HMAC of both and the order's current access code under a key derived from the
 * API's secret: changing any part breaks it, and so does a new access code (the old link stops
 * showing the code that was replaced). It never carries the code itself.
 */

/** The longest a link works; an order's overdue date ends it sooner. */
export const QR_CODE_LINK_MAX_DAYS = 7;
const LINK_PATH = '/io/api/v1/order/qrcode';

type LinkOrder = { id: string; accessCode: string | null; overdueDate: string | null };

function keyOf(secret: string): Buffer {
  return createHmac('sha256', secret).update('ebox:order-qrcode-link').digest();
}

function signatureOf(secret: string, orderId: string, expires: number, accessCode: string): string {
  return createHmac('sha256', keyOf(secret)).update(`${orderId}.${expires}.${accessCode}`).digest('base64url');
}

/** When a link made now stops working (Unix seconds): the overdue date when sooner than 7 days. */
export function qrCodeLinkExpiryOf(overdueDate: string | null, now = Date.now()): number {
  const longest = now + QR_CODE_LINK_MAX_DAYS * 24 * 3_600_000;
  const overdue = overdueDate ? Date.parse(overdueDate) : Number.NaN;
  const until = overdue > now && overdue < longest ? overdue : longest;
  return Math.floor(until / 1_000);
}

export function qrCodeTokenOf(secret: string, order: LinkOrder, now = Date.now()): string {
  const expires = qrCodeLinkExpiryOf(order.overdueDate, now);
  return `${order.id}.${expires}.${signatureOf(secret, order.id, expires, order.accessCode ?? '')}`;
}

/** The link a message gives, or '' when the order has no code to show. */
export function qrCodeUrlOf(options: { appUrl: string; secret: string }, order: LinkOrder, now = Date.now()): string {
  if (!order.accessCode) return '';
  return `${options.appUrl}${LINK_PATH}/${qrCodeTokenOf(options.secret, order, now)}`;
}

export type ParsedQrCodeToken = { orderId: string; expires: number; signature: string };

/** The parts of a token, or null when it is not shaped like one. */
export function parseQrCodeToken(token: string): ParsedQrCodeToken | null {
  const match = /^([0-9a-f-]{36})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match?.[1] || !match[2] || !match[3]) return null;
  return { orderId: match[1], expires: Number(match[2]), signature: match[3] };
}

/** 'valid', or why not: a forged or outdated token (another code since) is told apart from an expired one. */
export function checkQrCodeToken(
  secret: string,
  token: ParsedQrCodeToken,
  accessCode: string | null,
  now = Date.now(),
): 'valid' | 'invalid' | 'expired' {
  if (!accessCode) return 'invalid';
  const expected = Buffer.from(signatureOf(secret, token.orderId, token.expires, accessCode));
  const given = Buffer.from(token.signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
  return now >= token.expires * 1_000 ? 'expired' : 'valid';
}
