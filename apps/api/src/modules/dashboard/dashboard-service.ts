import {
  AGE_BUCKETS,
  type DashboardAnswer,
  type DashboardFigure,
  type DashboardOccupancy,
  type DashboardQuery,
  DECLARED_ENTITIES,
  DEFAULT_CARRIER_PROMISE_HOURS,
  DEFAULT_DASHBOARD_PERIOD,
  DEPOSIT_STATUSES,
  dayStartOf,
  dwellBucketBounds,
  ENTITIES,
  EXPIRY_STATUSES,
  networkDayOf,
  type OrderType,
  type PeriodBounds,
  PICKUP_STATUSES,
  percentileOfHistogram,
  periodRangeOf,
} from '@ebox/domain';
import { and, sql } from 'drizzle-orm';
import { type Coalescer, createCoalescer, createKeeper, type Keeper } from '../../kit/coalesce';
import { scopeOfContext } from '../../kit/entity-checks';
import { loadInScope } from '../../kit/entity-write';
import { resourceOf } from '../../kit/repository';
import { isInScope, scopeCondition } from '../../kit/scope';
import { authorizeFilters } from '../../kit/service';
import { authorize, dbOf, readInOneSnapshot, type ServiceContext } from '../../platform/context';
import { batchedReader, type Reader } from '../../platform/db/batched-reads';
import type { Db, Tx } from '../../platform/db/client';
import { entityTable } from '../../platform/db/entity-tables';
import { forbidden } from '../../platform/errors';
import { readAlertActivity, readDoorFigures, readOpenAlerts } from './alert-repository';
import {
  type DashboardReach,
  type DwellRow,
  type InboundRow,
  type LockerRow,
  type MessageRow,
  type OccupancyRow,
  prepareUnchangedCheck,
  type RangeSource,
  readAgedParcels,
  readCarriers,
  readClusterLockers,
  readCompartmentFigures,
  readDistributionCompanies,
  readDwellRows,
  readInboundRows,
  readLockerHealth,
  readLockerRows,
  readMessageRows,
  readPartialDay,
  readStatusRows,
  type Shape,
  type StatusRow,
  type Step,
} from './figure-repository';
import { readOfflineMinutes, readRefusals, readWeekGrid } from './locker-health-repository';
import { readOccupancyHistory } from './occupancy-history-repository';

/**
 * GET /dashboard (issue 28, docs/dashboard.md): the period's figures against the previous period
 * cut at the same point, its series, rankings and the "now" figures, for the companies and lockers
 * the caller sees, narrowed by the filters.
 */

const RANKED = 5;

/** Whole rollup days and, for a range that ends inside a day it does not run to now, that day's part from the history. */
export function sourceOf(bounds: PeriodBounds, now: Date, timeZone: string): RangeSource {
  if (bounds.to.getTime() <= bounds.from.getTime()) return { days: null, partial: null };
  const first = networkDayOf(bounds.from, timeZone);
  // A range running until now: today's rollup rows are exactly "until now" (each move writes its row at once).
  if (bounds.to.getTime() >= now.getTime()) return { days: { first, last: networkDayOf(now, timeZone) }, partial: null };
  const lastDay = networkDayOf(new Date(bounds.to.getTime() - 1), timeZone);
  const partialFrom = dayStartOf(bounds.to, timeZone);
  // Ends at a midnight: whole days only.
  if (partialFrom.getTime() === bounds.to.getTime()) return { days: { first, last: lastDay }, partial: null };
  const wholeDays =
    partialFrom.getTime() > bounds.from.getTime() ? { first, last: networkDayOf(new Date(partialFrom.getTime() - 1), timeZone) } : null;
  return { days: wholeDays, partial: { from: partialFrom.toISOString(), to: bounds.to.toISOString() } };
}

type Totals = { created: number | null; canceled: number | null; stored: number; collected: number; expired: number };

const CLASSES: [keyof Totals, readonly string[]][] = [
  ['created', ['CREATED']],
  ['canceled', ['CANCELED']],
  ['stored', DEPOSIT_STATUSES],
  ['collected', PICKUP_STATUSES],
  ['expired', EXPIRY_STATUSES],
];
const classOf = new Map(CLASSES.flatMap(([name, statuses]) => statuses.map((status) => [status, name] as const)));

/** What a range counted: the orders' statuses, or (per locker) the lockers' deposits, pickups and expiries. */
type Counted = { statuses: StatusRow[]; lockers: LockerRow[] | null; dwell: DwellRow[] };

function totalsOf(statuses: StatusRow[], lockers: LockerRow[] | null): Totals {
  if (lockers) {
    const sum = (key: 'deposits' | 'pickups' | 'expiries') => lockers.reduce((total, row) => total + row[key], 0);
    // The lockers' own moves: creations and cancellations are not counted per locker.
    const partial = totalsOf(statuses, null);
    return {
      created: null,
      canceled: null,
      stored: sum('deposits') + partial.stored,
      collected: sum('pickups') + partial.collected,
      expired: sum('expiries') + partial.expired,
    };
  }
  const totals = { created: 0, canceled: 0, stored: 0, collected: 0, expired: 0 };
  for (const row of statuses) {
    const name = classOf.get(row.status);
    if (name) totals[name] += row.count;
  }
  return totals;
}

function histogramOf(rows: { bucket: number; count: number }[]): Map<number, number> {
  const histogram = new Map<number, number>();
  for (const row of rows) histogram.set(row.bucket, (histogram.get(row.bucket) ?? 0) + row.count);
  return histogram;
}

const percentile = (histogram: Map<number, number>, p: number) => {
  const value = percentileOfHistogram(histogram, p);
  return value === undefined ? null : Math.round(value);
};

const figureOf = (value: number | null, previous: number | null): DashboardFigure => ({ value, previous });

/** The current and previous ranges' figures. */
function figuresOf(current: Counted, previous: Counted) {
  const [now, before] = [totalsOf(current.statuses, current.lockers), totalsOf(previous.statuses, previous.lockers)];
  const [dwellNow, dwellBefore] = [histogramOf(current.dwell), histogramOf(previous.dwell)];
  const rate = (totals: Totals) => (totals.stored ? totals.expired / totals.stored : null);
  return {
    created: figureOf(now.created, before.created),
    canceled: figureOf(now.canceled, before.canceled),
    stored: figureOf(now.stored, before.stored),
    collected: figureOf(now.collected, before.collected),
    expired: figureOf(now.expired, before.expired),
    uncollectedRate: figureOf(rate(now), rate(before)),
    dwellP50: figureOf(percentile(dwellNow, 50), percentile(dwellBefore, 50)),
    dwellP90: figureOf(percentile(dwellNow, 90), percentile(dwellBefore, 90)),
    dwellP95: figureOf(percentile(dwellNow, 95), percentile(dwellBefore, 95)),
  };
}

/** Rows grouped by one of their columns. */
function groupBy<T, K>(rows: T[], keyOf: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key) ?? [];
    group.push(row);
    groups.set(key, group);
  }
  return groups;
}

/** Counts and dwell percentiles per order type. */
function byTypeOf(counted: Counted) {
  const statuses = groupBy(counted.statuses, (row) => row.type);
  const dwell = groupBy(counted.dwell, (row) => row.type);
  return [...new Set([...statuses.keys(), ...dwell.keys()])]
    .filter((type): type is OrderType => type !== null)
    .sort()
    .map((type) => {
      const { stored, collected, expired } = totalsOf(statuses.get(type) ?? [], null);
      const histogram = histogramOf(dwell.get(type) ?? []);
      return { type, stored, collected, expired, dwellP50: percentile(histogram, 50), dwellP95: percentile(histogram, 95) };
    });
}

/**
 * The share of a histogram at or under `seconds`: whole buckets below it, and the bucket holding it
 * by where it falls in the bucket (log scale), so within one bucket (10 %) of the exact share.
 */
function shareWithin(histogram: Map<number, number>, seconds: number): number | null {
  let total = 0;
  let within = 0;
  for (const [bucket, count] of histogram) {
    total += count;
    const { from, to } = dwellBucketBounds(bucket);
    if (to <= seconds) within += count;
    else if (from < seconds) within += (count * Math.log(seconds / from)) / Math.log(to / from);
  }
  return total ? within / total : null;
}

/** Counts per carrier (null: orders without one), with its service: deposits within its promise and p95 from inbound. */
function byCarrierOf(counted: Counted, inbound: InboundRow[], carriers: Awaited<ReturnType<typeof readCarriers>>) {
  const service = groupBy(inbound, (row) => row.carrier);
  const ids = new Set([...groupBy(counted.statuses, (row) => row.carrier).keys(), ...service.keys()]);
  const statuses = groupBy(counted.statuses, (row) => row.carrier);
  return [...ids]
    .map((id) => {
      const { stored, collected, expired } = totalsOf(statuses.get(id) ?? [], null);
      const histogram = histogramOf(service.get(id) ?? []);
      const carrier = id ? carriers.get(id) : undefined;
      // The carrier's own promise (its company settings), else the default.
      const promiseHours = carrier?.promiseHours ?? DEFAULT_CARRIER_PROMISE_HOURS;
      return {
        id,
        name: carrier?.name ?? null,
        stored,
        collected,
        expired,
        promiseHours,
        storedInTime: shareWithin(histogram, promiseHours * 3600),
        inboundToStoredP95: percentile(histogram, 95),
      };
    })
    .sort((a, b) => b.stored - a.stored || compareNames(a.name ?? '', b.name ?? ''));
}

/** Every point of the series from the range's first day to its last, empty ones included. */
function seriesPoints(source: RangeSource, step: 'day' | 'month'): string[] {
  if (!source.days) return [];
  const points: string[] = [];
  const last = new Date(`${source.days.last}T00:00:00Z`);
  const cursor = new Date(`${source.days.first}T00:00:00Z`);
  if (step === 'month') cursor.setUTCDate(1);
  while (cursor <= last) {
    points.push(cursor.toISOString().slice(0, 10));
    if (step === 'month') cursor.setUTCMonth(cursor.getUTCMonth() + 1);
    else cursor.setUTCDate(cursor.getUTCDate() + 1);
  }
  return points;
}

function daysIn(source: RangeSource): number {
  if (!source.days) return 0;
  return Math.round((Date.parse(`${source.days.last}T00:00:00Z`) - Date.parse(`${source.days.first}T00:00:00Z`)) / 86_400_000) + 1;
}

/** One collator for every sort of names: `localeCompare` builds one per call (a thousand lockers, a few ms). */
const compareNames = new Intl.Collator('pt-BR').compare;

function occupancyOf(row: Omit<OccupancyRow, 'key' | 'name'>): DashboardOccupancy {
  const { enabled, occupied, booked, available, damaged, dirty } = row;
  return { enabled, occupied, booked, available, damaged, dirty, rate: enabled ? (occupied + booked) / enabled : null };
}

function totalOccupancy(rows: OccupancyRow[]): DashboardOccupancy {
  const total = { enabled: 0, occupied: 0, booked: 0, available: 0, damaged: 0, dirty: 0 };
  for (const row of rows) for (const key of Object.keys(total) as (keyof typeof total)[]) total[key] += row[key];
  return occupancyOf(total);
}

/**
 * Refuses a filter outside the caller's scope: a company they do not see, or a locker or cluster as
 * its own read would. Asked by every request, kept answer or not.
 */
async function authorizeReach(ctx: ServiceContext, filter: NonNullable<DashboardQuery['filter']>): Promise<void> {
  if (filter.company && !isInScope(scopeOfContext(ctx), filter.company)) throw forbidden('errors.outOfScope');
  if (filter.ebox) await loadInScope(ctx, resourceOf(DECLARED_ENTITIES.ebox), filter.ebox);
  if (filter.cluster) await loadInScope(ctx, resourceOf(DECLARED_ENTITIES.cluster), filter.cluster);
}

/**
 * The companies and lockers counted, from the caller's scope and the filters (authorizeReach). A
 * `distributionLogistic` company counted (among the caller's, or the filter's) also counts the
 * orders it carries (docs/dashboard.md "Who sees what"); the lockers stay those it sees.
 */
async function reachOf(ctx: ServiceContext, filter: NonNullable<DashboardQuery['filter']>): Promise<DashboardReach> {
  const scope = scopeOfContext(ctx);
  const companyIds = filter.company ? [filter.company] : scope.companyIds;
  // The filter's company is read as it is now (a caller who sees every company has no operatorIds).
  const operatorIds = filter.company
    ? await readDistributionCompanies(dbOf(ctx), [filter.company])
    : companyIds
      ? [...(scope.operatorIds ?? [])]
      : [];
  const ebox = entityTable('ebox');
  // The company filter narrows the lockers as a user of that company sees them (its locker group).
  const visibleLockers = and(
    scopeCondition(ENTITIES.ebox, ebox, scope),
    filter.company ? scopeCondition(ENTITIES.ebox, ebox, { companyIds: [filter.company] }) : undefined,
  );
  let eboxIds: string[] | null = filter.ebox ? [filter.ebox] : null;
  if (filter.cluster) {
    const inCluster = await readClusterLockers(dbOf(ctx), filter.cluster);
    eboxIds = eboxIds ? eboxIds.filter((id) => inCluster.includes(id)) : inCluster;
  }
  return { companyIds, operatorIds, eboxIds, visibleLockers };
}

/**
 * What a range counted, shaped for its use: whole rollup days, plus the partial day of the move log
 * (a previous period's only; a series never has one). One query after another: they share the
 * request's one connection.
 */
async function readCounted(db: Reader, reach: DashboardReach, source: RangeSource, step: Step, shape: Shape): Promise<Counted> {
  const perLocker = reach.eboxIds !== null;
  const [statuses, lockers, dwell, partial] = await Promise.all([
    perLocker ? [] : readStatusRows(db, reach, source.days, step, shape),
    perLocker ? readLockerRows(db, reach, source.days, { by: shape === 'series' ? 'point' : 'total', step }) : null,
    readDwellRows(db, reach, source.days, step, shape),
    readPartialDay(db, reach, source.partial),
  ]);
  return { statuses: [...statuses, ...partial.statuses], lockers, dwell: [...dwell, ...partial.dwell] };
}

/** The period's series: every point, its counts and its dwell percentiles. */
function seriesOf(counted: Counted, points: string[]) {
  const statuses = groupBy(counted.statuses, (row) => row.point);
  const lockers = counted.lockers ? groupBy(counted.lockers, (row) => row.point) : null;
  const dwell = groupBy(counted.dwell, (row) => row.point);
  return points.map((at) => {
    const { stored, collected, expired } = totalsOf(statuses.get(at) ?? [], lockers ? (lockers.get(at) ?? []) : null);
    const histogram = histogramOf(dwell.get(at) ?? []);
    return { at, stored, collected, expired, dwellP50: percentile(histogram, 50), dwellP95: percentile(histogram, 95) };
  });
}

/**
 * How long at most a reading of a busy key waits for the rest of a burst before it starts
 * (kit/coalesce.ts); a burst as large as the last starts as its last caller asks. Eight dashboards
 * asking again as they are answered took two readings each (59 ms at the median for every company's
 * yesterday); gathered, one (29 ms).
 */
const GATHER_MS = 5;

/**
 * Dashboards asked at once with the same scope and filters share one reading (kit/coalesce.ts), and
 * an answer is served again while nothing it read has changed, for a second at most (docs/dashboard.md
 * "Answers kept"). Each database its own: tests run several apps in one process.
 */
const readings = new WeakMap<object, { coalesced: Coalescer<DashboardAnswer>; kept: Keeper<DashboardAnswer> }>();

function readingsOf(db: object) {
  let found = readings.get(db);
  if (!found) {
    found = {
      coalesced: createCoalescer<DashboardAnswer>({ openUntilSealed: true, gatherMs: GATHER_MS }),
      kept: createKeeper<DashboardAnswer>(),
    };
    readings.set(db, found);
  }
  return found;
}

/**
 * GET /dashboard: orderRead; filter[ebox] and filter[cluster] with filterEbox and filterCluster.
 * Read at `now` when given (a mail's fixed moment); otherwise at the moment of reading, shared with
 * the callers of the same companies and filters who ask while an earlier reading runs, and served
 * again to those who ask later while nothing it read has changed.
 */
export async function readDashboard(ctx: ServiceContext, query: DashboardQuery, now?: Date): Promise<DashboardAnswer> {
  authorize(ctx, 'orderRead');
  const filter = query.filter ?? {};
  authorizeFilters(ctx, ENTITIES.order, { ebox: filter.ebox, cluster: filter.cluster });
  await authorizeReach(ctx, filter);
  if (now || ctx.tx) return (await readReach(ctx, filter, await reachOf(ctx, filter), now ?? new Date())).answer;
  // The answer depends on the caller only through their companies (the scope, with the distribution
  // ones) and the filters; a filter's company's distribution flag is read by each reading (an edit
  // of a company concerns every kept answer).
  const scope = scopeOfContext(ctx);
  const key = JSON.stringify([
    scope.companyIds?.toSorted() ?? null,
    scope.operatorIds?.toSorted() ?? null,
    filter.period ?? null,
    filter.company ?? null,
    filter.ebox ?? null,
    filter.cluster ?? null,
  ]);
  const keepMs = ctx.deps.config.dashboardAnswerMs;
  const db = ctx.deps.db as Db;
  const { coalesced, kept } = readingsOf(db);
  const read = async (seal?: () => void) => {
    const reach = await reachOf(ctx, filter);
    const readAt = new Date();
    const { answer, snapshot } = await readReach(ctx, filter, reach, readAt, seal);
    if (keepMs > 0) {
      // Never past the network's midnight: the periods move on with it.
      const midnight = nextDayStartOf(readAt, ctx.deps.config.networkTimeZone).getTime();
      const expiresAt = Math.min(readAt.getTime() + keepMs, midnight);
      kept.keep(key, {
        value: answer,
        readAt: readAt.getTime(),
        // Read again at half its life, while it is still served (kit/coalesce.ts createKeeper).
        refreshAt: readAt.getTime() + (expiresAt - readAt.getTime()) / 2,
        expiresAt,
        isUnchanged: prepareUnchangedCheck(db, snapshot, reach),
      });
    }
    return answer;
  };
  // A reading still open to join is as fresh as a check could make a kept answer, and sooner: a
  // burst's later callers join it rather than check (their check split the burst in two).
  const found = keepMs > 0 && !coalesced.isOpen(key) ? await kept.find(key) : undefined;
  if (!found) return coalesced(key, read);
  // Nobody waits for it: a failure leaves the kept answer to expire, and the next caller reads.
  if (found.due) read().catch((error: unknown) => ctx.log.warn({ err: error }, 'dashboard: a kept answer was not read again'));
  return found.value;
}

/** The start of the network day after the one holding `at` (a day is 23 to 25 hours long). */
function nextDayStartOf(at: Date, timeZone: string): Date {
  return dayStartOf(new Date(dayStartOf(at, timeZone).getTime() + 26 * 3_600_000), timeZone);
}

async function readReach(
  ctx: ServiceContext,
  filter: NonNullable<DashboardQuery['filter']>,
  reach: DashboardReach,
  now: Date,
  seal?: () => void,
): Promise<{ answer: DashboardAnswer; snapshot: string }> {
  const timeZone = ctx.deps.config.networkTimeZone;
  const range = periodRangeOf(filter.period ?? DEFAULT_DASHBOARD_PERIOD, now, timeZone);
  const current = sourceOf(range, now, timeZone);
  const previous = sourceOf(range.previous, now, timeZone);
  const clusters = scopeCondition(ENTITIES.cluster, entityTable('cluster'), scopeOfContext(ctx));
  // One connection and one snapshot for every read: the figures agree with one another, and eight
  // dashboards at once hold eight connections, not the pool. The reads start together and their
  // queries go in a few combined statements (platform/db/batched-reads.ts).
  const read = async (tx: Tx) => {
    // A company's reading executes in a few milliseconds and was planned anew every time (7 ms of
    // a one-company day's 21 ms in PostgreSQL): its prepared statements keep one generic plan
    // instead. Every company's reading keeps the plans made for its values: it reads ten to a
    // hundred times the rows, and a generic plan read a year 20 % slower (docs/dashboard.md).
    // The snapshot every read below sees (repeatable read): a kept answer is checked against it.
    // Callers who asked before it is taken share this reading (kit/coalesce.ts).
    seal?.();
    const snapshot = await tx.execute<{ snapshot: string }>(sql`
      select pg_current_snapshot()::text as snapshot${reach.companyIds ? sql`, set_config('plan_cache_mode', 'force_generic_plan', true)` : sql``}`);
    const db = batchedReader(tx);
    const counts = Promise.all([
      readCounted(db, reach, current, range.step, 'detail'),
      readCounted(db, reach, current, range.step, 'series'),
      readCounted(db, reach, previous, range.step, 'total'),
      readInboundRows(db, reach, current.days),
      readMessageRows(db, reach, current.days),
    ]);
    const [compartments, health, aged, doors, alerts, offline, fullLockers, occupancyHistory, grid] = await Promise.all([
      readCompartmentFigures(db, reach, clusters, { source: current, days: daysIn(current), ranked: RANKED }),
      readLockerHealth(db, reach),
      readAgedParcels(db, reach, now),
      readDoorFigures(db, reach, boundsOf(range, now), boundsOf(range.previous, now)),
      readOpenAlerts(db, reach),
      readOfflineMinutes(db, reach, boundsOf(range, now), boundsOf(range.previous, now), now),
      readRefusals(db, reach, boundsOf(range, now), boundsOf(range.previous, now)),
      readOccupancyHistory(db, reach, boundsOf(range, now), range.period, timeZone, now),
      readWeekGrid(db, reach, gridRangeOf(range, now), PICKUP_STATUSES, timeZone),
    ]);
    const [counted, series, previousCounted, inbound, messages] = await counts;
    const carrierIds = [...new Set([...counted.statuses, ...inbound].flatMap((row) => (row.carrier ? [row.carrier] : [])))];
    const carriers = await readCarriers(db, carrierIds);
    const { mostUsed, leastUsed, ...occupancy } = compartments;
    const weekGrid = { ...gridRangeOf(range, now), ...grid };
    const histogram = histogramOf(counted.dwell);
    const answer: DashboardAnswer = {
      period: range.period,
      timeZone,
      from: range.from.toISOString(),
      to: range.to.toISOString(),
      previous: { from: range.previous.from.toISOString(), to: range.previous.to.toISOString() },
      step: range.step,
      asOf: now.toISOString(),
      filter: { company: filter.company ?? null, ebox: filter.ebox ?? null, cluster: filter.cluster ?? null },
      figures: figuresOf(counted, previousCounted),
      series: seriesOf(series, seriesPoints(current, range.step)),
      dwellHistogram: [...histogram.entries()]
        .sort(([a], [b]) => a - b)
        .map(([bucket, count]) => ({ ...dwellBucketBounds(bucket), count })),
      byType: byTypeOf(counted),
      byCarrier: byCarrierOf(counted, inbound, carriers),
      lockers: { mostUsed, leastUsed },
      now: {
        occupancy: totalOccupancy(occupancy.bySize),
        bySize: occupancy.bySize.map((row) => ({ size: row.key, ...occupancyOf(row) })),
        byCluster: occupancy.byCluster.map((row) => ({ id: row.key, name: row.name ?? '', ...occupancyOf(row) })),
        lockers: health,
        aged: AGE_BUCKETS.map((bucket) => ({ bucket, count: Number(aged.buckets[bucket] ?? 0) })),
        oldest: aged.oldest,
      },
      messages: messagesOf(messages),
      weekGrid,
      fullLockers,
      occupancyHistory,
      availability: availabilityOf(offline, boundsOf(range, now), boundsOf(range.previous, now)),
      // Compartments in DAMAGE now are the occupancy's own count.
      doors: { ...doors, damagedNow: totalOccupancy(occupancy.bySize).damaged },
      alerts,
      revenue: { available: false },
    };
    return { answer, snapshot: snapshot.rows[0]?.snapshot ?? '' };
  };
  return readInOneSnapshot(ctx, read);
}

/** The alerts the caller sees open now, and how many were raised and resolved since `since` (the digest). */
export async function readAlertsOf(ctx: ServiceContext, since: Date) {
  authorize(ctx, 'orderRead');
  const reach = await reachOf(ctx, {});
  const db = dbOf(ctx);
  return { ...(await readOpenAlerts(db, reach)), ...(await readAlertActivity(db, reach, since)) };
}

type OfflineMinutes = Awaited<ReturnType<typeof readOfflineMinutes>>;

/** Offline minutes and the share of the lockers' time online, in the period and the previous one. */
function availabilityOf(
  offline: OfflineMinutes,
  currentBounds: { from: string; to: string },
  previousBounds: { from: string; to: string },
): DashboardAnswer['availability'] {
  const rateOf = (minutesOffline: number, bounds: { from: string; to: string }) => {
    const minutes = (Date.parse(bounds.to) - Date.parse(bounds.from)) / 60_000;
    return offline.lockers && minutes > 0 ? Math.max(0, 1 - minutesOffline / (offline.lockers * minutes)) : null;
  };
  return {
    offlineMinutes: { value: offline.current, previous: offline.previous },
    rate: { value: rateOf(offline.current, currentBounds), previous: rateOf(offline.previous, previousBounds) },
    lockers: offline.longest.map((row) => ({
      id: row.id,
      name: row.name,
      code: row.code,
      offlineMinutes: row.minutes,
      outages: row.outages,
    })),
  };
}

const GRID_DAYS = 28;

/** The weekday × hour grid reads the period's last four weeks at most (the samples keep 90 days). */
function gridRangeOf(range: PeriodBounds, now: Date): { from: string; to: string } {
  const { to } = boundsOf(range, now);
  const from = Math.max(range.from.getTime(), Date.parse(to) - GRID_DAYS * 86_400_000);
  return { from: new Date(from).toISOString(), to };
}

/** A period's bounds as ISO times, a running period's cut at now. */
function boundsOf(bounds: PeriodBounds, now: Date): { from: string; to: string } {
  return { from: bounds.from.toISOString(), to: new Date(Math.min(bounds.to.getTime(), now.getTime())).toISOString() };
}

/** The messages by channel and trigger, each step a column. */
function messagesOf(rows: MessageRow[]): DashboardAnswer['messages'] {
  const byKey = groupBy(rows, (row) => `${row.channel} ${row.trigger}`);
  return [...byKey.values()]
    .map((group) => {
      const count = (status: string) => group.filter((row) => row.status === status).reduce((sum, row) => sum + row.count, 0);
      const [first] = group as [MessageRow];
      return {
        channel: first.channel as DashboardAnswer['messages'][number]['channel'],
        trigger: first.trigger as DashboardAnswer['messages'][number]['trigger'],
        sent: count('sent'),
        delivered: count('delivered'),
        read: count('read'),
        failed: count('failed'),
      };
    })
    .sort((a, b) => a.channel.localeCompare(b.channel) || a.trigger.localeCompare(b.trigger));
}
