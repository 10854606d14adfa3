import { stringsOf, textOf, type UserStatus, userEntity } from '@ebox/domain';
import { and, asc, desc, eq, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { ListQuery } from '../../kit/list-query';
import { listRows, listSelect, resourceOf, rowsOf } from '../../kit/repository';
import type { Tx } from '../../platform/db/client';
import { entityTable } from '../../platform/db/entity-tables';
import { auditLog, user } from '../../platform/db/schema';

/**
 * SQL of IAM. The user list and export go through the kit's list engine (the user declaration's
 * filters and sorting over the platform `user` table); what the kit cannot express (status, the
 * caller's company scope, the role tree) is added here as extra conditions.
 */
/**
 * A user's status as SQL: `disabled`, `invited` (enabled, no password yet) or `enabled`. It is no
 * column, so the resource carries it as an expression under the field's name: the kit then sorts
 * it as every enum, by the translated word the list shows ("Ativo", "Convite pendente").
 */
const statusExpression = sql`(CASE WHEN ${user.disabled} THEN 'disabled' WHEN ${user.passwordHash} IS NULL THEN 'invited' ELSE 'enabled' END)`;

const plainUserResource = resourceOf(userEntity, user);
// The kit types a resource's columns as table columns; it reads `status` only to sort (as SQL text),
// so an expression stands where drizzle's types want a column: the one cast this file needs.
export const userResource = {
  ...plainUserResource,
  columns: { ...plainUserResource.columns, status: statusExpression as unknown as PgColumn },
};

const NO_SCOPE = { companyIds: null };

/** Users sharing at least one company with a caller limited to `companyIds`. */
export function sharesCompanyCondition(companyIds: string[]): SQL {
  if (!companyIds.length) return sql`false`;
  return sql`${user.allowedCompanies} && ARRAY[${sql.join(
    companyIds.map((id) => sql`${id}`),
    sql`, `,
  )}]::uuid[]`;
}

/**
 * Users in any of these statuses: `disabled`, `enabled` (may sign in) or `invited` (enabled, no
 * password set yet: the invitation is pending).
 */
export function statusCondition(statuses: string[]): SQL | undefined {
  const conditions = [...new Set(statuses)].map((status) => {
    if (status === 'disabled') return eq(user.disabled, true);
    if (status === 'invited') return and(eq(user.disabled, false), isNull(user.passwordHash));
    return and(eq(user.disabled, false), isNotNull(user.passwordHash));
  });
  return conditions.length ? or(...conditions) : undefined;
}

/** The ids among `ids` of users who never set a password (their invitation is pending). */
export async function idsWithoutPassword(db: Tx, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: user.id })
    .from(user)
    .where(and(inArray(user.id, [...new Set(ids)]), isNull(user.passwordHash)));
  return new Set(rows.map((row) => row.id));
}

export function listUsers(db: Tx, query: ListQuery, extra: SQL[]) {
  return listRows(db, userResource, query, NO_SCOPE, extra);
}

/** The list query as SQL text, for the export's server-side cursor. */
export function userListSql(db: Tx, query: ListQuery, extra: SQL[]): { sql: string; params: unknown[] } {
  const built = listSelect(db, userResource, query, NO_SCOPE, extra).toSQL();
  return { sql: built.sql, params: built.params };
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export async function autocompleteUsers(db: Tx, text: string | undefined, limit: number, extra: SQL[]) {
  const search = text?.trim();
  const pattern = search ? `%${escapeLike(search)}%` : undefined;
  return db
    .select({ id: user.id, email: user.email, firstName: user.firstName, fullName: user.fullName })
    .from(user)
    .where(
      and(
        pattern
          ? or(sql`${user.email} ILIKE ${pattern}`, sql`${user.fullName} ILIKE ${pattern}`, sql`${user.id}::text = ${search}`)
          : undefined,
        ...extra,
      ),
    )
    .orderBy(asc(sql`lower(${user.email})`))
    .limit(limit);
}

export type RoleRow = { id: string; name: string; description: string | null; permissions: string[] };

const roleTable = () => entityTable('role');

export async function findRolesByIds(db: Tx, ids: string[]): Promise<RoleRow[]> {
  if (!ids.length) return [];
  const role = roleTable();
  const rows = await db
    .select({ id: role.id, name: role.name, description: role.description, permissions: role.permissions })
    .from(role)
    .where(inArray(role.id, [...new Set(ids)]));
  return rowsOf(rows).map((row) => ({
    id: row.id,
    // A role's name is required: every row has one.
    name: textOf(row.name) ?? '',
    description: textOf(row.description),
    permissions: stringsOf(row.permissions),
  }));
}

export async function findRoleIdByName(db: Tx, name: string): Promise<string | null> {
  const role = roleTable();
  const [row] = rowsOf(await db.select({ id: role.id }).from(role).where(sql`lower(${role.name}) = lower(${name})`));
  return row?.id ?? null;
}

/** Roles matching `filter` (an id, or part of the name), each with the users holding it. */
export async function listRolesWithUsers(
  db: Tx,
  options: { roleFilter?: string; byId: boolean; descending: boolean; userConditions: SQL[] },
) {
  const role = roleTable();
  const filter = options.roleFilter?.trim();
  const rows = await db
    .select({ id: role.id, name: role.name, description: role.description })
    .from(role)
    .where(filter ? (options.byId ? eq(role.id, filter) : sql`${role.name} ILIKE ${`%${escapeLike(filter)}%`}`) : undefined)
    .orderBy(options.descending ? desc(role.name) : asc(role.name), asc(role.id));
  const roles = rowsOf(rows).map((row) => ({ id: row.id, name: textOf(row.name) ?? '', description: textOf(row.description) }));
  if (!roles.length) return [];
  const roleIds = roles.map((r) => r.id);
  const holders = await db
    .select({
      id: user.id,
      email: user.email,
      fullName: user.fullName,
      disabled: user.disabled,
      status: sql<UserStatus>`${statusExpression}`,
      roles: user.roles,
    })
    .from(user)
    .where(
      and(
        sql`${user.roles} && ARRAY[${sql.join(
          roleIds.map((id) => sql`${id}`),
          sql`, `,
        )}]::uuid[]`,
        ...options.userConditions,
      ),
    )
    .orderBy(asc(sql`lower(${user.email})`));
  return roles.map((r) => ({
    role: r,
    users: holders.filter((holder) => holder.roles.includes(r.id)).map(({ roles: _roles, ...holder }) => holder),
  }));
}

export async function existingCompanyIds(db: Tx, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const company = entityTable('company');
  const rows = rowsOf(
    await db
      .select({ id: company.id })
      .from(company)
      .where(inArray(company.id, [...new Set(ids)])),
  );
  return new Set(rows.map((row) => row.id));
}

/** The user holding this username, whatever its case (the unique index `user_username_key`). */
export async function findUserIdByUsername(db: Tx, username: string): Promise<string | null> {
  const [row] = await db.select({ id: user.id }).from(user).where(sql`lower(${user.username}) = lower(${username})`).limit(1);
  return row?.id ?? null;
}

export async function isUserImportHashUsed(db: Tx, importHash: string): Promise<boolean> {
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.importHash, importHash)).limit(1);
  return Boolean(row);
}

/** Users reached at these addresses or phone numbers, with what decides who may manage them. */
export async function findUsersByContacts(db: Tx, emails: string[], phoneNumbers: string[]) {
  const lowered = [...new Set(emails.map((email) => email.toLowerCase()))];
  const phones = [...new Set(phoneNumbers)];
  if (!lowered.length && !phones.length) return [];
  return db
    .select({ email: user.email, phoneNumber: user.phoneNumber, roles: user.roles, allowedCompanies: user.allowedCompanies })
    .from(user)
    .where(
      or(
        lowered.length ? inArray(sql`lower(${user.email})`, lowered) : undefined,
        phones.length ? inArray(user.phoneNumber, phones) : undefined,
      ),
    );
}

/** When an action was last audited on a user (the invitation resend's rate limit reads it). */
export async function lastAuditedAt(db: Tx, userId: string, action: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<string>`max(${auditLog.timestamp})` })
    .from(auditLog)
    .where(and(eq(auditLog.entityName, 'user'), eq(auditLog.entityId, userId), eq(auditLog.action, action)));
  return row?.at ? new Date(row.at) : null;
}
