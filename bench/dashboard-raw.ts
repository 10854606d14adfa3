/**
 * The dashboard's answer computed from the raw rows (issue 28: "the same figures computed from raw
 * rows by SQL"), the floor GET /dashboard is measured against in bench/dashboard.ts. What the console
 * reads from its rollups (the period's counts by type, carrier and day with their dwell percentiles,
 * the dwell histogram, the carriers' inbound → stored service, the lockers ranked by use, the
 * previous period's figures, the messages, the weekday × hour pickups) is computed here from
 * `order_history` joined to `order` and from `order_message`, as someone without the rollups would
 * write it; so is the occupancy now, from the compartments' rows (the console reads its live
 * counters of them). What the console already reads from the rows as they are (the lockers now,
 * the parcels waiting, the door failures, alerts, offline intervals, refusals and occupancy
 * samples) is read by the console's own queries, so both sides pay for it alike; the occupancy
 * samples are summed from the per-locker rows rather than read from their every-locker total.
 */
import {
  DEFAULT_CARRIER_PROMISE_HOURS,
  DEPOSIT_STATUSES,
  ENTITIES,
  EXPIRY_STATUSES,
  type PeriodRange,
  PICKUP_STATUSES,
} from '@ebox/domain';
import { type SQL, sql } from 'drizzle-orm';
import { scopeCondition } from '../apps/api/src/kit/scope';
import { readDoorFigures, readOpenAlerts } from '../apps/api/src/modules/dashboard/alert-repository';
import {
  countedLockers,
  type DashboardReach,
  inCountedLockers,
  readAgedParcels,
  readLockerHealth,
} from '../apps/api/src/modules/dashboard/figure-repository';
import { readOfflineMinutes, readRefusals } from '../apps/api/src/modules/dashboard/locker-health-repository';
import { readOccupancyHistory } from '../apps/api/src/modules/dashboard/occupancy-history-repository';
import { bucketOf, COMPARTMENT_COUNT } from '../apps/api/src/modules/dashboard/rollup-repository';
import type { Db } from '../apps/api/src/platform/db/client';
import { entityTable } from '../apps/api/src/platform/db/entity-tables';

/** Whose figures: every company, one company, or a distribution company with the orders it carries. */
export type RawReach = { company: string | undefined; carried: boolean };

const GRID_DAYS = 28;
const RANKED = 5;

const listOf = (statuses: readonly string[]) => sql.raw(statuses.map((status) => `'${status}'`).join(', '));

/** The moves of [from, to) that reached a status, with the order's columns the figures read. */
function movesIn(from: string, to: string, reach: RawReach, statuses?: readonly string[]): SQL {
  const whose = !reach.company
    ? sql``
    : reach.carried
      ? sql` and (h.company_id = ${reach.company}::uuid or o.carrier_id = ${reach.company}::uuid)`
      : sql` and h.company_id = ${reach.company}::uuid`;
  const reached = statuses ? sql` and h.to_status in (${listOf(statuses)})` : sql` and h.to_status is not null`;
  return sql`
    select h.to_status as status, h.at, o.type, o.carrier_id, o.ebox_id, o.stored_at, o.inbound_at
      from order_history h join "order" o on o.id = h.order_id
     where h.at >= ${from}::timestamptz and h.at < ${to}::timestamptz${reached}${whose}`;
}

const counts = sql`
  (count(*) filter (where status in (${listOf(DEPOSIT_STATUSES)})))::int as stored,
  (count(*) filter (where status in (${listOf(PICKUP_STATUSES)})))::int as collected,
  (count(*) filter (where status in (${listOf(EXPIRY_STATUSES)})))::int as expired`;

const dwellOf = (percentiles: string) =>
  sql`percentile_cont(array[${sql.raw(percentiles)}]::float8[]) within group (order by dwell) filter (where dwell is not null)`;

/** The period's figures, series, histogram, carriers' service and lockers ranked by use, in one pass over its moves. */
function currentOf(range: { from: string; to: string; step: 'day' | 'month'; days: number }, reach: RawReach, timeZone: string): SQL {
  const point = sql`(date_trunc(${range.step}, at at time zone ${timeZone}))::date`;
  return sql`
    with m as materialized (${movesIn(range.from, range.to, reach)}),
    c as (
      select *, case when status in (${listOf(PICKUP_STATUSES)}) and stored_at is not null then extract(epoch from at - stored_at) end as dwell,
             case when status in (${listOf(DEPOSIT_STATUSES)}) and inbound_at <= at then extract(epoch from at - inbound_at) end as inbound
        from m),
    used as (
      select l.id, l.name, l.code, p.compartments, coalesce(u.stored, 0) as deposits, coalesce(u.collected, 0) as pickups,
             coalesce(u.expired, 0) as expiries, coalesce(u.stored, 0)::float8 / ${range.days || null}::int / p.compartments as utilization
        from (${countedLockers(reachOf(reach))}) l
        join (select ebox_id, count(*)::int as compartments from compartiment where enable is not false group by ebox_id) p on p.ebox_id = l.id
        left join (select ebox_id, ${counts} from c where ebox_id is not null group by ebox_id) u on u.ebox_id = l.id)
    select
      (select row_to_json(t) from (
         select (count(*) filter (where status = 'CREATED'))::int as created, (count(*) filter (where status = 'CANCELED'))::int as canceled,
                ${counts}, ${dwellOf('0.5, 0.9, 0.95')} as dwell from c) t) as totals,
      (select json_agg(t order by type) from (select type, ${counts}, ${dwellOf('0.5, 0.95')} as dwell from c group by type) t) as by_type,
      (select json_agg(t) from (
         select c.carrier_id, ${counts}, count(inbound)::int as inbound,
                (count(*) filter (where inbound <= 3600 * coalesce(nullif(co.company_settings->>'carrierPromiseHours', '')::float8, ${DEFAULT_CARRIER_PROMISE_HOURS})))::int as in_time,
                percentile_cont(0.95) within group (order by inbound) as inbound_p95
           from c left join company co on co.id = c.carrier_id
          group by c.carrier_id, co.company_settings) t) as by_carrier,
      (select json_agg(t order by point) from (select ${point} as point, ${counts}, ${dwellOf('0.5, 0.95')} as dwell from c group by 1) t) as series,
      (select json_agg(t order by bucket) from (
         select ${bucketOf(sql`dwell`)} as bucket, count(*)::int as count from c where dwell is not null group by 1) t) as histogram,
      (select json_agg(t) from (select * from used order by utilization desc nulls last, name limit ${RANKED}) t) as most_used,
      (select json_agg(t) from (select * from used order by utilization asc nulls first, name desc limit ${RANKED}) t) as least_used`;
}

/** The previous period's counts and dwell percentiles. */
function previousOf(from: string, to: string, reach: RawReach): SQL {
  return sql`
    with c as (
      select *, case when status in (${listOf(PICKUP_STATUSES)}) and stored_at is not null then extract(epoch from at - stored_at) end as dwell
        from (${movesIn(from, to, reach)}) m)
    select (count(*) filter (where status = 'CREATED'))::int as created, (count(*) filter (where status = 'CANCELED'))::int as canceled,
           ${counts}, ${dwellOf('0.5, 0.9, 0.95')} as dwell from c`;
}

/** The period's messages by channel and trigger: each step reached in it. */
function messagesOf(from: string, to: string, reach: RawReach): SQL {
  const within = (column: string) =>
    sql`${sql.identifier(column)} >= ${from}::timestamptz and ${sql.identifier(column)} < ${to}::timestamptz`;
  return sql`
    select channel, trigger, (count(*) filter (where ${within('sent_at')}))::int as sent,
           (count(*) filter (where ${within('delivered_at')}))::int as delivered, (count(*) filter (where ${within('read_at')}))::int as read,
           (count(*) filter (where status = 'failed' and ${within('updated_at')}))::int as failed
      from order_message
     where (${within('sent_at')} or ${within('delivered_at')} or ${within('read_at')} or (status = 'failed' and ${within('updated_at')}))
       ${reach.company ? sql`and company_id = ${reach.company}::uuid` : sql``}
     group by channel, trigger`;
}

/** The weekday × hour grid: pickups from the history, free compartments from the lockers' hourly samples. */
function gridOf(from: string, to: string, reach: RawReach, timeZone: string): SQL {
  const local = sql`(at at time zone ${timeZone})`;
  const lockers = inCountedLockers(sql`s.ebox_id`, reachOf(reach));
  return sql`
    select
      (select json_agg(t) from (
         select extract(dow from ${local})::int as dow, extract(hour from ${local})::int as hour, count(*)::int as value
           from (${movesIn(from, to, reach, PICKUP_STATUSES)}) m group by 1, 2) t) as pickups,
      (select json_agg(t) from (
         select extract(dow from ${local})::int as dow, extract(hour from ${local})::int as hour, avg(free)::float8 as value
           from (select s.at, sum(s.enabled - s.used) as free from dashboard_occupancy_hour s
                  where s.at >= ${from}::timestamptz and s.at < ${to}::timestamptz${lockers} group by s.at) h
          group by 1, 2) t) as free`;
}

/** The console's reach of the same question, for the figures both sides read from the rows as they are. */
export function reachOf(reach: RawReach): DashboardReach {
  const visibleLockers = reach.company
    ? scopeCondition(ENTITIES.ebox, entityTable('ebox'), { companyIds: [reach.company] } as never)
    : undefined;
  return {
    companyIds: reach.company ? [reach.company] : null,
    operatorIds: reach.company && reach.carried ? [reach.company] : [],
    eboxIds: null,
    visibleLockers,
  };
}

/** The occupancy now by size and by cluster, counted from the counted lockers' compartment rows. */
function occupancyNowOf(reach: DashboardReach): SQL {
  const sums = sql.raw(COMPARTMENT_COUNT.sums.map((key) => `sum(${key})::int as ${key}`).join(', '));
  return sql`
    with per_locker as (
      select * from (${COMPARTMENT_COUNT.recomputed}) r where ebox_id in (select id from (${countedLockers(reach)}) l))
    select
      (select coalesce(json_agg(s order by s.key), '[]') from (
         select nullif(size, '') as key, null as name, ${sums} from per_locker group by size) s) as by_size,
      (select coalesce(json_agg(s order by s.name), '[]') from (
         select c.id::text as key, c.name, ${sums}
           from per_locker p join cluster_ebox ce on ce.ebox_id = p.ebox_id join cluster c on c.id = ce.cluster_id
          group by 1, 2) s) as by_cluster`;
}

export type RawAnswer = {
  totals: { stored: number; collected: number; expired: number; dwell: number[] | null };
  [key: string]: unknown;
};

/** Every figure of the page for `range`, its statements at once on the pool (as many connections as it lends). */
export async function readRawDashboard(db: Db, range: PeriodRange, now: Date, reach: RawReach, timeZone: string): Promise<RawAnswer> {
  const to = new Date(Math.min(range.to.getTime(), now.getTime())).toISOString();
  const from = range.from.toISOString();
  const previous = {
    from: range.previous.from.toISOString(),
    to: new Date(Math.min(range.previous.to.getTime(), now.getTime())).toISOString(),
  };
  const days = Math.max(1, Math.ceil((Date.parse(to) - Date.parse(from)) / 86_400_000));
  const gridFrom = new Date(Math.max(range.from.getTime(), Date.parse(to) - GRID_DAYS * 86_400_000)).toISOString();
  const console = reachOf(reach);
  // The samples per locker, summed: not the every-locker total the console keeps.
  const perLocker = { ...console, visibleLockers: console.visibleLockers ?? sql`true` };
  const bounds = { from, to };
  const first = async (statement: SQL) => (await db.execute(statement)).rows[0];
  const [current, before, messages, grid, compartments, health, aged, doors, alerts, offline, refusals, occupancy] = await Promise.all([
    first(currentOf({ from, to, step: range.step, days }, reach, timeZone)),
    first(previousOf(previous.from, previous.to, reach)),
    db.execute(messagesOf(from, to, reach)).then((result) => result.rows),
    first(gridOf(gridFrom, to, reach, timeZone)),
    first(occupancyNowOf(console)),
    readLockerHealth(db, console),
    readAgedParcels(db, console, now),
    readDoorFigures(db, console, bounds, previous),
    readOpenAlerts(db, console),
    readOfflineMinutes(db, console, bounds, previous, now),
    readRefusals(db, console, bounds, previous),
    readOccupancyHistory(db, perLocker, bounds, range.period, timeZone, now),
  ]);
  return {
    totals: (current?.totals ?? {}) as RawAnswer['totals'],
    current,
    before,
    messages,
    grid,
    occupancyNow: compartments,
    health,
    aged,
    doors,
    alerts,
    offline,
    refusals,
    occupancy,
  };
}
