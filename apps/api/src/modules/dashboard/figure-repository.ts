import { DEPOSIT_STATUSES, EXPIRY_STATUSES, IN_LOCKER_STATUSES, PICKUP_STATUSES } from '@ebox/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client';
import { entityTable } from '../../platform/db/entity-tables';
import { bucketOf } from './rollup-repository';

/**
 * The dashboard's reads (docs/dashboard.md "Reading a period"): a period's counts and dwell-time
 * histograms from the rollups' whole days, plus at most one partial day from the order history;
 * the "now" figures from the compartments, lockers and orders as they are.
 */

/** Whose figures: the orders of `companyIds` (null: every company), at `eboxIds` (null: any locker). */
export type DashboardReach = {
  companyIds: string[] | null;
  eboxIds: string[] | null;
  /** The lockers the caller sees (their scope and the company filter), a condition on `ebox`; undefined: all. */
  visibleLockers: SQL | undefined;
};

/** Rollup days, both ends included (YYYY-MM-DD), and a partial day read from the history ([from, to), ISO). */
export type RangeSource = { days: { first: string; last: string } | null; partial: { from: string; to: string } | null };

/** Counts of one order type and carrier (both null when read per locker, which keeps neither). */
export type CountRow = {
  type: string | null;
  carrier: string | null;
  /** Null when read per locker: an order counts at a locker from its deposit. */
  created: number | null;
  canceled: number | null;
  stored: number;
  collected: number;
  expired: number;
};
export type DwellRow = { type: string | null; carrier: string | null; bucket: number; count: number };
export type SeriesCountRow = { at: string; stored: number; collected: number; expired: number };
export type SeriesDwellRow = { at: string; bucket: number; count: number };

const listOf = (statuses: readonly string[]) => sql.raw(statuses.map((status) => `'${status.replace(/'/g, "''")}'`).join(', '));
const uuids = (ids: string[]) => sql`${sql.param(ids)}::uuid[]`;

/** The order classes the figures count, from a status column and a count column. */
function classesOf(status: SQL, count: SQL): SQL {
  return sql`
    coalesce(sum(${count}) filter (where ${status} = 'CREATED'), 0)::int as created,
    coalesce(sum(${count}) filter (where ${status} = 'CANCELED'), 0)::int as canceled,
    coalesce(sum(${count}) filter (where ${status} in (${listOf(DEPOSIT_STATUSES)})), 0)::int as stored,
    coalesce(sum(${count}) filter (where ${status} in (${listOf(PICKUP_STATUSES)})), 0)::int as collected,
    coalesce(sum(${count}) filter (where ${status} in (${listOf(EXPIRY_STATUSES)})), 0)::int as expired`;
}

function companyIn(column: SQL, reach: DashboardReach): SQL {
  return reach.companyIds ? sql` and ${column} = any(${uuids(reach.companyIds)})` : sql``;
}

function lockerIn(column: SQL, reach: DashboardReach): SQL {
  return reach.eboxIds ? sql` and ${column} = any(${uuids(reach.eboxIds)})` : sql``;
}

function daysOf(source: RangeSource): SQL {
  const { days } = source;
  return days ? sql`day between ${days.first}::date and ${days.last}::date` : sql`false`;
}

/** The history's moves of the partial day, with their order's type, carrier, locker and storedAt. */
function partialMoves(source: RangeSource, reach: DashboardReach): SQL {
  const { partial } = source;
  if (!partial)
    return sql`select null::text as type, null::uuid as carrier, null::text as status, null::timestamptz as at, null::timestamptz as stored_at where false`;
  return sql`
    select o.type, o.carrier_id as carrier, h.to_status as status, h.at, o.stored_at
      from order_history h join "order" o on o.id = h.order_id
     where h.to_status is not null and h.at >= ${partial.from}::timestamptz and h.at < ${partial.to}::timestamptz
       ${companyIn(sql`h.company_id`, reach)}${lockerIn(sql`o.ebox_id`, reach)}`;
}

const dwellBucket = bucketOf(sql`extract(epoch from (at - stored_at))`);
const isPickup = sql`status in (${listOf(PICKUP_STATUSES)}) and stored_at is not null`;

function numbersOf<T extends Record<string, unknown>>(rows: Record<string, unknown>[], keys: (keyof T & string)[]): T[] {
  return rows.map((row) => {
    const out: Record<string, unknown> = { ...row };
    for (const key of keys) out[key] = row[key] === null || row[key] === undefined ? null : Number(row[key]);
    return out as T;
  });
}

const COUNT_KEYS = ['created', 'canceled', 'stored', 'collected', 'expired'] as const;

/** A range's counts by order type and carrier (per locker: one row without either). */
export async function readRangeCounts(tx: Tx, reach: DashboardReach, source: RangeSource): Promise<CountRow[]> {
  const moves = partialMoves(source, reach);
  const result = reach.eboxIds
    ? await tx.execute(sql`
        with parts as (
          select 0 as created, 0 as canceled, deposits as stored, pickups as collected, expiries as expired
            from dashboard_locker_day where ${daysOf(source)}${companyIn(sql`company_id`, reach)}${lockerIn(sql`ebox_id`, reach)}
          union all
          select ${classesOf(sql`status`, sql`1`)} from (${moves}) m)
        select null as type, null as carrier, null as created, null as canceled,
               sum(stored)::int as stored, sum(collected)::int as collected, sum(expired)::int as expired from parts`)
    : await tx.execute(sql`
        with parts as (
          select type, carrier_id as carrier, status, count from dashboard_order_day
           where ${daysOf(source)}${companyIn(sql`company_id`, reach)}
          union all
          select type, carrier, status, 1 from (${moves}) m)
        select type, carrier, ${classesOf(sql`status`, sql`count`)} from parts group by type, carrier`);
  return numbersOf<CountRow>(result.rows, [...COUNT_KEYS]);
}

/** A range's dwell-time histogram buckets by order type and carrier (per locker: without either). */
export async function readRangeDwell(tx: Tx, reach: DashboardReach, source: RangeSource): Promise<DwellRow[]> {
  const moves = partialMoves(source, reach);
  const result = reach.eboxIds
    ? await tx.execute(sql`
        with parts as (
          select bucket, count from dashboard_locker_dwell_day
           where ${daysOf(source)}${companyIn(sql`company_id`, reach)}${lockerIn(sql`ebox_id`, reach)}
          union all
          select ${dwellBucket}, 1 from (${moves}) m where ${isPickup})
        select null as type, null as carrier, bucket, sum(count)::int as count from parts group by bucket`)
    : await tx.execute(sql`
        with parts as (
          select type, carrier_id as carrier, bucket, count from dashboard_dwell_day
           where ${daysOf(source)}${companyIn(sql`company_id`, reach)}
          union all
          select type, carrier, ${dwellBucket}, 1 from (${moves}) m where ${isPickup})
        select type, carrier, bucket, sum(count)::int as count from parts group by type, carrier, bucket`);
  return numbersOf<DwellRow>(result.rows, ['bucket', 'count']);
}

/** The series' point a day belongs to: the day itself, or its month's first day. */
function pointOf(step: 'day' | 'month'): SQL {
  return step === 'month' ? sql`to_char(date_trunc('month', day), 'YYYY-MM-DD')` : sql`to_char(day, 'YYYY-MM-DD')`;
}

/** The current period's counts per day or month (it runs until now: rollup days only). */
export async function readSeriesCounts(
  tx: Tx,
  reach: DashboardReach,
  source: RangeSource,
  step: 'day' | 'month',
): Promise<SeriesCountRow[]> {
  const result = reach.eboxIds
    ? await tx.execute(sql`
        select ${pointOf(step)} as at, sum(deposits)::int as stored, sum(pickups)::int as collected, sum(expiries)::int as expired
          from dashboard_locker_day where ${daysOf(source)}${companyIn(sql`company_id`, reach)}${lockerIn(sql`ebox_id`, reach)}
         group by 1 order by 1`)
    : await tx.execute(sql`
        select ${pointOf(step)} as at,
               coalesce(sum(count) filter (where status in (${listOf(DEPOSIT_STATUSES)})), 0)::int as stored,
               coalesce(sum(count) filter (where status in (${listOf(PICKUP_STATUSES)})), 0)::int as collected,
               coalesce(sum(count) filter (where status in (${listOf(EXPIRY_STATUSES)})), 0)::int as expired
          from dashboard_order_day where ${daysOf(source)}${companyIn(sql`company_id`, reach)}
         group by 1 order by 1`);
  return numbersOf<SeriesCountRow>(result.rows, ['stored', 'collected', 'expired']);
}

/** The current period's dwell histograms per day or month. */
export async function readSeriesDwell(
  tx: Tx,
  reach: DashboardReach,
  source: RangeSource,
  step: 'day' | 'month',
): Promise<SeriesDwellRow[]> {
  const table = reach.eboxIds ? sql`dashboard_locker_dwell_day` : sql`dashboard_dwell_day`;
  const result = await tx.execute(sql`
    select ${pointOf(step)} as at, bucket, sum(count)::int as count
      from ${table} where ${daysOf(source)}${companyIn(sql`company_id`, reach)}${reach.eboxIds ? lockerIn(sql`ebox_id`, reach) : sql``}
     group by 1, 2`);
  return numbersOf<SeriesDwellRow>(result.rows, ['bucket', 'count']);
}

/** The lockers counted: those the caller sees, narrowed to the locker filter. */
function countedLockers(reach: DashboardReach): SQL {
  const ebox = entityTable('ebox');
  return sql`select ${ebox.id} as id, ${ebox.name} as name, ${ebox.code} as code, ${ebox.status} as status,
                    ${ebox.lastHeartBeat} as last_heart_beat, ${ebox.enable} as enable
               from ${ebox} where ${reach.visibleLockers ?? sql`true`}${lockerIn(sql`${ebox.id}`, reach)}`;
}

export type LockerUseRow = {
  id: string;
  name: string;
  code: string | null;
  compartments: number;
  deposits: number;
  pickups: number;
  expiries: number;
};

/** Each counted locker's enabled compartments and its deposits, pickups and expiries in the range. */
export async function readLockerUse(tx: Tx, reach: DashboardReach, source: RangeSource): Promise<LockerUseRow[]> {
  const result = await tx.execute(sql`
    with lockers as (${countedLockers(reach)}),
    doors as (
      select ebox_id, count(*)::int as compartments from compartiment
       where ebox_id in (select id from lockers) and enable is not false group by 1),
    use as (
      select ebox_id, sum(deposits)::int as deposits, sum(pickups)::int as pickups, sum(expiries)::int as expiries
        from dashboard_locker_day where ${daysOf(source)} and ebox_id in (select id from lockers)${companyIn(sql`company_id`, reach)}
       group by 1)
    select l.id, l.name, l.code, coalesce(d.compartments, 0) as compartments,
           coalesce(u.deposits, 0) as deposits, coalesce(u.pickups, 0) as pickups, coalesce(u.expiries, 0) as expiries
      from lockers l left join doors d on d.ebox_id = l.id left join use u on u.ebox_id = l.id`);
  return numbersOf<LockerUseRow>(result.rows, ['compartments', 'deposits', 'pickups', 'expiries']);
}

export type OccupancyRow = {
  key: string;
  name: string | null;
  enabled: number;
  occupied: number;
  booked: number;
  available: number;
  damaged: number;
  dirty: number;
};

const occupancyCounts = sql`
  count(*)::int as enabled,
  (count(*) filter (where c.status = 'OCCUPIED'))::int as occupied,
  (count(*) filter (where c.status = 'BOOKED'))::int as booked,
  (count(*) filter (where c.status = 'AVAILABLE' or c.status is null))::int as available,
  (count(*) filter (where c.status = 'DAMAGE'))::int as damaged,
  (count(*) filter (where c.status = 'DIRTY'))::int as dirty`;

const OCCUPANCY_KEYS = ['enabled', 'occupied', 'booked', 'available', 'damaged', 'dirty'] as const;

/** The counted lockers' enabled compartments now, by size and by cluster (the clusters the caller sees). */
export async function readOccupancy(tx: Tx, reach: DashboardReach, visibleClusters: SQL | undefined) {
  const cluster = entityTable('cluster');
  const bySize = await tx.execute(sql`
    select c.size as key, null as name, ${occupancyCounts}
      from compartiment c where c.enable is not false and c.ebox_id in (select id from (${countedLockers(reach)}) l)
     group by c.size order by c.size`);
  const byCluster = await tx.execute(sql`
    select ${cluster.id}::text as key, ${cluster.name} as name, ${occupancyCounts}
      from compartiment c
      join cluster_ebox ce on ce.ebox_id = c.ebox_id
      join ${cluster} on ${cluster.id} = ce.cluster_id and ${visibleClusters ?? sql`true`}
     where c.enable is not false and c.ebox_id in (select id from (${countedLockers(reach)}) l)
     group by 1, 2 order by 2`);
  return {
    bySize: numbersOf<OccupancyRow>(bySize.rows, [...OCCUPANCY_KEYS]),
    byCluster: numbersOf<OccupancyRow>(byCluster.rows, [...OCCUPANCY_KEYS]),
  };
}

const OFFLINE_LISTED = 10;

/** The counted lockers online and offline now, and the enabled offline ones silent longest first. */
export async function readLockerHealth(tx: Tx, reach: DashboardReach) {
  const counts = await tx.execute<{ online: number; offline: number }>(sql`
    select (count(*) filter (where status = 'online'))::int as online,
           (count(*) filter (where status is distinct from 'online'))::int as offline
      from (${countedLockers(reach)}) l`);
  const offline = await tx.execute<{ id: string; name: string; code: string | null; last_heart_beat: string | null }>(sql`
    select id, name, code, last_heart_beat from (${countedLockers(reach)}) l
     where status is distinct from 'online' and enable is not false
     order by last_heart_beat asc nulls first, name limit ${OFFLINE_LISTED}`);
  return {
    online: Number(counts.rows[0]?.online ?? 0),
    offline: Number(counts.rows[0]?.offline ?? 0),
    offlineList: offline.rows.map((row) => ({
      id: row.id,
      name: row.name,
      code: row.code,
      lastHeartBeat: row.last_heart_beat ? new Date(row.last_heart_beat).toISOString() : null,
    })),
  };
}

const OLDEST_LISTED = 10;

/** Parcels in a locker now: how many waited up to 1, 1 to 3, 3 to 7 and over 7 days, and the oldest. */
export async function readAgedParcels(tx: Tx, reach: DashboardReach, now: Date) {
  const ebox = entityTable('ebox');
  const inLocker = sql`o.status in (${listOf(IN_LOCKER_STATUSES)}) and o.stored_at is not null
    ${companyIn(sql`o.company_id`, reach)}${lockerIn(sql`o.ebox_id`, reach)}
    and (o.ebox_id is null or o.ebox_id in (select id from (${countedLockers(reach)}) l))`;
  const age = sql`(${now.toISOString()}::timestamptz - o.stored_at)`;
  const buckets = await tx.execute<Record<string, number>>(sql`
    select (count(*) filter (where ${age} < interval '1 day'))::int as "upTo1Day",
           (count(*) filter (where ${age} >= interval '1 day' and ${age} < interval '3 days'))::int as "from1To3Days",
           (count(*) filter (where ${age} >= interval '3 days' and ${age} < interval '7 days'))::int as "from3To7Days",
           (count(*) filter (where ${age} >= interval '7 days'))::int as "over7Days"
      from "order" o where ${inLocker}`);
  const oldest = await tx.execute<{
    id: string;
    tracking_code: string;
    status: string;
    stored_at: string;
    ebox_id: string | null;
    ebox_name: string | null;
  }>(sql`
    select o.id, o.tracking_code, o.status, o.stored_at, e.id as ebox_id, e.name as ebox_name
      from "order" o left join ${ebox} e on e.id = o.ebox_id
     where ${inLocker} order by o.stored_at asc limit ${OLDEST_LISTED}`);
  return {
    buckets: buckets.rows[0] ?? {},
    oldest: oldest.rows.map((row) => ({
      id: row.id,
      trackingCode: row.tracking_code,
      status: row.status,
      storedAt: new Date(row.stored_at).toISOString(),
      ebox: row.ebox_id ? { id: row.ebox_id, name: row.ebox_name ?? '' } : null,
    })),
  };
}

/** The names of companies (carriers) by id. */
export async function readCompanyNames(tx: Tx, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const company = entityTable('company');
  const result = await tx.execute<{ id: string; name: string }>(
    sql`select ${company.id} as id, ${company.name} as name from ${company} where ${company.id} = any(${uuids(ids)})`,
  );
  return new Map(result.rows.map((row) => [row.id, row.name]));
}

/** The lockers of a cluster (its links). */
export async function readClusterLockers(tx: Tx, clusterId: string): Promise<string[]> {
  const result = await tx.execute<{ ebox_id: string }>(sql`select ebox_id from cluster_ebox where cluster_id = ${clusterId}::uuid`);
  return result.rows.map((row) => row.ebox_id);
}
