import { and, eq, gt, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client';
import { terminalEnrolmentToken } from '../../platform/db/schema';

/** SQL of enrolment: one-time tokens (only their SHA-256 kept), their one-time broker users, a locker's enrolment time. */

export type StoredToken = {
  id: string;
  eboxId: string;
  expiresAt: string;
  usedAt: string | null;
  /** By the database's clock, the one every replica reads. */
  expired: boolean;
  config: Record<string, unknown>;
  bootstrapUsername: string | null;
  clientId: string | null;
};

export async function insertToken(
  tx: Tx,
  values: {
    eboxId: string;
    tokenHash: string;
    config: Record<string, unknown>;
    expiresAt: Date;
    createdBy: string | null;
    bootstrapUsername: string;
    clientId: string;
  },
): Promise<{ id: string; expiresAt: string }> {
  const [row] = await tx
    .insert(terminalEnrolmentToken)
    .values({ ...values, expiresAt: values.expiresAt.toISOString() })
    .returning({ id: terminalEnrolmentToken.id, expiresAt: terminalEnrolmentToken.expiresAt });
  if (!row) throw new Error('enrolment token not stored');
  return row;
}

/**
 * Ends the locker's unused tokens now: one live token per locker, and none after it is disenrolled.
 * Answers the one-time broker users of the tokens it ended, for the caller to delete.
 */
export async function expireUnusedTokens(tx: Tx, eboxId: string): Promise<string[]> {
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
    .returning({ bootstrapUsername: terminalEnrolmentToken.bootstrapUsername });
  return rows.flatMap((row) => (row.bootstrapUsername ? [row.bootstrapUsername] : []));
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
      bootstrapUsername: terminalEnrolmentToken.bootstrapUsername,
      clientId: terminalEnrolmentToken.clientId,
    })
    .from(terminalEnrolmentToken)
    .where(eq(terminalEnrolmentToken.tokenHash, tokenHash))
    .for('update');
  return row;
}

export async function markTokenUsed(tx: Tx, id: string, clientId: string): Promise<void> {
  await tx.update(terminalEnrolmentToken).set({ usedAt: sql`now()`, usedByClientId: clientId }).where(eq(terminalEnrolmentToken.id, id));
}

/**
 * One-time broker users still to delete: their token was used or has expired. Locked and skipped
 * by another replica sweeping at the same time, so each is deleted once.
 */
export async function findSpentBootstrapUsers(tx: Tx, limit: number): Promise<{ id: string; bootstrapUsername: string }[]> {
  const rows = await tx
    .select({ id: terminalEnrolmentToken.id, bootstrapUsername: terminalEnrolmentToken.bootstrapUsername })
    .from(terminalEnrolmentToken)
    .where(
      and(
        isNotNull(terminalEnrolmentToken.bootstrapUsername),
        isNull(terminalEnrolmentToken.bootstrapRemovedAt),
        or(isNotNull(terminalEnrolmentToken.usedAt), lte(terminalEnrolmentToken.expiresAt, sql`now()`)),
      ),
    )
    .orderBy(terminalEnrolmentToken.expiresAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  return rows.flatMap((row) => (row.bootstrapUsername ? [{ id: row.id, bootstrapUsername: row.bootstrapUsername }] : []));
}

/** The token's one-time broker user has been deleted from the broker. */
export async function markBootstrapUserRemoved(tx: Tx, bootstrapUsername: string): Promise<void> {
  await tx
    .update(terminalEnrolmentToken)
    .set({ bootstrapRemovedAt: sql`now()` })
    .where(and(eq(terminalEnrolmentToken.bootstrapUsername, bootstrapUsername), isNull(terminalEnrolmentToken.bootstrapRemovedAt)));
}
