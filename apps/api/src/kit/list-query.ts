import {
  canonicalPhone,
  documentKeyOf,
  type EntityDeclaration,
  type Field,
  hasNoNul,
  INT4_MAX,
  INT4_MIN,
  idOfRef,
  isSecretField,
  isStorableDate,
  type Language,
  plainTextSchema,
  textMatchOf,
  VALIDATION_KEYS,
  wholeValueOf,
} from '@ebox/domain';
import { and, asc, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { CompanyScope } from '../platform/access';
import { identifierKeyOf, isIdentifierField, prefixKeyOf, SORT_COLLATION, versionSortKeyOf } from '../platform/db/entity-tables';
import { badRequest } from '../platform/errors';
import type { LabelSource } from './labels';
import { shownValueOf } from './shown-values';

/**
 * Turns spec 7.3 list parameters (filter[...], orderBy=col_ASC|col_DESC, limit, offset) into SQL
 * against a declaration's table. Only declared filters and sortable fields are accepted: anything
 * else is a 400, never a column name spliced into SQL.
 */

/** True when no string in a parsed query value (nested arrays and objects included) holds a NUL. */
function isFreeOfNul(value: unknown): boolean {
  if (typeof value === 'string') return hasNoNul(value);
  if (Array.isArray(value)) return value.every(isFreeOfNul);
  if (value && typeof value === 'object') return Object.entries(value).every(([key, item]) => hasNoNul(key) && isFreeOfNul(item));
  return true;
}

/**
 * Filter values are checked here, before any reaches SQL: PostgreSQL refuses a NUL in text, so it
 * is a 400 naming the filter rather than a failed query.
 */
const filterSchema = z.record(z.string(), z.unknown()).superRefine((filter, ctx) => {
  for (const [name, value] of Object.entries(filter)) {
    if (!isFreeOfNul(value) || !hasNoNul(name)) ctx.addIssue({ code: 'custom', message: VALIDATION_KEYS.nul, path: [name] });
  }
});

export const listQuerySchema = z.object({
  filter: filterSchema.optional(),
  orderBy: plainTextSchema.max(120).optional(),
  limit: z.coerce.number().int().min(0).max(1000).optional(),
  offset: z.coerce.number().int().min(0).optional(),
  /**
   * Keyset paging: the id of the last row of the previous page; the page starts after it in the
   * same order (`offset` then counts from there). See keysetCondition.
   */
  after: z.uuid().optional(),
  /**
   * The exact total even when it is large. Without it, a filtered total past 10,000 rows (or past
   * the end of the page asked for) stops there and the answer says `countCapped: true`.
   */
  exactCount: z.stringbool().optional(),
});
/** The query of a list; `language` (the caller's) decides what translated values read as (default pt-BR). */
export type ListQuery = z.infer<typeof listQuerySchema> & { language?: Language };

export const DEFAULT_LIMIT = 10;

type Columns = Record<string, PgColumn>;

const SYSTEM_FIELDS: Record<string, Field> = {
  id: { type: 'text' },
  createdAt: { type: 'dateTime' },
  updatedAt: { type: 'dateTime' },
};

function fieldOf(entity: EntityDeclaration, name: string): Field | undefined {
  return entity.fields[name] ?? SYSTEM_FIELDS[name];
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function asArray(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (value && typeof value === 'object') return Object.values(value);
  return [value];
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

function rangeOf(value: unknown, parse: (v: unknown) => unknown, field: string): [unknown, unknown] {
  const [start, end] = Array.isArray(value) || (value && typeof value === 'object') ? asArray(value) : [value, value];
  const from = isBlank(start) ? undefined : parse(start);
  const to = isBlank(end) ? undefined : parse(end);
  if ((from !== undefined && Number.isNaN(from)) || (to !== undefined && Number.isNaN(to)))
    throw badRequest('errors.invalidFilter', { field });
  return [from, to];
}

/** A number the column can compare with; NaN (refused as an invalid filter) otherwise. */
function toNumber(v: unknown): number {
  const n = Number(String(v).replace(',', '.'));
  return Number.isFinite(n) ? n : Number.NaN;
}

/** An integer column is int4: a fraction or a value past its range could never match and fails in SQL. */
function toInteger(v: unknown): number {
  const n = toNumber(v);
  return Number.isInteger(n) && n >= INT4_MIN && n <= INT4_MAX ? n : Number.NaN;
}

function toTimestamp(v: unknown): string | number {
  const date = new Date(String(v));
  return isStorableDate(date) ? date.toISOString() : Number.NaN;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function uuids(value: unknown, field: string): string[] {
  const ids = asArray(value)
    .map(idOfRef)
    .filter((v) => !isBlank(v))
    .map(String);
  if (ids.some((id) => !UUID.test(id))) throw badRequest('errors.invalidFilter', { field });
  return ids;
}

/**
 * The ids a relation filter names, narrowed to the related records the caller may see (a uuid[]
 * expression), or undefined when nothing needs narrowing: filtering by a record of another company
 * then finds what filtering by an unknown id finds.
 */
export type VisibleIds = (entityName: string, ids: string[]) => SQL | undefined;

type ConditionOptions = { entity: EntityDeclaration; visibleIds?: VisibleIds; language?: Language };

/**
 * A whole value (TextField.match) by equality, written as the field's btree index is
 * (entity-tables.ts), so the lookup reads the index instead of scanning for contained text.
 */
function wholeValueCondition(field: Field, column: PgColumn, whole: string): SQL {
  if (textMatchOf(field) === 'prefix') return sql`${prefixKeyOf(column)} = ${whole.toLowerCase()}`;
  if (!isIdentifierField(field)) return sql`lower(${column}) = lower(${whole})`;
  const key = documentKeyOf(whole);
  // A phone is stored as 55 + DDD + number; one stored before values were cleaned may lack the 55.
  const phone = field.type === 'text' && field.phone ? canonicalPhone(whole) : null;
  const keys = phone ? [phone, phone.slice(2)] : [key];
  return keys.length === 1
    ? sql`${identifierKeyOf(column)} = ${key}`
    : sql`${identifierKeyOf(column)} IN (${sql.join(
        keys.map((k) => sql`${k}`),
        sql`, `,
      )})`;
}

function conditionFor(name: string, field: Field, column: PgColumn, value: unknown, options: ConditionOptions): SQL | undefined {
  const { entity, visibleIds, language } = options;
  if (isBlank(value) || (Array.isArray(value) && value.every(isBlank))) return undefined;
  switch (field.type) {
    case 'text': {
      if (name === 'id') {
        // Several ids name a page of known records (an inbound's orders, its view page 25 at a time).
        const ids = uuids(value, name);
        return ids.length === 1 ? eq(column, ids[0] ?? '') : inArray(column, ids);
      }
      const whole = wholeValueOf(field, String(value));
      if (whole !== null) return wholeValueCondition(field, column, whole);
      // A prefix field (an order's tracking code) finds what the palette finds: the codes starting so.
      if (textMatchOf(field) === 'prefix') return sql`${prefixKeyOf(column)} LIKE ${`${escapeLike(String(value).trim().toLowerCase())}%`}`;
      // A document or phone is found however it was typed ('12345678909' finds '123.456.789-09',
      // '(11) 98765-4321' finds '5511987654321'): both sides compared by letters and digits.
      const key = isIdentifierField(field) ? documentKeyOf(String(value)).replace(field.phone ? /^0+/ : /^$/, '') : '';
      if (key) return sql`${identifierKeyOf(column)} LIKE ${`%${key}%`}`;
      const pattern = `%${escapeLike(String(value).trim())}%`;
      const shown = shownValueOf(entity, name, field, column, language);
      // What is shown matches; the stored key still does too (API clients name predefined roles by key).
      return field.translated ? sql`(${shown} ILIKE ${pattern} OR ${column} ILIKE ${pattern})` : sql`${column} ILIKE ${pattern}`;
    }
    case 'stringList':
      return sql`array_to_string(${column}, ' ') ILIKE ${`%${escapeLike(String(value).trim())}%`}`;
    case 'number':
    case 'integer':
    case 'dateTime': {
      const parse = field.type === 'dateTime' ? toTimestamp : field.type === 'integer' ? toInteger : toNumber;
      const [from, to] = rangeOf(value, parse, name);
      return and(from !== undefined ? gte(column, from) : undefined, to !== undefined ? lte(column, to) : undefined);
    }
    case 'boolean': {
      const text = String(value).toLowerCase();
      if (text !== 'true' && text !== 'false') throw badRequest('errors.invalidFilter', { field: name });
      return eq(column, text === 'true');
    }
    case 'enum': {
      const values = asArray(value)
        .filter((v) => !isBlank(v))
        .map(String);
      if (values.some((v) => !field.options.includes(v))) throw badRequest('errors.invalidFilter', { field: name });
      if (field.multiple)
        return sql`${column} && ${sql`ARRAY[${sql.join(
          values.map((v) => sql`${v}`),
          sql`, `,
        )}]::text[]`}`;
      return values.length === 1 ? eq(column, values[0]) : inArray(column, values);
    }
    case 'relation': {
      const ids = uuids(value, name);
      if (!ids.length) return undefined;
      const visible = visibleIds?.(field.entity, ids);
      if (visible) return field.multiple ? sql`${column} && ${visible}` : sql`${column} = ANY(${visible})`;
      if (field.multiple)
        return sql`${column} && ${sql`ARRAY[${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}]::uuid[]`}`;
      return ids.length === 1 ? eq(column, ids[0]) : inArray(column, ids);
    }
    default:
      throw badRequest('errors.invalidFilter', { field: name });
  }
}

/** WHERE conditions for the `filter` parameter. */
export function filterConditions(
  entity: EntityDeclaration,
  columns: Columns,
  filter: Record<string, unknown> | undefined,
  visibleIds?: VisibleIds,
  language?: Language,
): SQL[] {
  if (!filter) return [];
  const allowed = new Set([...entity.filters, 'id', 'createdAt', 'updatedAt']);
  const conditions: SQL[] = [];
  for (const [name, value] of Object.entries(filter)) {
    const field = fieldOf(entity, name);
    const column = columns[name];
    if (!allowed.has(name) || !field || !column) throw badRequest('errors.invalidFilter', { field: name });
    const condition = conditionFor(name, field, column, value, { entity, visibleIds, language });
    if (condition) conditions.push(condition);
  }
  return conditions;
}

/** Sort keys that read as text: the field's own text, an option's wording, a related record's label. */
function isTextSortKey(field: Field): boolean {
  return field.type === 'text' || field.type === 'enum' || field.type === 'relation';
}

const SORTABLE: ReadonlySet<Field['type']> = new Set(['text', 'number', 'integer', 'dateTime', 'boolean', 'enum', 'relation']);

type Sort = { sortKey: SQL; direction: 'ASC' | 'DESC'; idColumn: PgColumn; nullable: boolean };

/** What `orderBy=col_ASC|col_DESC` sorts by: the shown value of a sortable field and its direction. */
function sortOf(
  entity: EntityDeclaration,
  columns: Columns,
  orderBy: string | undefined,
  labels: LabelSource,
  scope: CompanyScope,
  language?: Language,
): Sort {
  const value = orderBy || entity.defaultOrderBy || 'createdAt_DESC';
  const cut = value.lastIndexOf('_');
  const name = cut > 0 ? value.slice(0, cut) : '';
  const direction = cut > 0 ? value.slice(cut + 1).toUpperCase() : '';
  const field = fieldOf(entity, name);
  const column = columns[name];
  if (!field || !column || (direction !== 'ASC' && direction !== 'DESC') || !SORTABLE.has(field.type)) {
    throw badRequest('errors.invalidOrderBy', { value });
  }
  // A list sorted by a secret (an access code) would tell how the hidden values compare, page keys included.
  if (isSecretField(field)) throw badRequest('errors.invalidOrderBy', { value });
  if (field.type === 'enum' && field.multiple) throw badRequest('errors.invalidOrderBy', { value });
  if (field.type === 'relation' && field.multiple) throw badRequest('errors.invalidOrderBy', { value });
  const shown =
    field.type === 'relation'
      ? labels.labelSubquery(field.entity, column, scope, language)
      : shownValueOf(entity, name, field, column, language);
  // Text sorts as a Brazilian reader orders names (accents and case after the letters), not by
  // bytes; the label column's index is built with the same collation (entity-tables.ts). The keyset
  // condition compares with the same key, so its pages follow the same order.
  // A version number sorts by its numbers (1.9.2 before 1.10.0), read off its own index.
  const sortKey =
    field.type === 'text' && field.matches === 'version'
      ? versionSortKeyOf(column)
      : isTextSortKey(field)
        ? sql`${shown} COLLATE ${sql.identifier(SORT_COLLATION)}`
        : shown;
  const idColumn = columns.id;
  if (!idColumn) throw new Error(`table of ${entity.name} has no id column`);
  // A relation's label may be missing even when the relation is required; system columns never are.
  const nullable = !(name in SYSTEM_FIELDS) && !(field.required && field.type !== 'relation');
  return { sortKey, direction, idColumn, nullable };
}

/** ORDER BY for `orderBy=col_ASC|col_DESC`; the id is always the last key so pages are stable. */
export function orderByClause(...sort: Parameters<typeof sortOf>): SQL[] {
  const { sortKey, direction, idColumn } = sortOf(...sort);
  // PostgreSQL's default null placement (last ascending, first descending) is what a btree index
  // gives in both scan directions, so either direction of a sort can be read off the index.
  const sorted = direction === 'ASC' ? sql`${sortKey} ASC` : sql`${sortKey} DESC`;
  return [sorted, direction === 'ASC' ? asc(idColumn) : desc(idColumn)];
}

/**
 * Keyset paging (`after=<id of the last row seen>`): the rows that sort after that row, by the same
 * key and direction as ORDER BY, so the next page is read from where the last one ended instead of
 * counting `offset` rows again. The cursor row's key is read from the row itself (a subquery), so
 * the cursor is a plain id that stays valid whatever the sort; a cursor row deleted since leaves
 * nothing after it. Nulls sort last ascending and first descending, as ORDER BY puts them.
 */
export function keysetCondition(
  entity: EntityDeclaration,
  table: PgTable,
  columns: Columns,
  query: Pick<ListQuery, 'orderBy' | 'language'>,
  after: string,
  labels: LabelSource,
  scope: CompanyScope,
): SQL {
  const { sortKey, direction, idColumn, nullable } = sortOf(entity, columns, query.orderBy, labels, scope, query.language);
  // Unqualified inside the subquery, the table's columns name the cursor row.
  const cursorKey = sql`(SELECT ${sortKey} FROM ${table} WHERE ${idColumn} = ${after})`;
  const beyond = direction === 'ASC' ? sql`>` : sql`<`;
  const pair = sql`(${sortKey}, ${idColumn}) ${beyond} (${cursorKey}, ${after}::uuid)`;
  if (!nullable) return pair;
  const nullBeyond = sql`${sortKey} IS NULL AND ${idColumn} ${beyond} ${after}::uuid`;
  return direction === 'ASC'
    ? sql`(CASE WHEN ${cursorKey} IS NULL THEN ${nullBeyond} ELSE ${pair} OR ${sortKey} IS NULL END)`
    : sql`(CASE WHEN ${cursorKey} IS NULL THEN ${nullBeyond} OR ${sortKey} IS NOT NULL ELSE ${pair} END)`;
}
