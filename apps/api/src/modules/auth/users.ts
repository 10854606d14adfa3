import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { type AuditEntry, auditByOf, writeAudit } from '../../platform/audit';
import { principalOf, type ServiceContext } from '../../platform/context';
import type { Tx } from '../../platform/db/client';
import { entityTable } from '../../platform/db/entity-tables';
import { user } from '../../platform/db/schema';

/**
 * The data layer of the platform `user` table shared by auth and IAM: every SQL statement on users
 * outside the generic list lives here.
 */
export type UserRow = typeof user.$inferSelect;
export type UserValues = typeof user.$inferInsert;

export async function findUserById(db: Tx, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(user).where(eq(user.id, id));
  return row ?? null;
}

export async function findUsersByIds(db: Tx, ids: string[]): Promise<UserRow[]> {
  if (!ids.length) return [];
  return db
    .select()
    .from(user)
    .where(inArray(user.id, [...new Set(ids)]));
}

/** Emails are unique case-insensitively (the `user_email_key` index is on lower(email)). */
export async function findUsersByEmails(db: Tx, emails: string[]): Promise<UserRow[]> {
  if (!emails.length) return [];
  const lowered = [...new Set(emails.map((email) => email.trim().toLowerCase()))];
  return db
    .select()
    .from(user)
    .where(inArray(sql`lower(${user.email})`, lowered));
}

export async function findUserByEmail(db: Tx, email: string): Promise<UserRow | null> {
  const [row] = await findUsersByEmails(db, [email]);
  return row ?? null;
}

/** Locks the row for the rest of the transaction, so concurrent changes see each other. */
export async function lockUser(tx: Tx, id: string): Promise<UserRow | null> {
  const [row] = await tx.select().from(user).where(eq(user.id, id)).for('update');
  return row ?? null;
}

/** Locks many rows at once, in id order so two concurrent bulk changes cannot deadlock. */
export async function lockUsers(tx: Tx, ids: string[]): Promise<UserRow[]> {
  if (!ids.length) return [];
  return tx
    .select()
    .from(user)
    .where(inArray(user.id, [...new Set(ids)]))
    .orderBy(user.id)
    .for('update');
}

export async function lockUsersByEmails(tx: Tx, emails: string[]): Promise<UserRow[]> {
  if (!emails.length) return [];
  const lowered = [...new Set(emails.map((email) => email.trim().toLowerCase()))];
  return tx
    .select()
    .from(user)
    .where(inArray(sql`lower(${user.email})`, lowered))
    .orderBy(user.id)
    .for('update');
}

export async function insertUser(tx: Tx, values: UserValues): Promise<UserRow> {
  const [row] = await tx.insert(user).values(values).returning();
  if (!row) throw new Error('user not inserted');
  return row;
}

export async function updateUser(tx: Tx, id: string, values: Partial<UserValues>): Promise<UserRow> {
  const [row] = await tx
    .update(user)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(user.id, id))
    .returning();
  if (!row) throw new Error('user not updated');
  return row;
}

/**
 * The user a one-time token belongs to, locked, when the token is still valid. The caller clears
 * the hash in the same transaction, so a token works once even when two requests race.
 */
export async function lockUserByVerificationToken(tx: Tx, tokenHash: string): Promise<UserRow | null> {
  const [row] = await tx
    .select()
    .from(user)
    .where(and(eq(user.emailVerificationTokenHash, tokenHash), gt(user.emailVerificationExpiresAt, sql`now()`)))
    .for('update');
  return row ?? null;
}

export async function lockUserByPasswordResetToken(tx: Tx, tokenHash: string): Promise<UserRow | null> {
  const [row] = await tx
    .select()
    .from(user)
    .where(and(eq(user.passwordResetTokenHash, tokenHash), gt(user.passwordResetExpiresAt, sql`now()`)))
    .for('update');
  return row ?? null;
}

/** `{id, label}` of the companies among `ids`, in the order given. */
export async function companyRefs(db: Tx, ids: string[]): Promise<{ id: string; label: string }[]> {
  if (!ids.length) return [];
  const company = entityTable('company');
  const rows = (await db
    .select({ id: company.id, label: company.name })
    .from(company)
    .where(inArray(company.id, [...new Set(ids)]))) as { id: string; label: string }[];
  const byId = new Map(rows.map((row) => [row.id, row.label]));
  return ids.filter((id) => byId.has(id)).map((id) => ({ id, label: byId.get(id) ?? id }));
}

/** What the audit log keeps of a user: never the password hash or one-time token hashes. */
export function auditSnapshotOf(row: UserRow): Record<string, unknown> {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    fullName: row.fullName,
    phoneNumber: row.phoneNumber,
    avatars: row.avatars,
    roles: row.roles,
    allowedCompanies: row.allowedCompanies,
    username: row.username,
    company: row.company,
    authenticationUid: row.authenticationUid,
    useTemporaryToken: row.useTemporaryToken,
    disabled: row.disabled,
    emailVerified: row.emailVerified,
    alertDigest: row.alertDigest,
    weeklySummary: row.weeklySummary,
  };
}

/** Audits a change of a user in the caller's transaction, with snapshots free of secrets. */
export async function auditUserChange(
  tx: Tx,
  action: AuditEntry['action'],
  before: UserRow | null,
  after: UserRow,
  by: AuditEntry['by'],
): Promise<void> {
  await writeAudit(tx, {
    entityName: 'user',
    entityId: after.id,
    action,
    before: before ? auditSnapshotOf(before) : null,
    after: auditSnapshotOf(after),
    by,
  });
}

/** Who an audit row names for this context: a person, or the system or terminal by its label. */
export function auditActorOf(ctx: ServiceContext): AuditEntry['by'] {
  return auditByOf(principalOf(ctx.actor));
}
