import { ENTITIES } from '@ebox/domain';
import { sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../platform/db/client';
import { entityTable } from '../platform/db/entity-tables';
import { user } from '../platform/db/schema';
import { inUse } from '../platform/errors';

/**
 * Many-relations are uuid[] columns, which PostgreSQL cannot guard with foreign keys; this is their
 * ON DELETE. A deleted record leaves the lists that mention it ('remove'), except where losing the
 * reference would change what someone may do ('restrict'): a user limited to [A] whose company A
 * vanished would hold an empty list, which means every company.
 */
type ArrayReference = { table: PgTable; column: PgColumn; onDelete: 'remove' | 'restrict' };

function arrayReferencesTo(entityName: string): ArrayReference[] {
  const references: ArrayReference[] = [];
  for (const entity of Object.values(ENTITIES)) {
    for (const [name, field] of Object.entries(entity.fields)) {
      if (field.type !== 'relation' || !field.multiple || field.entity !== entityName) continue;
      const table = entityTable(entity.name);
      references.push({ table, column: table[name], onDelete: 'remove' });
    }
  }
  if (entityName === 'role') references.push({ table: user, column: user.roles, onDelete: 'remove' });
  if (entityName === 'company') references.push({ table: user, column: user.allowedCompanies, onDelete: 'restrict' });
  return references;
}

/** Call in the delete's transaction, before the rows go. */
export async function releaseArrayReferences(tx: Tx, entityName: string, ids: string[]): Promise<void> {
  const deleted = sql`ARRAY[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::uuid[]`;
  for (const reference of arrayReferencesTo(entityName)) {
    if (reference.onDelete === 'restrict') {
      const used = await tx.execute(sql`SELECT 1 FROM ${reference.table} WHERE ${reference.column} && ${deleted} LIMIT 1`);
      if (used.rows.length) throw inUse();
      continue;
    }
    await tx.execute(
      sql`UPDATE ${reference.table} SET ${sql.identifier(reference.column.name)} = ARRAY(SELECT x FROM unnest(${reference.column}) AS x WHERE x <> ALL(${deleted})) WHERE ${reference.column} && ${deleted}`,
    );
  }
}
