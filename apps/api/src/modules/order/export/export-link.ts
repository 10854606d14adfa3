import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The download link of an export: the stored file's id and name, an expiry, and an HMAC of the
 * three under the API's secret. Whoever holds the link may download until it expires (as a mailed
 * link must work without a session); changing any part of it breaks the signature.
 */

/** How long a mailed link works. */
export const EXPORT_LINK_HOURS = 24;

const API_PATH = '/io/api/v1/order/export/file';

function signatureOf(secret: string, id: string, name: string, expires: number): string {
  return createHmac('sha256', secret).update(`order-export:${id}:${name}:${expires}`).digest('base64url');
}

export function exportLinkOf(options: { appUrl: string; secret: string; id: string; name: string; expires: number }): string {
  const { appUrl, secret, id, name, expires } = options;
  return `${appUrl}${API_PATH}/${id}/${encodeURIComponent(name)}?expires=${expires}&signature=${signatureOf(secret, id, name, expires)}`;
}

/** 'valid', or why not: a bad signature is told apart from an honest link that is too old. */
export function checkExportLink(
  secret: string,
  link: { id: string; name: string; expires: number; signature: string },
  now = Date.now(),
): 'valid' | 'invalid' | 'expired' {
  const expected = Buffer.from(signatureOf(secret, link.id, link.name, link.expires));
  const given = Buffer.from(link.signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
  return now > link.expires ? 'expired' : 'valid';
}

/** Where the file is kept: one folder per export, so two exports of the same second never meet. */
export function exportStorageKey(id: string, name: string): string {
  return `exports/order/${id}/${name}`;
}
