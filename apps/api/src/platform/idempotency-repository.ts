import { and, eq, lt, sql } from 'drizzle-orm';
import type { Tx } from './db/client';
import { idempotencyKey } from './db/schema';

/** SQL of the idempotency keys (see ./idempotency.ts for the rules). */

export type StoredAnswer = typeof idempotencyKey.$inferSelect;

/**
 * Takes the key for this principal, or answers false when it is taken. A concurrent request holding
 * the same key makes this wait until its transaction ends: committed, the key is taken; rolled
 * back, it is ours.
 */
export async function claimKey(tx: Tx, values: { key: string; principal: string; request: string; fingerprint: string }): Promise<boolean> {
  const claimed = await tx
    .insert(idempotencyKey)
    .values({ ...values, status: 0 })
    .onConflictDoNothing({ target: [idempotencyKey.principal, idempotencyKey.key] })
    .returning({ id: idempotencyKey.id });
  return claimed.length > 0;
}

export async function findStoredAnswer(tx: Tx, principal: string, key: string): Promise<StoredAnswer | null> {
  const [row] = await tx
    .select()
    .from(idempotencyKey)
    .where(and(eq(idempotencyKey.principal, principal), eq(idempotencyKey.key, key)));
  return row ?? null;
}

export async function storeAnswer(tx: Tx, principal: string, key: string, status: number, answer: unknown): Promise<void> {
  await tx
    .update(idempotencyKey)
    .set({ status, answer: answer === undefined ? null : answer })
    .where(and(eq(idempotencyKey.principal, principal), eq(idempotencyKey.key, key)));
}

/** Forgets keys older than `days`: a client, job or locker repeats a request within minutes, not weeks. */
export async function purgeIdempotencyKeysOlderThan(tx: Tx, days: number): Promise<number> {
  const purged = await tx
    .delete(idempotencyKey)
    .where(lt(idempotencyKey.createdAt, sql`now() - make_interval(days => ${days})`))
    .returning({ id: idempotencyKey.id });
  return purged.length;
}
