import type { SearchTerm } from '@ebox/domain';
import { and, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { CompanyScope } from '../platform/access';
import type { Tx } from '../platform/db/client';
import { phoneSuffixKeyOf, prefixKeyOf } from '../platform/db/entity-tables';
import type { Resource } from '../platform/entity-rules';
import { filterConditions } from './list-query';
import { scopeCondition, visibleIdsOf } from './scope';

/**
 * The SQL of an entity's one search (packages/domain kit/search.ts): each term a lookup written as
 * its index is (platform/db/entity-tables.ts), so PostgreSQL reads a range of that index.
 */

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function columnOf(resource: Resource, field: string): PgColumn {
  const column = resource.columns[field];
  if (!column) throw new Error(`${resource.entity.name}: no column for search field ${field}`);
  return column;
}

/** The index key a term reads: its rows come out of the index in this order. */
function keyOf(column: PgColumn, term: SearchTerm): SQL {
  if (term.lookup === 'prefix') return prefixKeyOf(column);
  if (term.lookup === 'phoneSuffix') return phoneSuffixKeyOf(column);
  if (term.lookup === 'exact') return sql`lower(${column})`;
  return sql`${column}`;
}

/** One term as a condition: a range, an equality or a trigram search of its index. */
export function searchTermCondition(resource: Resource, term: SearchTerm): SQL {
  const column = columnOf(resource, term.field);
  const key = keyOf(column, term);
  switch (term.lookup) {
    case 'prefix':
      return sql`${key} LIKE ${`${escapeLike(term.value)}%`}`;
    case 'phoneSuffix':
      return sql`${key} LIKE ${`${[...term.value].reverse().join('')}%`}`;
    case 'exact':
      return sql`${key} = ${term.value}`;
    case 'contains':
      return sql`${key} ILIKE ${`%${escapeLike(term.value)}%`}`;
  }
}

/** The rows any term finds (a list's `filter[search]`); no term finds nothing. */
export function searchCondition(resource: Resource, terms: SearchTerm[]): SQL {
  return or(...terms.map((term) => searchTermCondition(resource, term))) ?? sql`false`;
}

/**
 * The autocomplete of a searched entity (the palette, the relation pickers): for each term, the
 * first `limit` rows in its index's order that the caller may see, so a short prefix at a million
 * orders reads `limit` rows of an index, not every row it matches; then the rows found by the
 * earlier terms first (the declaration's order: a tracking code before a phone), by label.
 */
export async function searchRows(db: Tx, resource: Resource, query: SearchQuery): Promise<{ id: string; label: string }[]> {
  const statement = searchRowsStatement(resource, query);
  if (!statement) return [];
  const found = await db.execute<{ id: string; label: string }>(statement);
  return found.rows.map((row) => ({ id: row.id, label: row.label }));
}

export type SearchQuery = { terms: SearchTerm[]; id?: string; limit: number; filter?: Record<string, unknown>; scope: CompanyScope };

/** The statement searchRows runs (the benchmark puts it beside the API's answer); none when nothing is looked up. */
export function searchRowsStatement(resource: Resource, query: SearchQuery): SQL | undefined {
  const { entity, table, columns } = resource;
  const { terms, limit, scope } = query;
  const id = columnOf(resource, 'id');
  const label = sql`coalesce(${columnOf(resource, entity.labelField)}::text, ${id}::text)`;
  const visible = and(scopeCondition(entity, columns, scope), ...filterConditions(entity, columns, query.filter, visibleIdsOf(scope)));
  const lookups = terms.map((term, rank) => {
    const order = term.lookup === 'exact' || term.lookup === 'contains' ? label : keyOf(columnOf(resource, term.field), term);
    return sql`(SELECT ${id}::text AS id, ${label} AS label, ${rank}::int AS rank FROM ${table}
      WHERE ${and(visible, searchTermCondition(resource, term))} ORDER BY ${order} LIMIT ${limit})`;
  });
  if (query.id)
    lookups.push(sql`(SELECT ${id}::text AS id, ${label} AS label, ${terms.length}::int AS rank FROM ${table}
      WHERE ${and(visible, sql`${id} = ${query.id}`)})`);
  if (!lookups.length) return undefined;
  return sql`SELECT id, label FROM (
      SELECT DISTINCT ON (id) id, label, rank FROM (${sql.join(lookups, sql` UNION ALL `)}) AS lookup ORDER BY id, rank
    ) AS found ORDER BY rank, label, id LIMIT ${limit}`;
}
