import type { EventPayload } from '@ebox/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Reader } from '../../platform/db/batched-reads';
import type { Tx } from '../../platform/db/client';
import { companyIn, countedLockers, type DashboardReach, inCountedLockers, limitOf, listOf, orderIn } from './figure-repository';

/**
 * The lockers' availability (docs/dashboard.md "Availability"): the intervals each was offline, kept
 * as its status changes, and a period's offline minutes read as their overlaps with it.
 */

type StatusChange = Pick<EventPayload<'ebox.statusChanged'>, 'eboxId' | 'status' | 'at'>;

/**
 * Opens an interval for each locker gone offline and closes the open one of each heard again, in two
 * statements for a whole batch. A change that repeats the state (offline while already offline)
 * changes nothing.
 */
export async function recordOfflineIntervals(tx: Tx, changes: readonly StatusChange[]): Promise<void> {
  const offline = changes.filter((change) => change.status === 'offline');
  const online = changes.filter((change) => change.status === 'online');
  if (offline.length) {
    await tx.execute(sql`
      insert into locker_offline (ebox_id, company_id, from_at)
      select c.ebox_id, e.company_id, c.at
        from unnest(${sql.param(offline.map((change) => change.eboxId))}::uuid[], ${sql.param(offline.map((change) => change.at))}::timestamptz[])
             as c(ebox_id, at)
        left join ebox e on e.id = c.ebox_id
      on conflict (ebox_id) where to_at is null do nothing`);
  }
  if (online.length) {
    await tx.execute(sql`
      update locker_offline o set to_at = greatest(c.at, o.from_at)
        from unnest(${sql.param(online.map((change) => change.eboxId))}::uuid[], ${sql.param(online.map((change) => change.at))}::timestamptz[])
             as c(ebox_id, at)
       where o.ebox_id = c.ebox_id and o.to_at is null`);
  }
}

/** Forgets intervals that ended over 400 days ago (the dashboard's longest look back). */
export async function pruneOfflineIntervals(tx: Tx, now: Date): Promise<void> {
  await tx.execute(sql`delete from locker_offline where to_at < ${now.toISOString()}::timestamptz - interval '400 days'`);
}

const LISTED = 10;

type Range = { from: string; to: string };

/**
 * The offline minutes of a period and its previous one at the reach's enabled lockers, in one pass
 * over them, with how many lockers that is (for the availability share), and the lockers offline in
 * the period, longest first.
 */
export async function readOfflineMinutes(tx: Reader, reach: DashboardReach, current: Range, previous: Range, now: Date) {
  const nowAt = sql`${now.toISOString()}::timestamptz`;
  // A locker without an interval joins NULLs, which least() and greatest() would skip: it counts 0.
  const overlap = (range: Range) =>
    sql`case when o.id is null then 0 else greatest(0, extract(epoch from least(coalesce(o.to_at, ${nowAt}), ${range.to}::timestamptz) - greatest(o.from_at, ${range.from}::timestamptz)) / 60) end`;
  // ISO times in UTC order as text: the earliest start and the latest end of the two.
  const [from] = [current.from, previous.from].sort();
  const [, to] = [current.to, previous.to].sort();
  const lockers = sql`select id, name, code from (${countedLockers(reach)}) l where enable is not false`;
  // Summed here, and only the lockers that went offline shipped: not a row per locker of the network.
  const result = await tx.execute<{ lockers: number; minutes: number; before: number; longest: Longest[] | null }>(sql`
    with per_locker as (
      select l.id, l.name, l.code, coalesce(sum(${overlap(current)}), 0)::float8 as minutes,
             coalesce(sum(${overlap(previous)}), 0)::float8 as before,
             (count(o.id) filter (where o.from_at < ${current.to}::timestamptz and coalesce(o.to_at, ${nowAt}) > ${current.from}::timestamptz))::int as outages
        from (${lockers}) l
        left join locker_offline o on o.ebox_id = l.id and o.from_at < ${to}::timestamptz and coalesce(o.to_at, ${nowAt}) > ${from}::timestamptz
       group by l.id, l.name, l.code)
    select count(*)::int as lockers, coalesce(sum(round(minutes)), 0)::float8 as minutes, coalesce(sum(before), 0)::float8 as before,
           (select json_agg(json_build_object('id', id, 'name', name, 'code', code, 'minutes', round(minutes), 'outages', outages)
                            order by round(minutes) desc, name)
              from (select * from per_locker where outages > 0 order by round(minutes) desc, name ${limitOf(LISTED)}) top) as longest
      from per_locker`);
  const row = result.rows[0];
  return {
    lockers: Number(row?.lockers ?? 0),
    current: Math.round(Number(row?.minutes ?? 0)),
    previous: Math.round(Number(row?.before ?? 0)),
    longest: (row?.longest ?? []).map((locker) => ({ ...locker, minutes: Number(locker.minutes), outages: Number(locker.outages) })),
  };
}

type Longest = { id: string; name: string; code: string | null; minutes: number; outages: number };

/**
 * Every enabled locker's compartments at this hour, and all of them together: one row each (the
 * hour already sampled: nothing).
 */
export async function sampleOccupancy(tx: Tx, hour: Date): Promise<number> {
  const at = sql`${hour.toISOString()}::timestamptz`;
  const result = await tx.execute(sql`
    insert into dashboard_occupancy_hour (at, ebox_id, company_id, enabled, used)
    select ${at}, e.id, e.company_id, count(*)::int,
           (count(*) filter (where c.status in ('OCCUPIED', 'BOOKED')))::int
      from ebox e join compartiment c on c.ebox_id = e.id and c.enable is not false
     where e.enable is not false
     group by e.id, e.company_id
    on conflict do nothing`);
  await tx.execute(sql`
    insert into dashboard_occupancy_hour_all (at, enabled, used)
    select ${at}, coalesce(sum(enabled), 0)::int, coalesce(sum(used), 0)::int from dashboard_occupancy_hour where at = ${at}
    on conflict do nothing`);
  return result.rowCount ?? 0;
}

/** Forgets samples over 90 days old. */
export async function pruneOccupancySamples(tx: Tx, now: Date): Promise<void> {
  await tx.execute(sql`delete from dashboard_occupancy_hour where at < ${now.toISOString()}::timestamptz - interval '90 days'`);
  await tx.execute(sql`delete from dashboard_occupancy_hour_all where at < ${now.toISOString()}::timestamptz - interval '90 days'`);
}

type Cell = { dow: number; hour: number; value: number };

/** A 7 × 24 grid (Sunday first, hours 0-23) from cells, empty ones `empty`. */
function gridOf<T>(cells: Cell[], empty: T, present: (value: number) => number | T): (number | T)[][] {
  const grid: (number | T)[][] = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => empty));
  for (const cell of cells) {
    const row = grid[cell.dow];
    if (row) row[cell.hour] = present(cell.value);
  }
  return grid;
}

/**
 * The weekday × hour grid of a range on the network's clock: parcels picked up (the move log) and
 * the free compartments of the reach's lockers on average (the hourly samples).
 */
export async function readWeekGrid(
  tx: Reader,
  reach: DashboardReach,
  range: { from: string; to: string },
  pickupStatuses: readonly string[],
  timeZone: string,
) {
  const local = (column: ReturnType<typeof sql>) => sql`(${column} at time zone ${timeZone})`;
  const inLockers = (column: SQL) => inCountedLockers(column, reach);
  // Pickups are parcels: the reach's own and those its distribution companies carry, at the lockers counted.
  const companies = orderIn(sql`m.company_id`, sql`m.carrier_id`, reach);
  // Counted by hour first (at most 672 hours), then placed on the zone's clock: the zone's offset is
  // whole hours. The status list is the partial index's own, written out so the planner uses it.
  const pickupsRead = tx.execute<Cell>(sql`
    select extract(dow from ${local(sql`h.hour`)})::int as dow, extract(hour from ${local(sql`h.hour`)})::int as hour, sum(h.n)::int as value
      from (select date_trunc('hour', m.at) as hour, count(*) as n
              from dashboard_move m
             where m.at >= ${range.from}::timestamptz and m.at < ${range.to}::timestamptz
               and m.status in (${listOf(pickupStatuses)})${companies}${inLockers(sql`m.ebox_id`)}
             group by 1) h
     group by 1, 2`);
  // Who counts every locker reads the hours' totals; anyone else the hours of their lockers.
  const everyLocker = !reach.visibleLockers && !reach.eboxIds;
  const samples = !everyLocker
    ? sql`(select at, sum(enabled - used) as free from dashboard_occupancy_hour s
            where s.at >= ${range.from}::timestamptz and s.at < ${range.to}::timestamptz${inLockers(sql`s.ebox_id`)}
            group by at)`
    : sql`(select at, enabled - used as free from dashboard_occupancy_hour_all s
            where s.at >= ${range.from}::timestamptz and s.at < ${range.to}::timestamptz)`;
  const freeRead = tx.execute<Cell>(sql`
    select extract(dow from ${local(sql`h.at`)})::int as dow, extract(hour from ${local(sql`h.at`)})::int as hour,
           avg(h.free)::float8 as value
      from ${samples} h
     group by 1, 2`);
  const [pickups, free] = await Promise.all([pickupsRead, freeRead]);
  return {
    pickups: gridOf(pickups.rows, 0, (value) => Number(value)) as number[][],
    free: gridOf(free.rows, null, (value) => Math.round(Number(value) * 10) / 10),
  };
}

/** A range's bookings refused at the reach's lockers for want of a free compartment: `[from, to)`. */
function refusalsIn(reach: DashboardReach, range: { from: string; to: string }) {
  return sql`r.at >= ${range.from}::timestamptz and r.at < ${range.to}::timestamptz${inCountedLockers(sql`r.ebox_id`, reach)}${companyIn(sql`r.company_id`, reach)}`;
}

/** The bookings refused in a period and its previous one, and the lockers refusing most, by size. */
export async function readRefusals(
  tx: Reader,
  reach: DashboardReach,
  current: { from: string; to: string },
  previous: { from: string; to: string },
) {
  const totalsRead = tx.execute<{ current: number; previous: number }>(sql`
    select (select count(*) from locker_refusal r where ${refusalsIn(reach, current)})::int as current,
           (select count(*) from locker_refusal r where ${refusalsIn(reach, previous)})::int as previous`);
  const bySizeRead = tx.execute<{ id: string; name: string; code: string | null; size: string; count: number }>(sql`
    select e.id, e.name, e.code, r.size, count(*)::int as count
      from locker_refusal r join ebox e on e.id = r.ebox_id
     where ${refusalsIn(reach, current)}
     group by e.id, e.name, e.code, r.size`);
  const [totals, bySize] = await Promise.all([totalsRead, bySizeRead]);
  const lockers = new Map<
    string,
    { id: string; name: string; code: string | null; refusals: number; bySize: { size: string; count: number }[] }
  >();
  for (const row of bySize.rows) {
    const locker = lockers.get(row.id) ?? { id: row.id, name: row.name, code: row.code, refusals: 0, bySize: [] };
    locker.refusals += Number(row.count);
    locker.bySize.push({ size: row.size, count: Number(row.count) });
    lockers.set(row.id, locker);
  }
  return {
    refusals: { value: Number(totals.rows[0]?.current ?? 0), previous: Number(totals.rows[0]?.previous ?? 0) },
    lockers: [...lockers.values()]
      .map((locker) => ({ ...locker, bySize: locker.bySize.sort((a, b) => a.size.localeCompare(b.size)) }))
      .sort((a, b) => b.refusals - a.refusals || a.name.localeCompare(b.name))
      .slice(0, LISTED),
  };
}

/** Forgets refusals over 400 days old. */
export async function pruneRefusals(tx: Tx, now: Date): Promise<void> {
  await tx.execute(sql`delete from locker_refusal where at < ${now.toISOString()}::timestamptz - interval '400 days'`);
}
