import { ENTITIES, type EntityDeclaration } from '@ebox/domain';
import { and, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { CompanyScope } from '../platform/access';
import { entityTable } from '../platform/db/entity-tables';

/**
 * Company scope in the data layer (spec 5.5): a user limited to allowed companies sees only rows of
 * those companies. `null` companyIds means no limit.
 */
export function scopeCondition(entity: EntityDeclaration, columns: Record<string, PgColumn>, scope: CompanyScope): SQL | undefined {
  if (!scope.companyIds) return undefined;
  const ids = scope.companyIds;
  switch (entity.scope.kind) {
    case 'company': {
      const column = columns[entity.scope.field];
      if (!column) throw new Error(`scope field ${entity.scope.field} missing on ${entity.name}`);
      if (!ids.length) return sql`false`;
      if (entity.scope.lockerGroups) return lockerGroupCondition(columns.id, column, ids);
      const operated = operatedCondition(entity, columns, scope);
      return operated ? or(inArray(column, ids), operated) : inArray(column, ids);
    }
    case 'through': {
      // Visible exactly when the record it belongs to is (a compartment through its locker).
      const column = columns[entity.scope.field];
      const target = ENTITIES[entity.scope.entity];
      if (!column || !target) throw new Error(`scope ${entity.scope.field} -> ${entity.scope.entity} missing on ${entity.name}`);
      const table = entityTable(target.name);
      return sql`${column} IN (SELECT ${table.id} FROM ${table} WHERE ${scopeCondition(target, table, scope) ?? sql`true`})`;
    }
    case 'self':
      return ids.length ? inArray(columns.id, ids) : sql`false`;
    case 'companyGroup': {
      const company = entityTable('company');
      return ids.length
        ? sql`${columns.id} IN (SELECT ${company.group} FROM ${company} WHERE ${inArray(company.id, ids)} AND ${company.group} IS NOT NULL)`
        : sql`false`;
    }
    default:
      return undefined;
  }
}

/** The records the caller's distribution companies operate (an order its carrier), when the entity has such a field. */
function operatedCondition(entity: EntityDeclaration, columns: Record<string, PgColumn>, scope: CompanyScope): SQL | undefined {
  if (entity.scope.kind !== 'company' || !entity.scope.operatedBy || !scope.operatorIds?.length) return undefined;
  const column = columns[entity.scope.operatedBy];
  if (!column) throw new Error(`operatedBy field ${entity.scope.operatedBy} missing on ${entity.name}`);
  return inArray(column, [...scope.operatorIds]);
}

/**
 * Lockers a scoped caller sees (docs/decisions.md, "Locker scope"): for each of their companies,
 * the lockers of the group the company is limited to (company.group), or, when it has none, the
 * lockers of that company.
 */
function lockerGroupCondition(id: PgColumn, companyColumn: PgColumn, ids: string[]): SQL {
  const company = entityTable('company');
  const group = entityTable('group');
  return sql`(${companyColumn} IN (SELECT ${company.id} FROM ${company} WHERE ${inArray(company.id, ids)} AND ${company.group} IS NULL)
    OR ${id} IN (SELECT unnest(${group.ebox}) FROM ${group} WHERE ${group.id} IN (SELECT ${company.group} FROM ${company} WHERE ${inArray(company.id, ids)})))`;
}

/** The company a record belongs to, for checks on writes (undefined when the entity is not scoped). */
export function companyOfRecord(entity: EntityDeclaration, record: Record<string, unknown>): string | null | undefined {
  if (entity.scope.kind === 'company') return idOf(record[entity.scope.field]);
  if (entity.scope.kind === 'self') return typeof record.id === 'string' ? record.id : null;
  return undefined;
}

/** `ids` as a PostgreSQL uuid[] literal built from bound parameters. */
export function uuidArray(ids: string[]): SQL {
  return sql`ARRAY[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::uuid[]`;
}

/** Whether a record of `companyId` is the caller's own to write (a company's, never only operated). */
export function isInScope(scope: CompanyScope, companyId: string | null | undefined): boolean {
  if (!scope.companyIds || companyId === undefined) return true;
  return companyId !== null && scope.companyIds.includes(companyId);
}

/** Whether the caller sees `record` of a company-scoped entity: its company's, or operated by theirs. */
export function isOperatedInScope(entity: EntityDeclaration, scope: CompanyScope, record: Record<string, unknown>): boolean {
  if (isInScope(scope, companyOfRecord(entity, record))) return true;
  if (entity.scope.kind !== 'company' || !entity.scope.operatedBy || !scope.operatorIds?.length) return false;
  const operator = idOf(record[entity.scope.operatedBy]);
  return operator !== null && scope.operatorIds.includes(operator);
}

function idOf(value: unknown): string | null {
  if (value && typeof value === 'object' && 'id' in value) return String(value.id);
  return typeof value === 'string' ? value : null;
}

/**
 * `ids` of `entityName` narrowed to the records the caller may see, as a uuid[] expression; undefined
 * when the caller has no limit or the entity is not company-scoped (every id stays).
 */
export function visibleIdsOf(scope: CompanyScope) {
  return (entityName: string, ids: string[]): SQL | undefined => {
    const target = ENTITIES[entityName];
    if (!target || !scope.companyIds) return undefined;
    const table = entityTable(entityName);
    const condition = scopeCondition(target, table, scope);
    if (!condition) return undefined;
    const id = table.id;
    return sql`ARRAY(SELECT ${id} FROM ${table} WHERE ${and(inArray(id, ids), condition)})`;
  };
}
