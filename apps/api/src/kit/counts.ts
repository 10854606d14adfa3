import { ENTITIES } from '@ebox/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { CompanyScope } from '../platform/access';
import type { Tx } from '../platform/db/client';
import { entityCount } from '../platform/db/schema';
import type { Resource } from '../platform/entity-rules';
import { filterConditions, type ListQuery, uuids } from './list-query';

/**
 * A list's total without counting a million rows on every page (docs/decisions.md, "List
 * totals"). The unfiltered total and the totals per company are read from entity_count, kept
 * exact by triggers in the transaction of every write (migration 0007). Any other filter is
 * counted up to a cap: past it the answer says "more than `count`" (`countCapped: true`), and the
 * exact figure is counted only when asked (`exactCount=true`).
 */

/** Rows a capped count reads at most, past the end of the page asked for. */
export const COUNT_CAP = 10_000;

export type ListTotal = { count: number; countCapped?: true };

/**
 * The companies whose maintained totals add up to the list's total, `null` for every company, or
 * undefined when the list is narrowed by anything the counts do not keep (another filter, a scope
 * that is not a company column, a platform table).
 */
function countedCompanies(resource: Resource, query: Pick<ListQuery, 'filter'>, scope: CompanyScope): string[] | null | undefined {
  const { entity } = resource;
  if (ENTITIES[entity.name] !== entity) return undefined;
  const companyField = entity.scope.kind === 'company' ? entity.scope.field : undefined;
  const { [companyField ?? '']: companyFilter, ...others } = query.filter ?? {};
  // Blank filters narrow nothing; the rest must be none at all.
  if (filterConditions(entity, resource.columns, companyField ? others : query.filter).length) return undefined;
  if (entity.scope.kind === 'none') return null;
  if (!companyField) return scope.companyIds ? undefined : null;
  // A company limited to a locker group sees lockers of other companies: not a sum of company counts.
  if (entity.scope.kind === 'company' && entity.scope.lockerGroups && scope.companyIds) return undefined;
  const asked = companyField && companyFilter !== undefined ? uuids(companyFilter, companyField) : [];
  if (!asked.length) return scope.companyIds;
  // A company the caller may not see counts as one without records (spec 5.5).
  return scope.companyIds ? asked.filter((id) => scope.companyIds?.includes(id)) : asked;
}

/**
 * The list's total as the counts keep it, an expression a page reads in its own statement
 * (repository.ts listRows); undefined when the counts do not keep this list's total.
 */
export function maintainedTotalOf(
  resource: Resource,
  query: Pick<ListQuery, 'filter'>,
  scope: CompanyScope,
  extra: SQL[],
): SQL | undefined {
  const companies = extra.length ? undefined : countedCompanies(resource, query, scope);
  if (companies === undefined) return undefined;
  if (companies && !companies.length) return sql`0`;
  // The companies are one parameter, so the text is the same however many there are and stays prepared.
  const ofCompanies = companies ? sql` and ${entityCount.companyId} = any(${sql.param(companies)}::uuid[])` : sql``;
  return sql`(select coalesce(sum(${entityCount.rows}), 0) from ${entityCount} where ${entityCount.tableName} = ${resource.entity.table}${ofCompanies})`;
}

/** A total expression's value on its own (a page that came back empty has no row to carry it). */
export async function readTotal(db: Tx, total: SQL): Promise<number> {
  const { rows } = await db.execute<{ total: string | number }>(sql`select ${total} as "total"`);
  return Number(rows[0]?.total ?? 0);
}

/**
 * The total of a list the counts do not keep (a maintained one is read by the page's own statement,
 * repository.ts listRows): exact when asked, otherwise counted up to `cap` rows (at least the end of
 * the page asked for, so the pager always reaches it).
 */
export async function listTotal(
  db: Tx,
  resource: Resource,
  query: Pick<ListQuery, 'exactCount'>,
  where: SQL | undefined,
  cap: number,
): Promise<ListTotal> {
  if (query.exactCount) {
    const [row] = await db.select({ count: sql<string>`count(*)` }).from(resource.table).where(where);
    return { count: Number(row?.count ?? 0) };
  }
  const limited = db
    .select({ one: sql`1` })
    .from(resource.table)
    .where(where)
    .limit(cap + 1)
    .as('limited');
  const [row] = await db.select({ count: sql<string>`count(*)` }).from(limited);
  const count = Number(row?.count ?? 0);
  return count > cap ? { count: cap, countCapped: true } : { count };
}
