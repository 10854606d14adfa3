import type { EntityDeclaration } from '@ebox/domain';
import { and, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { CompanyScope } from '../platform/access';
import type { Tx } from '../platform/db/client';
import { entityTable } from '../platform/db/entity-tables';
import { labels } from './labels';
import { DEFAULT_LIMIT, filterConditions, type ListQuery, orderByClause } from './list-query';
import { scopeCondition, visibleIdsOf } from './scope';

/**
 * The data layer of the kit: every SQL statement of the generic resource lives here. It works on
 * any table whose column keys match a declaration's field names, so IAM (platform user table) and
 * the audit log reuse it with their own declarations.
 */
export type Resource = { entity: EntityDeclaration; table: PgTable; columns: Record<string, PgColumn> };
export type Row = Record<string, unknown> & { id: string };

export function resourceOf(entity: EntityDeclaration, table: PgTable = entityTable(entity.name) as unknown as PgTable): Resource {
  return { entity, table, columns: table as unknown as Record<string, PgColumn> };
}

/** Raw cursor rows carry database column names; map them back to field names and JS values. */
export function rowFromDriver(resource: Resource, raw: Record<string, unknown>): Row {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(resource.columns) as [string, PgColumn][]) {
    const name = (column as unknown as { name?: string }).name;
    if (!name || !(name in raw)) continue;
    const value = raw[name];
    row[key] = value === null || value === undefined || value instanceof Date ? value : column.mapFromDriverValue(value);
  }
  return row as Row;
}

function idColumn(resource: Resource): PgColumn {
  return resource.columns.id as PgColumn;
}

/** The SELECT list: declared fields and system columns (never secrets like password hashes). */
function selection(resource: Resource): Record<string, PgColumn> {
  const names = ['id', ...Object.keys(resource.entity.fields), 'createdAt', 'updatedAt'];
  const result: Record<string, PgColumn> = {};
  for (const name of names) {
    const column = resource.columns[name];
    if (column) result[name] = column;
  }
  return result;
}

export function listWhere(resource: Resource, query: Pick<ListQuery, 'filter'>, scope: CompanyScope, extra: SQL[] = []): SQL | undefined {
  return and(
    scopeCondition(resource.entity, resource.columns, scope),
    ...filterConditions(resource.entity, resource.columns, query.filter, visibleIdsOf(scope)),
    ...extra,
  );
}

export function listSelect(db: Tx, resource: Resource, query: ListQuery, scope: CompanyScope, extra: SQL[] = []) {
  const where = listWhere(resource, query, scope, extra);
  const order = orderByClause(resource.entity, resource.columns, query.orderBy, labels, scope);
  return db
    .select(selection(resource))
    .from(resource.table)
    .where(where)
    .orderBy(...order);
}

export async function listRows(
  db: Tx,
  resource: Resource,
  query: ListQuery,
  scope: CompanyScope,
  extra: SQL[] = [],
): Promise<{ rows: Row[]; count: number }> {
  const limit = query.limit || DEFAULT_LIMIT;
  const offset = query.offset ?? 0;
  const where = listWhere(resource, query, scope, extra);
  const [rows, total] = await Promise.all([
    listSelect(db, resource, query, scope, extra).limit(limit).offset(offset),
    db.select({ count: count() }).from(resource.table).where(where),
  ]);
  return { rows: rows as Row[], count: Number(total[0]?.count ?? 0) };
}

export async function findRow(db: Tx, resource: Resource, id: string): Promise<Row | null> {
  const [row] = await db
    .select(selection(resource))
    .from(resource.table)
    .where(eq(idColumn(resource), id));
  return (row as Row | undefined) ?? null;
}

/**
 * The rows among `ids` the caller may see. With `lock`, they are locked (`FOR UPDATE`) until the
 * transaction ends, in id order so two changes of the same rows never deadlock: a change reads its
 * `before` only once nobody else is changing the row, so the audit's before is what it replaced.
 */
export async function findRowsInScope(
  db: Tx,
  resource: Resource,
  ids: string[],
  scope: CompanyScope,
  options: { lock?: boolean } = {},
): Promise<Row[]> {
  if (!ids.length) return [];
  const query = db
    .select(selection(resource))
    .from(resource.table)
    .where(and(inArray(idColumn(resource), [...new Set(ids)]), scopeCondition(resource.entity, resource.columns, scope)))
    .orderBy(idColumn(resource));
  return (options.lock ? await query.for('update') : await query) as Row[];
}

export async function insertRow(tx: Tx, resource: Resource, values: Record<string, unknown>): Promise<Row> {
  const [row] = await tx
    .insert(resource.table)
    .values(values as never)
    .returning(selection(resource));
  return row as Row;
}

export async function updateRow(tx: Tx, resource: Resource, id: string, values: Record<string, unknown>): Promise<Row> {
  const [row] = await tx
    .update(resource.table)
    .set({ ...values, updatedAt: sql`now()` } as never)
    .where(eq(idColumn(resource), id))
    .returning(selection(resource));
  return row as Row;
}

export async function deleteRows(tx: Tx, resource: Resource, ids: string[]): Promise<number> {
  if (!ids.length) return 0;
  const deleted = await tx
    .delete(resource.table)
    .where(inArray(idColumn(resource), ids))
    .returning({ id: idColumn(resource) });
  return deleted.length;
}

export async function isImportHashUsed(db: Tx, resource: Resource, importHash: string): Promise<boolean> {
  const column = resource.columns.importHash;
  if (!column) return false;
  const [row] = await db
    .select({ id: idColumn(resource) })
    .from(resource.table)
    .where(eq(column, importHash))
    .limit(1);
  return Boolean(row);
}

export async function autocompleteRows(
  db: Tx,
  resource: Resource,
  query: string | undefined,
  limit: number,
  scope: CompanyScope,
): Promise<{ id: string; label: string }[]> {
  const label = sql<string>`${resource.columns[resource.entity.labelField]}::text`;
  const text = query?.trim();
  const search = text
    ? sql`(${label} ILIKE ${`%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} OR ${idColumn(resource)}::text = ${text})`
    : undefined;
  const rows = await db
    .select({ id: idColumn(resource), label })
    .from(resource.table)
    .where(and(scopeCondition(resource.entity, resource.columns, scope), search))
    .orderBy(sql`${label} ASC`)
    .limit(limit);
  return rows as { id: string; label: string }[];
}

/** Ids among `ids` that exist in `resource` (and, when a scope is given, that the caller may see). */
export async function existingIds(db: Tx, resource: Resource, ids: string[], scope?: CompanyScope): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = (await db
    .select({ id: idColumn(resource) })
    .from(resource.table)
    .where(
      and(inArray(idColumn(resource), [...new Set(ids)]), scope ? scopeCondition(resource.entity, resource.columns, scope) : undefined),
    )) as { id: string }[];
  return new Set(rows.map((r) => r.id));
}
