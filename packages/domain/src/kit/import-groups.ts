import type { EntityDeclaration } from './entity';
import type { Field } from './field';
import { splitImportList } from './import-values';
import { normalizedKey } from './normalized-key';

/**
 * Rows of an import file joined into one record each, for an entity that declares `importGroupBy`
 * (a route: one row per stop, in drive order, each naming its route). Rows sharing the column's value
 * (compared as people read it: case, accents and spaces aside) make one record, in the order the first
 * of them appears: a list column (a multiple relation or enum, a string list) takes every row's cells
 * in row order, a cell listing several values ("RJ-COPA-01, RJ-LEBLON-02") giving them in its order;
 * any other column takes its value from the rows that fill it, which must agree. A row without the
 * column's value stays alone (the schema then refuses it as required). An entity without
 * `importGroupBy` keeps its rows as they are.
 */

export type ImportRowLike = { values: Record<string, unknown> };

/** One record of the file: the rows it came from, and its values or the column its rows disagree on. */
export type ImportRowGroup<R extends ImportRowLike> = { rows: R[]; values: Record<string, unknown>; disagreeingColumn?: string };

function isListField(field: Field | undefined): boolean {
  if (!field) return false;
  if (field.type === 'stringList') return true;
  return (field.type === 'relation' || field.type === 'enum') && Boolean(field.multiple);
}

function isEmptyCell(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

function listItemsOf(value: unknown): unknown[] {
  if (isEmptyCell(value)) return [];
  if (Array.isArray(value)) return value;
  return typeof value === 'string' ? splitImportList(value) : [value];
}

function sameCell(a: unknown, b: unknown): boolean {
  if (typeof a === 'string' && typeof b === 'string') return normalizedKey(a) === normalizedKey(b);
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  return JSON.stringify(a) === JSON.stringify(b);
}

export function groupImportRows<R extends ImportRowLike>(entity: EntityDeclaration, rows: readonly R[]): ImportRowGroup<R>[] {
  const column = entity.importGroupBy;
  if (!column) return rows.map((row) => ({ rows: [row], values: row.values }));
  const groups: ImportRowGroup<R>[] = [];
  const byKey = new Map<string, ImportRowGroup<R>>();
  for (const row of rows) {
    const keyValue = row.values[column];
    const key = isEmptyCell(keyValue) ? null : normalizedKey(String(keyValue));
    const group = key === null ? undefined : byKey.get(key);
    if (!group) {
      const fresh: ImportRowGroup<R> = { rows: [row], values: { ...row.values } };
      for (const [name, value] of Object.entries(row.values)) if (isListField(entity.fields[name])) fresh.values[name] = listItemsOf(value);
      groups.push(fresh);
      if (key !== null) byKey.set(key, fresh);
      continue;
    }
    group.rows.push(row);
    for (const [name, value] of Object.entries(row.values)) {
      if (name === column || isEmptyCell(value)) continue;
      const held = group.values[name];
      if (isListField(entity.fields[name])) group.values[name] = [...listItemsOf(held), ...listItemsOf(value)];
      else if (isEmptyCell(held)) group.values[name] = value;
      else if (!sameCell(held, value)) group.disagreeingColumn ??= name;
    }
  }
  return groups;
}
