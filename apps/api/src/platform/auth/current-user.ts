import { type Permission, permissionsOfRole } from '@ebox/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../db/client';
import { entityTable } from '../db/entity-tables';
import { user } from '../db/schema';

/** The caller as every request sees it: loaded fresh, so role and status changes apply at once. */
export type CurrentUser = {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  fullName: string | null;
  phoneNumber: string | null;
  avatars: unknown[];
  emailVerified: boolean;
  disabled: boolean;
  tokenVersion: number;
  roles: { id: string; name: string }[];
  permissions: Permission[];
  /** Empty means every company. */
  allowedCompanyIds: string[];
  /** The `distributionLogistic` companies among the allowed ones (docs/decisions.md, "Operated orders"). */
  operatorCompanyIds: string[];
  /** The dashboard's mails the user asked for (issue 28). */
  alertDigest: boolean;
  weeklySummary: boolean;
  /** Spec 3: the console keeps the session in memory only. */
  useTemporaryToken: boolean;
  createdAt: string;
  updatedAt: string;
};

/** The role table is built from its declaration, so its columns are not typed: its rows are checked. */
const roleRows = z.array(z.object({ id: z.string(), name: z.string(), permissions: z.array(z.string()).nullable() }));

export async function loadCurrentUser(db: Tx, id: string): Promise<CurrentUser | null> {
  const [row] = await db.select().from(user).where(eq(user.id, id));
  if (!row) return null;
  const roleTable = entityTable('role');
  const roles = row.roles.length
    ? roleRows.parse(
        await db
          .select({ id: roleTable.id, name: roleTable.name, permissions: roleTable.permissions })
          .from(roleTable)
          .where(inArray(roleTable.id, row.roles)),
      )
    : [];
  const permissions = new Set<Permission>();
  for (const role of roles) for (const p of permissionsOfRole(role)) permissions.add(p);
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    fullName: row.fullName,
    phoneNumber: row.phoneNumber,
    avatars: Array.isArray(row.avatars) ? row.avatars : [],
    emailVerified: row.emailVerified,
    disabled: row.disabled,
    tokenVersion: row.tokenVersion,
    roles: roles.map(({ id: roleId, name }) => ({ id: roleId, name })),
    permissions: [...permissions],
    allowedCompanyIds: row.allowedCompanies,
    operatorCompanyIds: await distributionCompaniesAmong(db, row.allowedCompanies),
    alertDigest: row.alertDigest,
    weeklySummary: row.weeklySummary,
    useTemporaryToken: row.useTemporaryToken,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

async function distributionCompaniesAmong(db: Tx, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const company = entityTable('company');
  const rows = await db
    .select({ id: company.id })
    .from(company)
    .where(and(inArray(company.id, ids), eq(company.distributionLogistic, true)));
  return rows.map((r) => String(r.id));
}

export async function findUserByEmail(db: Tx, email: string) {
  const [row] = await db
    .select()
    .from(user)
    .where(and(sql`lower(${user.email}) = lower(${email.trim()})`));
  return row ?? null;
}
