import type { Field } from '@ebox/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { CompanyScope } from '../platform/access';
import type { Tx } from '../platform/db/client';
import { type LabelJoin, labels } from './labels';
import { type ListQuery, orderByClause } from './list-query';
import { listWhere, type Resource } from './repository';

/**
 * The SQL of a kit export: the list's rows (same filters, sort and company scope as GET /{entity})
 * with one column per exported field, already as the file shows it, so the API only formats text:
 * a relation as the label of the related record, joined (within the caller's scope, the id
 * otherwise, as the list presents it), a date as the milliseconds of its wall clock in the export's time zone.
 * Everything else is read as stored; the export's column converters word booleans and enumerations.
 */

const SYSTEM_DATES = new Set(['createdAt', 'updatedAt']);

function exportValueOf(
  resource: Resource,
  name: string,
  scope: CompanyScope,
  timeZone: string,
  query: ListQuery,
  join: (entityName: string, foreignKey: PgColumn) => LabelJoin,
): SQL {
  const column = resource.columns[name];
  if (!column) return sql`NULL`;
  const field: Field | undefined = resource.entity.fields[name];
  if (field?.type === 'relation') {
    if (field.multiple) return labels.labelListSubquery(field.entity, column, scope, query.language);
    return sql`coalesce(${join(field.entity, column).label}, ${column}::text)`;
  }
  if (field?.type === 'dateTime' || (!field && SYSTEM_DATES.has(name))) {
    // A timestamp AT TIME ZONE is the local wall clock; its epoch counts that wall clock as if UTC.
    return sql`(extract(epoch from ${column} AT TIME ZONE ${timeZone}) * 1000)::float8`;
  }
  return sql`${column}`;
}

export function exportSelect(db: Tx, resource: Resource, query: ListQuery, scope: CompanyScope, fields: string[], timeZone: string) {
  const joins: LabelJoin[] = [];
  const join = (entityName: string, foreignKey: PgColumn) => {
    const labelJoin = labels.labelJoin(entityName, foreignKey, scope, query.language, `export_label_${joins.length}`);
    joins.push(labelJoin);
    return labelJoin;
  };
  // Keyed by position: the cursor reads arrays, and a field asked twice is two columns.
  const selection: Record<string, SQL> = {};
  fields.forEach((name, index) => {
    selection[`c${index}`] = exportValueOf(resource, name, scope, timeZone, query, join);
  });
  let statement = db.select(selection).from(resource.table).$dynamic();
  for (const { table, on } of joins) statement = statement.leftJoin(table, on);
  return statement
    .where(listWhere(resource, query, scope))
    .orderBy(...orderByClause(resource.entity, resource.columns, query.orderBy, labels, scope, query.language));
}
