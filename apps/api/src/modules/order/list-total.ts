import { DECLARED_ENTITIES, ORDER_STATUSES } from '@ebox/domain';
import type { SQL } from 'drizzle-orm';
import { filterConditions, uuids } from '../../kit/list-query';
import { resourceOf } from '../../kit/repository';
import type { CompanyScope } from '../../platform/access';
import { ordersOfStatusesTotal } from './repository';

const blank = (value: unknown) => value === undefined || value === null || value === '';

/** The filter's values as a list (a repeated parameter, a bracketed list, one value). */
function valuesOf(value: unknown): string[] {
  const list = Array.isArray(value) ? value : value && typeof value === 'object' ? Object.values(value) : [value];
  return list.filter((item) => !blank(item)).map(String);
}

/**
 * The total of an order list filtered by status, alone or with companies (the console's status
 * tabs), from the counts migration 0019 keeps per company and status, so such a page does not
 * count thousands of orders each time. Any other filter, or a status that is not one, leaves the
 * total to the kit (which counts, or refuses the filter). The companies are the asked ones the caller
 * may see, or all of theirs, as the list's own company filter and scope narrow it.
 */
export function maintainedOrderTotal(query: { filter?: Record<string, unknown> }, scope: CompanyScope): SQL | undefined {
  // The totals are kept per company; a distribution company's carried orders are counted by the kit.
  if (scope.operatorIds?.length) return undefined;
  const { status, company, ...others } = query.filter ?? {};
  const statuses = valuesOf(status);
  if (!statuses.length || !statuses.every((value) => ORDER_STATUSES.some((known) => known === value))) return undefined;
  const resource = resourceOf(DECLARED_ENTITIES.order);
  if (filterConditions(resource.entity, resource.columns, others).length) return undefined;
  const asked = blank(company) ? [] : uuids(company, 'company');
  // A company the caller may not see counts as one without orders (spec 5.5).
  const companies = asked.length ? asked.filter((id) => !scope.companyIds || scope.companyIds.includes(id)) : scope.companyIds;
  return ordersOfStatusesTotal([...new Set(statuses)], companies ? [...new Set(companies)] : null);
}
