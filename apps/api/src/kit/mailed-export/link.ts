import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The download link of a mailed export: the stored file's id and name, an expiry, and an HMAC of
 * the three (and the entity) under the API's secret. Whoever holds the link may download until it
 * expires (as a mailed link must work without a session); changing any part of it breaks the signature.
 */

/** How long a mailed link works. */
export const EXPORT_LINK_HOURS = 24;

/** The signed download route of an entity's mailed export (registerExportFileRoute). */
export const exportFilePath = (entity: string) => `/${entity}/export/file`;

function signatureOf(secret: string, entity: string, id: string, name: string, expires: number): string {
  return createHmac('sha256', secret).update(`${entity}-export:${id}:${name}:${expires}`).digest('base64url');
}

export function exportLinkOf(options: {
  entity: string;
  appUrl: string;
  secret: string;
  id: string;
  name: string;
  expires: number;
}): string {
  const { entity, appUrl, secret, id, name, expires } = options;
  const signature = signatureOf(secret, entity, id, name, expires);
  return `${appUrl}/io/api/v1${exportFilePath(entity)}/${id}/${encodeURIComponent(name)}?expires=${expires}&signature=${signature}`;
}

/** 'valid', or why not: a bad signature is told apart from an honest link that is too old. */
export function checkExportLink(
  secret: string,
  entity: string,
  link: { id: string; name: string; expires: number; signature: string },
  now = Date.now(),
): 'valid' | 'invalid' | 'expired' {
  const expected = Buffer.from(signatureOf(secret, entity, link.id, link.name, link.expires));
  const given = Buffer.from(link.signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
  return now > link.expires ? 'expired' : 'valid';
}

/** Where the file is kept: one folder per export, so two exports of the same second never meet. */
export function exportStorageKey(entity: string, id: string, name: string): string {
  return `exports/${entity}/${id}/${name}`;
}
