import { ENTITIES } from '@ebox/domain';
import { inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../platform/db/client';
import { entityTable } from '../platform/db/entity-tables';
import { user } from '../platform/db/schema';

/**
 * Where the label of a related record comes from: a declared entity's labelField, or, for the
 * platform's user table, the full name falling back to the email.
 */
export type LabelSource = {
  labelSubquery(entityName: string, foreignKey: PgColumn): SQL;
  labelsOf(db: Tx, entityName: string, ids: string[]): Promise<Map<string, string>>;
};

function targetOf(entityName: string): { table: PgTable; id: PgColumn; label: SQL } {
  if (entityName === 'user') return { table: user, id: user.id, label: sql`coalesce(${user.fullName}, ${user.email})` };
  const entity = ENTITIES[entityName];
  if (!entity) throw new Error(`unknown relation target ${entityName}`);
  const table = entityTable(entityName) as unknown as PgTable & Record<string, PgColumn>;
  const labelColumn = table[entity.labelField] as PgColumn;
  return { table, id: table.id as PgColumn, label: sql`${labelColumn}::text` };
}

export const labels: LabelSource = {
  labelSubquery(entityName, foreignKey) {
    const target = targetOf(entityName);
    return sql`(SELECT ${target.label} FROM ${target.table} WHERE ${target.id} = ${foreignKey})`;
  },
  async labelsOf(db, entityName, ids) {
    const result = new Map<string, string>();
    if (!ids.length) return result;
    const target = targetOf(entityName);
    const rows = (await db
      .select({ id: target.id, label: target.label })
      .from(target.table)
      .where(inArray(target.id, [...new Set(ids)]))) as { id: string; label: string | null }[];
    for (const row of rows) result.set(row.id, row.label ?? row.id);
    return result;
  },
};
