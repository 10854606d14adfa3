import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client';
import { entityTable } from '../../platform/db/entity-tables';
import { user } from '../../platform/db/schema';

export type OperatorCandidate = { id: string; allowedCompanies: string[]; roles: { name: string }[] };

/** A user with the companies they may see and their roles' names, or null when unknown. */
export async function findOperatorCandidate(db: Tx, id: string): Promise<OperatorCandidate | null> {
  const [row] = await db
    .select({ id: user.id, allowedCompanies: user.allowedCompanies, roles: user.roles })
    .from(user)
    .where(eq(user.id, id));
  if (!row) return null;
  const role = entityTable('role');
  const roles = row.roles.length ? await db.select({ name: role.name }).from(role).where(inArray(role.id, row.roles)) : [];
  return {
    id: row.id,
    allowedCompanies: row.allowedCompanies,
    roles: roles.map((r) => ({ name: String(r.name ?? '') })),
  };
}
