import { createHmac, randomBytes } from 'node:crypto';

/**
 * Standard Webhooks 1.0 signing: a secret is `whsec_` followed by the base64 of its key bytes, and a
 * delivery's `webhook-signature` is `v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">`, one per
 * valid secret separated by spaces (a receiver accepts the delivery when any of them verifies).
 */

const SECRET_PREFIX = 'whsec_';

/** A new signing secret: 32 random bytes (the specification asks for 24 to 64). */
export function createWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

function keyOf(secret: string): Buffer {
  return Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
}

/** The `webhook-signature` header of one attempt, signed with each of `secrets`. */
export function signWebhook(secrets: readonly string[], id: string, timestampSeconds: number, body: string): string {
  return secrets
    .map((secret) => `v1,${createHmac('sha256', keyOf(secret)).update(`${id}.${timestampSeconds}.${body}`).digest('base64')}`)
    .join(' ');
}
