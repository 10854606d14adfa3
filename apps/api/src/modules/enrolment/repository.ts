import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client';
import { terminalEnrolmentToken } from '../../platform/db/schema';

/** SQL of enrolment: one-time tokens (only their SHA-256 kept) and a locker's enrolment time. */

export type StoredToken = {
  id: string;
  eboxId: string;
  expiresAt: string;
  usedAt: string | null;
  /** By the database's clock, the one every replica reads. */
  expired: boolean;
  config: Record<string, unknown>;
};

export async function insertToken(
  tx: Tx,
  values: { eboxId: string; tokenHash: string; config: Record<string, unknown>; expiresAt: Date; createdBy: string | null },
): Promise<{ id: string; expiresAt: string }> {
  const [row] = await tx
    .insert(terminalEnrolmentToken)
    .values({ ...values, expiresAt: values.expiresAt.toISOString() })
    .returning({ id: terminalEnrolmentToken.id, expiresAt: terminalEnrolmentToken.expiresAt });
  if (!row) throw new Error('enrolment token not stored');
  return row;
}

/** Ends the locker's unused tokens now: one live token per locker, and none after it is disenrolled. */
export async function expireUnusedTokens(tx: Tx, eboxId: string): Promise<number> {
  const rows = await tx
    .update(terminalEnrolmentToken)
    .set({ expiresAt: sql`now()` })
    .where(
      and(
        eq(terminalEnrolmentToken.eboxId, eboxId),
        isNull(terminalEnrolmentToken.usedAt),
        gt(terminalEnrolmentToken.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: terminalEnrolmentToken.id });
  return rows.length;
}

/**
 * The token with this hash, locked for the rest of the transaction: two registrations with the
 * same token (two replicas, a repeated message) are decided one after the other, so one wins.
 */
export async function findTokenForUpdate(tx: Tx, tokenHash: string): Promise<StoredToken | undefined> {
  const [row] = await tx
    .select({
      id: terminalEnrolmentToken.id,
      eboxId: terminalEnrolmentToken.eboxId,
      expiresAt: terminalEnrolmentToken.expiresAt,
      usedAt: terminalEnrolmentToken.usedAt,
      expired: sql<boolean>`${terminalEnrolmentToken.expiresAt} <= now()`,
      config: terminalEnrolmentToken.config,
    })
    .from(terminalEnrolmentToken)
    .where(eq(terminalEnrolmentToken.tokenHash, tokenHash))
    .for('update');
  return row;
}

export async function markTokenUsed(tx: Tx, id: string, clientId: string): Promise<void> {
  await tx.update(terminalEnrolmentToken).set({ usedAt: sql`now()`, usedByClientId: clientId }).where(eq(terminalEnrolmentToken.id, id));
}
