import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { terminalCredential } from '../db/schema';
import { isMqttRole, type MqttRole } from './topic-rights';

/** The SQL of the embedded broker's credential store (table terminal_credential). */

export type LiveCredential = {
  id: string;
  username: string;
  passwordHash: string;
  role: MqttRole;
  lockerId: string | null;
  /** One-time enrolment users: the only client id, the token's hash, and whether it is past its expiry (database clock). */
  clientId: string | null;
  registerTokenHash: string | null;
  expired: boolean;
};

export async function findLiveCredential(db: Db, username: string): Promise<LiveCredential | null> {
  const [row] = await db
    .select({
      id: terminalCredential.id,
      username: terminalCredential.username,
      passwordHash: terminalCredential.passwordHash,
      role: terminalCredential.role,
      lockerId: terminalCredential.lockerId,
      clientId: terminalCredential.clientId,
      registerTokenHash: terminalCredential.registerTokenHash,
      expired: sql<boolean>`coalesce(${terminalCredential.expiresAt} <= now(), false)`,
    })
    .from(terminalCredential)
    .where(and(eq(terminalCredential.username, username), isNull(terminalCredential.revokedAt)))
    .limit(1);
  // The column is text: a role the broker does not know lets no one in.
  if (!row) return null;
  const { role } = row;
  return isMqttRole(role) ? { ...row, role } : null;
}

/** Ids of the given credentials that are still live (the broker drops connections of the others). */
export async function liveCredentialIds(db: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: terminalCredential.id })
    .from(terminalCredential)
    .where(and(sql`${terminalCredential.id} = any(${sql.param(ids)}::uuid[])`, isNull(terminalCredential.revokedAt)));
  return new Set(rows.map((row) => row.id));
}

/** Revokes the user name's live credential and stores the new one, in one transaction. */
export async function replaceCredential(
  db: Db,
  values: {
    username: string;
    passwordHash: string;
    role: MqttRole;
    lockerId: string | null;
    clientId?: string;
    registerTokenHash?: string;
    expiresAt?: string;
  },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(terminalCredential)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(terminalCredential.username, values.username), isNull(terminalCredential.revokedAt)));
    await tx.insert(terminalCredential).values(values);
  });
}

/** Revokes every live credential of the user name; answers how many there were. */
export async function revokeCredentials(db: Db, username: string): Promise<number> {
  const rows = await db
    .update(terminalCredential)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(terminalCredential.username, username), isNull(terminalCredential.revokedAt)))
    .returning({ id: terminalCredential.id });
  return rows.length;
}
