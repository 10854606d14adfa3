import { createHash } from 'node:crypto';
import { principalOf, type TxContext } from './context';
import { badRequest, conflict } from './errors';
import { claimKey, findStoredAnswer, storeAnswer } from './idempotency-repository';

/**
 * Idempotency keys (the import hash, generalised): a caller that may repeat a request (a locker on
 * a flaky link, a job retried, a browser resubmitting) sends a key with it. The first answer is
 * stored with the change, in its transaction; a repeat with the same key and the same body gets
 * that answer and changes nothing; the same key with another body or operation is refused (409),
 * since answering it with the first answer would hide that the second request was never run.
 * Keys belong to their principal: one user's key never answers another's request.
 */

/** What a service call takes from a caller that may repeat it. */
export type IdempotencyOptions = { idempotencyKey?: string | null };

const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

/** A key as a caller sent it (the Idempotency-Key header), refused when it cannot be one. */
export function checkedIdempotencyKey(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || !KEY_PATTERN.test(value)) throw badRequest('errors.idempotencyKeyInvalid');
  return value;
}

/** JSON with object keys sorted, so the same body always has the same fingerprint. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export function fingerprintOf(body: unknown): string {
  return createHash('sha256').update(canonicalJson(body)).digest('hex');
}

/**
 * Runs `work` once per key: call it inside the change's transaction. `request` names the operation
 * (`PUT /customer/<id>`), `body` what it was asked to do.
 */
export async function idempotent<T>(
  ctx: TxContext,
  call: { key: string | null | undefined; request: string; body: unknown },
  work: () => Promise<T>,
): Promise<T> {
  const key = call.key ? checkedIdempotencyKey(call.key) : null;
  if (!key) return work();
  const { userId, label } = principalOf(ctx.actor);
  const principal = userId ?? label;
  const fingerprint = fingerprintOf(call.body);
  if (await claimKey(ctx.tx, { key, principal, request: call.request, fingerprint })) {
    const answer = await work();
    await storeAnswer(ctx.tx, principal, key, 200, answer);
    return answer;
  }
  const stored = await findStoredAnswer(ctx.tx, principal, key);
  if (!stored || stored.request !== call.request || stored.fingerprint !== fingerprint) throw conflict('errors.idempotencyKeyReused');
  // The answer `work` gave the first time, as stored (JSON): the same T for the same request.
  return stored.answer as T;
}
