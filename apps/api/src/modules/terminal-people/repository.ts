import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client';
import { terminalPersonCredential, terminalPersonSession, terminalSignInRefusal } from '../../platform/db/terminal-people-schema';

/** The SQL of the people at a locker's screen (service.ts holds the rules). */

export async function findCredential(tx: Tx, userId: string) {
  const [row] = await tx.select().from(terminalPersonCredential).where(eq(terminalPersonCredential.userId, userId));
  return row ?? null;
}

/** Stores a person's credentials; a new PIN or QR secret voids the ones before. */
export async function storeCredential(tx: Tx, userId: string, values: { pinHash?: string | null; qrSecret: string }): Promise<void> {
  const now = new Date().toISOString();
  await tx
    .insert(terminalPersonCredential)
    .values({ userId, pinHash: values.pinHash ?? null, qrSecret: values.qrSecret, updatedAt: now })
    .onConflictDoUpdate({
      target: terminalPersonCredential.userId,
      set: { ...(values.pinHash !== undefined ? { pinHash: values.pinHash } : {}), qrSecret: values.qrSecret, updatedAt: now },
    });
}

/** Failed sign-ins since `since`: naming this person (anywhere), and at this locker (anyone). */
export async function countFailures(tx: Tx, userKey: string, eboxId: string, since: Date) {
  const { rows } = await tx.execute<{ by_user: number; by_locker: number; oldest_user: string | null; oldest_locker: string | null }>(sql`
    select count(*) filter (where user_key = ${userKey})::int as by_user,
           count(*) filter (where ebox_id = ${eboxId})::int as by_locker,
           min(at) filter (where user_key = ${userKey}) as oldest_user,
           min(at) filter (where ebox_id = ${eboxId}) as oldest_locker
      from terminal_sign_in_refusal
     where at > ${since.toISOString()} and reason <> 'throttled' and (user_key = ${userKey} or ebox_id = ${eboxId})`);
  const row = rows[0];
  return {
    byUser: Number(row?.by_user ?? 0),
    byLocker: Number(row?.by_locker ?? 0),
    oldestUser: row?.oldest_user ? new Date(row.oldest_user) : null,
    oldestLocker: row?.oldest_locker ? new Date(row.oldest_locker) : null,
  };
}

export async function insertRefusal(
  tx: Tx,
  refusal: { eboxId: string; userId: string | null; userKey: string; method: string; reason: string },
): Promise<void> {
  await tx.insert(terminalSignInRefusal).values(refusal);
}

export async function insertSession(
  tx: Tx,
  session: { userId: string; eboxId: string; permissions: string[]; method: string; expiresAt: Date },
): Promise<string> {
  const [row] = await tx
    .insert(terminalPersonSession)
    .values({ ...session, expiresAt: session.expiresAt.toISOString() })
    .returning({ id: terminalPersonSession.id });
  if (!row) throw new Error('terminal session not stored');
  return row.id;
}

/** A live session of this locker (not ended, not expired), or null. */
export async function findLiveSession(tx: Tx, id: string, eboxId: string, now: Date) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const [row] = await tx
    .select()
    .from(terminalPersonSession)
    .where(
      and(
        eq(terminalPersonSession.id, id),
        eq(terminalPersonSession.eboxId, eboxId),
        isNull(terminalPersonSession.endedAt),
        gt(terminalPersonSession.expiresAt, now.toISOString()),
      ),
    );
  return row ?? null;
}

export async function endSession(tx: Tx, id: string, at: Date): Promise<void> {
  await tx.update(terminalPersonSession).set({ endedAt: at.toISOString() }).where(eq(terminalPersonSession.id, id));
}

/** A compartment of a locker with its status, locked for the change. */
export async function findCompartmentForUpdate(tx: Tx, eboxId: string, number: number) {
  const { rows } = await tx.execute<{ id: string; status: string | null; number: number }>(
    sql`select id, status, number from compartiment where ebox_id = ${eboxId} and number = ${number} limit 1 for update`,
  );
  return rows[0] ?? null;
}

/** A compartment put out of use (DAMAGE) or back (AVAILABLE) by a person at the locker. */
export async function updateCompartmentStatus(tx: Tx, id: string, status: string, userId: string): Promise<void> {
  await tx.execute(sql`update compartiment set status = ${status}, updated_by_id = ${userId}, updated_at = now() where id = ${id}`);
}
