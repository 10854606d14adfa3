import { ENTITIES } from '@ebox/domain';
import { and, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import { scopeCondition } from '../../kit/scope';
import type { CompanyScope } from '../../platform/access';
import type { Tx } from '../../platform/db/client';
import { type EntityTable, entityTable } from '../../platform/db/entity-tables';
import { badRequest } from '../../platform/errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Every unit the caller may see, labelled with the way up to it, "Edifício Aurora · Bloco A · 101",
 * so units of the same name in different buildings can be told apart (issue 8 item 11). A unit names
 * neither its level 1 nor its building (the level 1 lists its units), so both are joined through that
 * list; a level 1 outside the caller's companies is not joined, so its names never show. The picker's
 * choices and the label a customer's unit is presented with both read from here, so a saved choice
 * reads as it did in the picker.
 */
function labelledUnits(
  db: Tx,
  scope: CompanyScope,
  where: (tables: { unit: EntityTable; building: EntityTable; level1: EntityTable }) => SQL | undefined,
) {
  const level1Entity = ENTITIES.buildingLevel1;
  if (!level1Entity) throw new Error('buildingLevel1 is not declared');
  const unit = entityTable('buildingLevel2');
  const level1 = entityTable('buildingLevel1');
  const building = entityTable('building');

  const label = sql<string>`concat_ws(' · ', ${building.name}, ${level1.name}, ${unit.name})`;
  return (
    db
      .selectDistinctOn([unit.id], { id: sql<string>`${unit.id}::text`.as('id'), label: label.as('label') })
      .from(unit)
      .leftJoin(level1, and(sql`${unit.id} = ANY(${level1.level2})`, scopeCondition(level1Entity, getTableColumns(level1), scope)))
      .leftJoin(building, eq(building.id, level1.building))
      .where(where({ unit, building, level1 }))
      // A unit listed by two level 1 records reads as the first by building and level 1 name.
      .orderBy(unit.id, sql`${building.name} NULLS LAST`, sql`${level1.name} NULLS LAST`)
      .as('units')
  );
}

/** The choices of a unit picker; `filter[company]` keeps the units of that company's buildings. */
export async function autocompleteUnits(
  db: Tx,
  query: { text: string | undefined; limit: number; filter: Record<string, unknown> | undefined; scope: CompanyScope },
): Promise<{ id: string; label: string }[]> {
  const { company, ...others } = query.filter ?? {};
  const [unknown] = Object.keys(others);
  if (unknown) throw badRequest('errors.invalidFilter', { field: unknown });
  if (company !== undefined && (typeof company !== 'string' || !UUID.test(company)))
    throw badRequest('errors.invalidFilter', { field: 'company' });
  const units = labelledUnits(db, query.scope, ({ building, level1 }) =>
    company ? sql`coalesce(${building.company}, ${level1.company}) = ${company}` : undefined,
  );
  const text = query.text?.trim();
  const search: SQL | undefined = text ? sql`(${units.label} ILIKE ${`%${escapeLike(text)}%`} OR ${units.id} = ${text})` : undefined;
  return db.select({ id: units.id, label: units.label }).from(units).where(search).orderBy(units.label).limit(query.limit);
}

/** The labels of referenced units (a customer's unit), as the picker wrote them. */
export async function labelUnits(db: Tx, ids: string[], scope: CompanyScope): Promise<Map<string, string>> {
  const result = new Map<string, string>();
  if (!ids.length) return result;
  const units = labelledUnits(db, scope, ({ unit }) => inArray(unit.id, [...new Set(ids)]));
  for (const row of await db.select({ id: units.id, label: units.label }).from(units)) result.set(row.id, row.label);
  return result;
}
