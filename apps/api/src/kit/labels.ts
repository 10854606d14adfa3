import { ENTITIES, type EntityDeclaration, type Language, translatedValuesOf } from '@ebox/domain';
import { and, inArray, type SQL, sql } from 'drizzle-orm';
import { alias, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { CompanyScope } from '../platform/access';
import type { Tx } from '../platform/db/client';
import { entityTable } from '../platform/db/entity-tables';
import { user } from '../platform/db/schema';
import { type EntityRules, labelSourceOf } from '../platform/entity-rules';
import { scopeCondition, uuidArray } from './scope';
import { shownValueOf } from './shown-values';

/**
 * Where the label of a related record comes from: a declared entity's labelField, or, for the
 * platform's user table, the full name falling back to the email. A related record outside the
 * caller's company scope has no label (spec 5.5): it reads as an id, like one that no longer exists,
 * and sorts as an empty label.
 */
export type LabelSource = {
  labelSubquery(entityName: string, foreignKey: PgColumn, scope: CompanyScope, language?: Language): SQL;
  /**
   * The labels of an array of references joined by ", " in the array's order; a reference without
   * a visible record reads as its id (as `labelsOf` answers it). An export reads them this way.
   */
  labelListSubquery(entityName: string, references: PgColumn, scope: CompanyScope, language?: Language): SQL;
  /**
   * The related table under `name`, to LEFT JOIN on `on`, and its `label` (null when the record is
   * not visible). A join lets PostgreSQL cache the few related records of a long export (Memoize),
   * where a subquery looks each one up again for every row.
   */
  labelJoin(entityName: string, foreignKey: PgColumn, scope: CompanyScope, language: Language | undefined, name: string): LabelJoin;
  /** `rules`: the modules' label sources (AppDeps.modules); `referrer`: the entity holding the references. */
  labelsOf(
    db: Tx,
    entityName: string,
    ids: string[],
    scope: CompanyScope,
    rules: EntityRules,
    referrer?: string,
  ): Promise<Map<string, string>>;
};

export type LabelJoin = { table: PgTable; on: SQL; label: SQL };

type Target = {
  table: PgTable;
  /** The FROM of the label subquery (the aliased table spelled out: sql`${alias}` names only the alias). */
  from: SQL;
  id: PgColumn;
  label: SQL;
  visible: SQL | undefined;
};

const RELATED = 'related_record';

function targetOf(entityName: string, scope: CompanyScope, language?: Language, name = RELATED): Target {
  if (entityName === 'user') {
    const ids = scope.companyIds;
    const table = alias(user, name);
    // IAM's rule: a limited caller sees the users sharing one of their companies.
    const visible = ids ? (ids.length ? sql`${table.allowedCompanies} && ${uuidArray(ids)}` : sql`false`) : undefined;
    return {
      table,
      from: sql`${user} ${sql.identifier(name)}`,
      id: table.id,
      label: sql`coalesce(${table.fullName}, ${table.email})`,
      visible,
    };
  }
  const entity = ENTITIES[entityName];
  if (!entity) throw new Error(`unknown relation target ${entityName}`);
  // Aliased: a relation to the same entity (a company's parent) would otherwise name the outer
  // row's table inside the subquery, comparing each related row with itself.
  const base = entityTable(entityName);
  const table = alias(base, name);
  const labelColumn = table[entity.labelField];
  const labelField = entity.fields[entity.labelField];
  return {
    table,
    from: sql`${base} ${sql.identifier(name)}`,
    id: table.id,
    // Sorting by a related record sorts by what it reads as (a predefined role's translated name).
    label:
      labelField && language && translatedValuesOf(labelField).length
        ? shownValueOf(entity, entity.labelField, labelField, labelColumn, language)
        : sql`${labelColumn}::text`,
    visible: scopeCondition(entity, table, scope),
  };
}

export const labels: LabelSource = {
  labelSubquery(entityName, foreignKey, scope, language) {
    const target = targetOf(entityName, scope, language);
    return sql`(SELECT ${target.label} FROM ${target.from} WHERE ${and(sql`${target.id} = ${foreignKey}`, target.visible)})`;
  },
  labelListSubquery(entityName, references, scope, language) {
    const target = targetOf(entityName, scope, language);
    return sql`(SELECT string_agg(coalesce(${target.label}, ref.id::text), ', ' ORDER BY ref.n) FROM unnest(${references}) WITH ORDINALITY AS ref(id, n) LEFT JOIN ${target.from} ON ${and(sql`${target.id} = ref.id`, target.visible)})`;
  },
  labelJoin(entityName, foreignKey, scope, language, name) {
    const target = targetOf(entityName, scope, language, name);
    return { table: target.table, on: and(sql`${target.id} = ${foreignKey}`, target.visible) ?? sql`true`, label: target.label };
  },
  async labelsOf(db, entityName, ids, scope, rules, referrer) {
    const result = new Map<string, string>();
    if (!ids.length) return result;
    const own = labelSourceOf(rules, entityName, referrer);
    if (own) return own(db, ids, scope);
    const target = targetOf(entityName, scope);
    const rows = await db
      .select({ id: sql<string>`${target.id}`, label: sql<string | null>`${target.label}` })
      .from(target.table)
      .where(and(inArray(target.id, [...new Set(ids)]), target.visible));
    for (const row of rows) result.set(row.id, row.label ?? row.id);
    return result;
  },
};

/** Where a row read with `relationLabelColumns` carries the label of its relation `field`. */
export function labelKeyOf(field: string): string {
  return `${field}:label`;
}

/**
 * The labels of a page's single relations, read in the page's own query (a subquery per relation,
 * within the caller's scope, as `labelsOf` reads them) rather than in a query of their own after it:
 * one round trip less on every list (issue 9). Many-valued relations are still looked up apart.
 */
export function relationLabelColumns(
  entity: EntityDeclaration,
  columns: Record<string, PgColumn>,
  scope: CompanyScope,
): Record<string, SQL> {
  const result: Record<string, SQL> = {};
  for (const [name, field] of Object.entries(entity.fields)) {
    const column = columns[name];
    if (field.type !== 'relation' || field.multiple || !column) continue;
    result[labelKeyOf(name)] = labels.labelSubquery(field.entity, column, scope);
  }
  return result;
}

/** The row as stored, without the labels it was read with. */
export function withoutRelationLabels<R extends Record<string, unknown>>(entity: EntityDeclaration, row: R): R {
  const copy = { ...row };
  for (const name of Object.keys(entity.fields)) delete copy[labelKeyOf(name)];
  return copy;
}
