import { ENTITIES, type EntityDeclaration } from '@ebox/domain';
import { and, desc, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { scopeCondition } from '../../kit/scope';
import type { CompanyScope } from '../../platform/access';
import type { Tx } from '../../platform/db/client';
import { entityTable, SORT_COLLATION } from '../../platform/db/entity-tables';

/**
 * Spec 7.4's cascader answer: choices with their children, as the autocomplete answers one level
 * (`{id, label}`). docs/api-contract.md "Cascaders".
 */
export type CascaderOption = { id: string; label: string; children?: CascaderOption[] };

function declared(name: string): EntityDeclaration {
  const entity = ENTITIES[name];
  if (!entity) throw new Error(`no declaration ${name}`);
  return entity;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const contains = (column: PgColumn | SQL, text: string) => sql`${column} ILIKE ${`%${escapeLike(text)}%`}`;
const byName = (column: PgColumn) => sql`${column} COLLATE ${sql.identifier(SORT_COLLATION)}`;

/**
 * GET /terminalUiVersion/cascader: each company the caller sees → its UI builds, newest first.
 * `query` finds a build by its identification or its company's name; `limit` counts builds.
 */
export async function terminalUiVersionCascader(
  db: Tx,
  query: { text: string | undefined; limit: number; scope: CompanyScope },
): Promise<CascaderOption[]> {
  const build = entityTable('terminalUiVersion');
  const company = entityTable('company');
  const text = query.text?.trim();
  const rows = await db
    .select({ id: build.id, label: build.identification, companyId: company.id, companyName: company.name })
    .from(build)
    .innerJoin(company, sql`${company.id} = ${build.company}`)
    .where(
      and(
        scopeCondition(declared('terminalUiVersion'), build, query.scope),
        text ? sql`(${contains(build.identification, text)} OR ${contains(company.name, text)})` : undefined,
      ),
    )
    .orderBy(byName(company.name), company.id, desc(build.createdAt), build.id)
    .limit(query.limit);
  const companies = new Map<string, CascaderOption & { children: CascaderOption[] }>();
  for (const row of rows) {
    const companyId = String(row.companyId);
    let option = companies.get(companyId);
    if (!option) {
      option = { id: companyId, label: String(row.companyName ?? ''), children: [] };
      companies.set(companyId, option);
    }
    option.children.push({ id: String(row.id), label: String(row.label ?? '') });
  }
  return [...companies.values()];
}

/**
 * GET /building/cascader: each building the caller sees whose name holds `query` (at most `limit`,
 * by name) → its level 1 (towers, blocks) → their level 2 units.
 */
export async function buildingCascader(
  db: Tx,
  query: { text: string | undefined; limit: number; scope: CompanyScope },
): Promise<CascaderOption[]> {
  const building = entityTable('building');
  const level1 = entityTable('buildingLevel1');
  const level2 = entityTable('buildingLevel2');
  const text = query.text?.trim();
  const buildings = await db
    .select({ id: building.id, label: building.name })
    .from(building)
    .where(and(scopeCondition(declared('building'), building, query.scope), text ? contains(building.name, text) : undefined))
    .orderBy(byName(building.name), building.id)
    .limit(query.limit);
  if (!buildings.length) return [];
  const towers = await db
    .select({ id: level1.id, label: level1.name, building: level1.building, units: level1.level2 })
    .from(level1)
    .where(
      and(
        inArray(
          level1.building,
          buildings.map((b) => String(b.id)),
        ),
        scopeCondition(declared('buildingLevel1'), level1, query.scope),
      ),
    )
    .orderBy(byName(level1.name), level1.id);
  const unitIds = [...new Set(towers.flatMap((tower) => (tower.units as string[] | null) ?? []))];
  const units = unitIds.length
    ? await db
        .select({ id: level2.id, label: level2.name })
        .from(level2)
        .where(inArray(level2.id, unitIds))
        .orderBy(byName(level2.name), level2.id)
    : [];
  const unitOrder = new Map(units.map((unit, index) => [String(unit.id), { index, label: String(unit.label ?? '') }]));
  const towersOf = new Map<string, CascaderOption[]>();
  for (const tower of towers) {
    const children = ((tower.units as string[] | null) ?? [])
      .flatMap((id) => {
        const unit = unitOrder.get(id);
        return unit ? [{ id, label: unit.label, index: unit.index }] : [];
      })
      .sort((a, b) => a.index - b.index)
      .map(({ id, label }) => ({ id, label }));
    const key = String(tower.building);
    towersOf.set(key, [...(towersOf.get(key) ?? []), { id: String(tower.id), label: String(tower.label ?? ''), children }]);
  }
  return buildings.map((b) => ({ id: String(b.id), label: String(b.label ?? ''), children: towersOf.get(String(b.id)) ?? [] }));
}
