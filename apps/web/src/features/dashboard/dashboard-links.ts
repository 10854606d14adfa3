import { type CompartimentStatus, ENTITIES, type EntityDeclaration, type RelationRef } from '@ebox/domain';
import type { DashboardFilter } from './dashboard-filter';

/**
 * The list behind each figure, as the lists read their address (`?filter=` JSON of the filter
 * form's values: ranges as [from, to] ISO, relations as {id, label}; kit/list/list-state.ts).
 * A figure counted by a stamp in the period ("stored" = storedAt in the period) opens the orders by
 * that stamp in the period. The order list takes a period of at most 31 days on each of them
 * (spec 9, docs/orders.md "Periods"): a longer period's orders are not linked, and the tile says why.
 */

export const ORDER_LIST_MAX_DAYS = 31;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The order figures that open a list, with the stamp that counts them. */
export type OrderFigure = 'created' | 'stored' | 'collected' | 'expired' | 'canceled';

const STAMP_OF: Record<OrderFigure, string> = {
  created: 'createdAt',
  stored: 'storedAt',
  collected: 'collectedAt',
  expired: 'expiredAt',
  canceled: 'canceledAt',
};

export type ListLink =
  /** The list of exactly what the figure counts. */
  | { kind: 'period'; to: string }
  /** No list: the period is longer than the order list filters (31 days). */
  | { kind: 'tooLong'; days: number }
  /** No list at all (the order list cannot show what the figure counts). */
  | { kind: 'none' };

function listAddress(path: string, filter: Record<string, unknown>): string {
  const kept = Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined));
  return Object.keys(kept).length ? `${path}?filter=${encodeURIComponent(JSON.stringify(kept))}` : path;
}

/** The dashboard's company, locker and cluster as the order list's filters (the same fields by name). */
function scopeOf(filter: DashboardFilter, entity: EntityDeclaration): Record<string, RelationRef | undefined> {
  const scope: Record<string, RelationRef | undefined> = {};
  for (const key of ['company', 'ebox', 'cluster'] as const) if (entity.filters.includes(key)) scope[key] = filter[key];
  return scope;
}

/** [from, to) as the list's inclusive range: its last millisecond, which the date picker shows as the minute before. */
function rangeOf(from: string, to: string): [string, string] {
  return [from, new Date(new Date(to).getTime() - 1).toISOString()];
}

/** The orders behind an order figure of the period [from, to). */
export function orderListLinkOf(
  figure: OrderFigure,
  filter: DashboardFilter,
  from: string,
  to: string,
  entity: EntityDeclaration | undefined = ENTITIES.order,
): ListLink {
  if (!entity) return { kind: 'none' };
  const scope = scopeOf(filter, entity);
  const stamp = STAMP_OF[figure];
  if (!entity.filters.includes(stamp)) return { kind: 'none' };
  if (new Date(to).getTime() - new Date(from).getTime() > ORDER_LIST_MAX_DAYS * DAY_MS)
    return { kind: 'tooLong', days: ORDER_LIST_MAX_DAYS };
  return { kind: 'period', to: listAddress('/order', { ...scope, [stamp]: rangeOf(from, to) }) };
}

/** The lockers offline now, in the dashboard's company. */
export function offlineLockersLinkOf(filter: DashboardFilter): string {
  return listAddress('/ebox', { status: 'offline', company: filter.company });
}

/**
 * Where the compartments in a status now are seen: compartments are listed only on their locker's
 * page, so the chosen locker's; without one, no list shows them (null).
 */
export function compartmentListLinkOf(_status: CompartimentStatus, filter: DashboardFilter): string | null {
  return filter.ebox ? lockerPath(filter.ebox.id) : null;
}

export const lockerPath = (id: string) => `/ebox/${id}`;
export const orderPath = (id: string) => `/order/${id}`;
export const clusterPath = (id: string) => `/cluster/${id}`;
/** A compartment's page: under its locker's path (kit/screens.ts, spec 2.6). */
export const compartmentPath = (id: string) => `/ebox/compartiment/${id}`;
