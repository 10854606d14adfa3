import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { type Field, secretFieldsOf } from '@ebox/domain';

/**
 * Secrets kept at rest encrypted (a bot's WhatsApp access token, app secret and verify token):
 * AES-256-GCM with a 96-bit random nonce per value, stored as `v1.<base64url(nonce | tag | ciphertext)>`.
 * GCM's tag refuses a value changed in the database or encrypted under another key. The key is
 * SECRETS_KEY (any text; its HKDF-SHA256 is used), else derived from the JWT secret, so a console
 * without configuration still encrypts; processes sharing a database share the key as they share
 * JWT_SECRET. Changing the key makes the stored secrets unreadable: they must be typed again
 * (docs/whatsapp-bot.md).
 */

const PREFIX = 'v1.';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/** The 32-byte key from SECRETS_KEY or the JWT secret (HKDF-SHA256, its own label: a JWT key is never reused as is). */
export function secretsKeyOf(material: string): Buffer {
  return Buffer.from(hkdfSync('sha256', material, 'ebox-console', 'secrets at rest v1', 32));
}

export function encryptSecret(key: Buffer, plain: string): string {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([nonce, cipher.getAuthTag(), sealed]).toString('base64url');
}

/** The plain value, or undefined when it is not one of ours or the key does not open it. */
export function decryptSecret(key: Buffer, stored: string | null | undefined): string | undefined {
  if (!stored?.startsWith(PREFIX)) return undefined;
  const bytes = Buffer.from(stored.slice(PREFIX.length), 'base64url');
  if (bytes.length < NONCE_BYTES + TAG_BYTES) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, NONCE_BYTES));
    decipher.setAuthTag(bytes.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(NONCE_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}

export function isEncryptedSecret(value: unknown): boolean {
  return typeof value === 'string' && value.startsWith(PREFIX);
}

/**
 * An entity's write-only secrets (bot tokens, gateway accounts) sealed before they are written, in
 * place in the validated input. An edit that leaves one empty keeps the stored one: the form cannot
 * show what it would have to send back.
 */
export function sealSecretFields(
  key: Buffer,
  fields: Record<string, Field>,
  change: { before: unknown; data: Record<string, unknown> },
): void {
  for (const name of secretFieldsOf(fields)) {
    if (!(name in change.data)) continue;
    const value = change.data[name];
    if (value === null || value === undefined || value === '') {
      if (change.before) delete change.data[name];
      continue;
    }
    change.data[name] = encryptSecret(key, String(value));
  }
}
