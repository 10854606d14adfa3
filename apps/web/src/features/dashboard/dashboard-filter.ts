import {
  DASHBOARD_PERIODS,
  type DashboardPeriod,
  type DashboardQuery,
  DEFAULT_DASHBOARD_PERIOD,
  isPlainObject,
  type RelationRef,
} from '@ebox/domain';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The dashboard's filters, kept in the address as the lists keep theirs (`?filter=` JSON, relations
 * with their labels: kit/list/list-state.ts), so a reload or a shared link opens the same figures
 * and the pickers show names without asking for them.
 */
export type DashboardFilter = {
  period: DashboardPeriod;
  company?: RelationRef;
  ebox?: RelationRef;
  cluster?: RelationRef;
};

/** What the user may narrow by: a locker or a cluster only with filterEbox / filterCluster (spec 6). */
export type FilterRights = { ebox: boolean; cluster: boolean };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function isPeriod(value: unknown): value is DashboardPeriod {
  return DASHBOARD_PERIODS.some((period) => period === value);
}

/** A relation as the address holds it ({id, label}); a bare id (a hand-written link) keeps the id as its label. */
function refOf(value: unknown): RelationRef | undefined {
  if (typeof value === 'string') return UUID.test(value) ? { id: value, label: value } : undefined;
  if (!isPlainObject(value) || typeof value.id !== 'string' || !UUID.test(value.id)) return undefined;
  return { id: value.id, label: typeof value.label === 'string' ? value.label : value.id };
}

/** The filter an address holds: anything unknown or not allowed to the user is dropped, not sent to be refused. */
export function dashboardFilterOf(params: URLSearchParams, rights: FilterRights): DashboardFilter {
  let raw: unknown;
  try {
    raw = JSON.parse(params.get('filter') ?? '{}');
  } catch {
    raw = {};
  }
  const stored = isPlainObject(raw) ? raw : {};
  return {
    period: isPeriod(stored.period) ? stored.period : DEFAULT_DASHBOARD_PERIOD,
    company: refOf(stored.company),
    ebox: rights.ebox ? refOf(stored.ebox) : undefined,
    cluster: rights.cluster ? refOf(stored.cluster) : undefined,
  };
}

/** GET /dashboard's query (`filter[period]=…&filter[company]=<uuid>…`, packages/domain/src/dashboard/answer.ts). */
export function dashboardQueryOf(filter: DashboardFilter): DashboardQuery {
  return {
    filter: {
      period: filter.period,
      company: filter.company?.id,
      ebox: filter.ebox?.id,
      cluster: filter.cluster?.id,
    },
  };
}

/** The address's value: the default period and empty pickers are left out, so a plain "/" is the default view. */
function searchValueOf(filter: DashboardFilter): string | undefined {
  const kept: Record<string, unknown> = {};
  if (filter.period !== DEFAULT_DASHBOARD_PERIOD) kept.period = filter.period;
  for (const key of ['company', 'ebox', 'cluster'] as const) if (filter[key]) kept[key] = filter[key];
  return Object.keys(kept).length ? JSON.stringify(kept) : undefined;
}

/**
 * The filter in the address and how to change it. A change replaces the history entry, as the
 * lists' filters do: Back leaves the dashboard instead of undoing each pick.
 */
export function useDashboardFilter(rights: FilterRights): [DashboardFilter, (patch: Partial<DashboardFilter>) => void] {
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => dashboardFilterOf(params, rights), [params, rights]);
  const update = useCallback(
    (patch: Partial<DashboardFilter>) => {
      setParams(
        () => {
          // The address as it is now, not the hook's copy: the router hands its render's copy, which
          // lags behind a change made just before (a period picked, then a company at once, lost the period).
          const next = new URLSearchParams(window.location.search);
          const value = searchValueOf({ ...dashboardFilterOf(next, rights), ...patch });
          if (value) next.set('filter', value);
          else next.delete('filter');
          return next;
        },
        { replace: true },
      );
    },
    [setParams, rights],
  );
  return [filter, update];
}
