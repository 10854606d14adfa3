import { IN_LOCKER_STATUSES } from '@ebox/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Reader } from '../../platform/db/batched-reads';
import type { Db, Tx } from '../../platform/db/client';
import { entityTable } from '../../platform/db/entity-tables';
import { compilePrepared, executeCompiled } from '../../platform/db/prepared';
import { COMPARTMENT_COUNT, type RollupTable } from './rollup-repository';

/**
 * The dashboard's reads (docs/dashboard.md "Reading a period"): a period's counts and dwell-time
 * histograms from the rollups' whole days, plus at most one partial day from the order history;
 * the "now" figures from the compartments, lockers and orders as they are.
 */

/**
 * Whose figures: the orders of `companyIds` (null: every company) and those `operatorIds` carry, at
 * `eboxIds` (null: any locker).
 */
export type DashboardReach = {
  companyIds: string[] | null;
  /**
   * The `distributionLogistic` companies among `companyIds`: the orders they carry count as well as
   * their companies' own, each once (docs/dashboard.md "Who sees what"). Empty when `companyIds` is null.
   */
  operatorIds: string[];
  eboxIds: string[] | null;
  /** The lockers the caller sees (their scope and the company filter), a condition on `ebox`; undefined: all. */
  visibleLockers: SQL | undefined;
};

/** Rollup days, both ends included (YYYY-MM-DD), and a partial day read from the history ([from, to), ISO). */
export type RangeSource = { days: { first: string; last: string } | null; partial: { from: string; to: string } | null };

/** How a series is cut: the rows' `point` is their day, or their month's first day. */
export type Step = 'day' | 'month';

export const listOf = (statuses: readonly string[]) => sql.raw(statuses.map((status) => `'${status.replace(/'/g, "''")}'`).join(', '));
export const uuids = (ids: string[]) => sql`${sql.param(ids)}::uuid[]`;

/** The reach's own companies only: for what belongs to a company and not to an order's carrier (messages, refusals). */
export function companyIn(column: SQL, reach: DashboardReach): SQL {
  return reach.companyIds ? sql` and ${column} = any(${uuids(reach.companyIds)})` : sql``;
}

/**
 * The orders counted, on a row that names both the order's company and its carrier: the reach's
 * companies' and those its distribution companies carry. One row is one order's move, so an order a
 * company both owns and carries counts once.
 */
export function orderIn(companyColumn: SQL, carrierColumn: SQL, reach: DashboardReach): SQL {
  if (!reach.companyIds || !reach.operatorIds.length) return companyIn(companyColumn, reach);
  return sql` and (${companyColumn} = any(${uuids(reach.companyIds)}) or ${carrierColumn} = any(${uuids(reach.operatorIds)}))`;
}

/**
 * Orders carried by the reach's distribution companies for companies outside the reach: what the
 * company-keyed reads do not already count.
 */
function carriedFor(reach: DashboardReach & { companyIds: string[] }): SQL {
  return sql` and carrier_id = any(${uuids(reach.operatorIds)}) and (company_id is null or not company_id = any(${uuids(reach.companyIds)}))`;
}

export function lockerIn(column: SQL, reach: DashboardReach): SQL {
  return reach.eboxIds ? sql` and ${column} = any(${uuids(reach.eboxIds)})` : sql``;
}

function numbersOf<T>(rows: Record<string, unknown>[], keys: string[]): T[] {
  return rows.map((row) => {
    const out: Record<string, unknown> = { ...row };
    for (const key of keys) out[key] = row[key] === null || row[key] === undefined ? null : Number(row[key]);
    return out as T;
  });
}

const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const monthStartOf = (day: string) => `${day.slice(0, 8)}01`;
const nextMonthOf = (day: string) => {
  const date = new Date(`${monthStartOf(day)}T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return date.toISOString().slice(0, 10);
};

type Segment = { first: string; last: string; grain: 'day' | 'month' };

/**
 * A range of days cut into the whole months inside it (read from the month tables) and the days
 * before and after them (read from the day tables).
 */
export function segmentsOf(days: { first: string; last: string }): Segment[] {
  const firstWhole = days.first.endsWith('-01') ? days.first : nextMonthOf(days.first);
  let end = firstWhole;
  while (nextMonthOf(end) <= addDays(days.last, 1)) end = nextMonthOf(end);
  if (end === firstWhole) return [{ ...days, grain: 'day' }];
  const segments: Segment[] = [];
  if (days.first < firstWhole) segments.push({ first: days.first, last: addDays(firstWhole, -1), grain: 'day' });
  segments.push({ first: firstWhole, last: addDays(end, -1), grain: 'month' });
  if (end <= days.last) segments.push({ first: end, last: days.last, grain: 'day' });
  return segments;
}

/**
 * A family of rollups: its base table (by company and day), and its derived tables by grain and
 * reach; `carried`, where the family counts a distribution company's carried orders, its month
 * table keyed by company and carrier (its base table keeps the carrier).
 */
type Family = {
  base: RollupTable;
  all: { day: string; month: string };
  company: { month: string };
  /**
   * `byCarrier`: the month rows by carrier alone; the carried orders are then those rows less the
   * `month` rows of the reach's own companies (a tenth of the rows of every company carried for).
   */
  carried?: { month: string; byCarrier?: string };
};

const FAMILIES = {
  order: {
    base: 'dashboard_order_day',
    all: { day: 'dashboard_order_day_all', month: 'dashboard_order_month_all' },
    company: { month: 'dashboard_order_month' },
    carried: { month: 'dashboard_order_month' },
  },
  dwell: {
    base: 'dashboard_dwell_day',
    all: { day: 'dashboard_dwell_day_all', month: 'dashboard_dwell_month_all' },
    company: { month: 'dashboard_dwell_month' },
    carried: { month: 'dashboard_dwell_month_carrier', byCarrier: 'dashboard_dwell_month_by_carrier' },
  },
  inbound: {
    base: 'dashboard_inbound_day',
    all: { day: 'dashboard_inbound_day_all', month: 'dashboard_inbound_month_all' },
    company: { month: 'dashboard_inbound_month' },
    carried: { month: 'dashboard_inbound_month' },
  },
  message: {
    base: 'dashboard_message_day',
    all: { day: 'dashboard_message_day_all', month: 'dashboard_message_month_all' },
    company: { month: 'dashboard_message_month' },
  },
  locker: {
    base: 'dashboard_locker_day',
    all: { day: 'dashboard_locker_day_all', month: 'dashboard_locker_month_all' },
    company: { month: 'dashboard_locker_month' },
    carried: { month: 'dashboard_locker_month_carrier' },
  },
} as const satisfies Record<string, Family>;

/**
 * A family's rows over `days`, grouped by `group` (columns every table of the family has; `point`:
 * the day, or the month's first day by `step`) with `sums` summed. Each segment reads the table of
 * its grain and reach (every company together when the caller is not limited), plus the base table's
 * rows the fold has not yet added to it, so a move counts at the next request.
 */
async function readFamily(
  tx: Reader,
  family: Family,
  reach: DashboardReach,
  days: { first: string; last: string } | null,
  options: { group: string[]; sums: string[]; step: Step },
): Promise<Record<string, unknown>[]> {
  if (!days) return [];
  return (await tx.execute(familyQuery(family, reach, days, options))).rows;
}

/** A row's point, written from its `day`: the day, or its month's first day. */
const pointOf = (step: Step) => (step === 'month' ? `to_char(date_trunc('month', day), 'YYYY-MM-DD')` : `to_char(day, 'YYYY-MM-DD')`);

/** readFamily's query, to read it or to join it. */
function familyQuery(
  family: Family,
  reach: DashboardReach,
  days: { first: string; last: string },
  options: { group: string[]; sums: string[]; step: Step; lockers?: SQL },
): SQL {
  const point = pointOf(options.step);
  // The parts are grouped by their raw day, and the point is written once per summed row: formatting
  // every row's day first cost a carrier's year 30 000 to_char calls (docs/dashboard.md "Reading fast").
  const rawGroup = options.group.map((column) => (column === 'point' ? 'day' : column));
  const selected = sql.raw([...rawGroup, ...options.sums].join(', '));
  const lockers = sql`${lockerIn(sql.raw('ebox_id'), reach)}${options.lockers ?? sql``}`;
  const filters = (companyColumn: boolean) => sql`${companyColumn ? companyIn(sql.raw('company_id'), reach) : sql``}${lockers}`;
  const parts: SQL[] = [];
  // A daily series needs its days: month tables only serve monthly points or totals.
  const segments: Segment[] = options.step === 'day' && options.group.includes('point') ? [{ ...days, grain: 'day' }] : segmentsOf(days);
  for (const segment of segments) {
    const within = sql`day between ${segment.first}::date and ${segment.last}::date`;
    if (reach.companyIds && segment.grain === 'day') {
      parts.push(sql`select ${selected} from ${sql.raw(family.base)} where ${within}${filters(true)}`);
      continue;
    }
    const derived = reach.companyIds ? family.company.month : family.all[segment.grain];
    parts.push(sql`select ${selected} from ${sql.raw(derived)} where ${within}${filters(Boolean(reach.companyIds))}`);
    parts.push(sql`select ${selected} from ${sql.raw(family.base)} where not folded and ${within}${filters(Boolean(reach.companyIds))}`);
  }
  // A distribution company's carried orders of other companies, read the same way from the tables that keep the carrier.
  if (reach.companyIds && reach.operatorIds.length && family.carried) {
    const carried = sql`${carriedFor({ ...reach, companyIds: reach.companyIds })}${lockers}`;
    for (const segment of segments) {
      const within = sql`day between ${segment.first}::date and ${segment.last}::date`;
      if (segment.grain === 'day') {
        parts.push(sql`select ${selected} from ${sql.raw(family.base)} where ${within}${carried}`);
        continue;
      }
      if (family.carried.byCarrier) {
        // Every order the distribution companies carried, less those of the reach's companies (counted above).
        const negated = sql.raw([...rawGroup, ...options.sums.map((column) => `-${column} as ${column}`)].join(', '));
        parts.push(
          sql`select ${selected} from ${sql.raw(family.carried.byCarrier)} where ${within} and carrier_id = any(${uuids(reach.operatorIds)})${lockers}`,
        );
        parts.push(
          sql`select ${negated} from ${sql.raw(family.carried.month)}
               where ${within} and carrier_id = any(${uuids(reach.operatorIds)}) and company_id = any(${uuids(reach.companyIds)})${lockers}`,
        );
      } else parts.push(sql`select ${selected} from ${sql.raw(family.carried.month)} where ${within}${carried}`);
      parts.push(sql`select ${selected} from ${sql.raw(family.base)} where not folded and ${within}${carried}`);
    }
  }
  const sums = (cast: string) => options.sums.map((column) => `sum(${column})${cast} as ${column}`).join(', ');
  const union = sql`(${sql.join(parts, sql` union all `)}) parts`;
  if (!options.group.length) return sql`select ${sql.raw(sums('::int'))} from ${union}`;
  const grouped = (cast: string) =>
    sql`select ${sql.raw(`${rawGroup.join(', ')}, ${sums(cast)}`)} from ${union} group by ${sql.raw(rawGroup.join(', '))}`;
  if (!options.group.includes('point')) return grouped('::int');
  const summed = grouped('');
  const outer = options.group.map((column) => (column === 'point' ? `${point} as point` : column));
  return sql`select ${sql.raw(`${outer.join(', ')}, ${sums('::int')}`)} from (${summed}) summed group by ${sql.raw(options.group.map((column) => (column === 'point' ? point : column)).join(', '))}`;
}

/** Orders that reached a status, by point, type, carrier and status. */
export type StatusRow = { point: string | null; type: string | null; carrier: string | null; status: string; count: number };
/** Pickups by point, type and dwell-time bucket. */
export type DwellRow = { point: string | null; type: string | null; bucket: number; count: number };
/** A locker's deposits, pickups and expiries (by point, or by locker). */
export type LockerRow = { point: string | null; ebox: string | null; deposits: number; pickups: number; expiries: number };

/**
 * How a read groups its rows: by point (a series), by order type and carrier (the period's tables),
 * or not at all (a total). Each read returns only the rows its use needs.
 */
export type Shape = 'series' | 'detail' | 'total';

/** A range's status counts, from the rollups (an order's statuses; not read per locker). */
export async function readStatusRows(
  tx: Reader,
  reach: DashboardReach,
  days: RangeSource['days'],
  step: Step,
  shape: Shape,
): Promise<StatusRow[]> {
  const group = { series: ['point', 'status'], detail: ['type', 'carrier_id', 'status'], total: ['status'] }[shape];
  const rows = await readFamily(tx, FAMILIES.order, reach, days, { group, sums: ['count'], step });
  return numbersOf<StatusRow>(
    rows.map(({ carrier_id, ...row }) => ({ point: null, type: null, ...row, carrier: (carrier_id as string | undefined) ?? null })),
    ['count'],
  );
}

/** A range's pickups by dwell-time bucket: the orders' (by type for the detail), or the filtered lockers'. */
export async function readDwellRows(
  tx: Reader,
  reach: DashboardReach,
  days: RangeSource['days'],
  step: Step,
  shape: Shape,
): Promise<DwellRow[]> {
  if (!days) return [];
  const keys = { series: ['point'], detail: reach.eboxIds ? [] : ['type'], total: [] }[shape];
  let rows: SQL;
  if (reach.eboxIds) {
    rows = sql`
      select ${sql.raw(shape === 'series' ? pointOf(step) : 'null')} as point, bucket, sum(count)::int as count
        from dashboard_locker_dwell_day
       where day between ${days.first}::date and ${days.last}::date${orderIn(sql`company_id`, sql`carrier_id`, reach)}${lockerIn(sql`ebox_id`, reach)}
       group by 1, 2`;
  } else rows = familyQuery(FAMILIES.dwell, reach, days, { group: [...keys, 'bucket'], sums: ['count'], step });
  // Each point's (or type's) buckets and counts as two arrays: a month's daily series is 2,300
  // bucket rows, and as JSON objects they were most of a reading's bytes and of its parsing.
  const packed = await tx.execute(sql`
    select ${sql.raw(keys.map((key) => `${key}, `).join(''))}array_agg(bucket) as buckets, array_agg(count) as counts
      from (${rows}) rows${sql.raw(keys.length ? ` group by ${keys.join(', ')}` : '')}`);
  return packed.rows.flatMap((row) => {
    const buckets = (row.buckets ?? []) as number[];
    const counts = (row.counts ?? []) as number[];
    const point = (row.point as string | undefined) ?? null;
    const type = (row.type as string | undefined) ?? null;
    return buckets.map((bucket, index) => ({ point, type, bucket: Number(bucket), count: Number(counts[index]) }));
  });
}

/** Deposits after an inbound by carrier and bucket of the time between (not kept per locker). */
export type InboundRow = { carrier: string | null; bucket: number; count: number };

/** A range's deposits by carrier and time from inbound (empty with a locker filter: not kept per locker). */
export async function readInboundRows(tx: Reader, reach: DashboardReach, days: RangeSource['days']): Promise<InboundRow[]> {
  if (reach.eboxIds) return [];
  const rows = await readFamily(tx, FAMILIES.inbound, reach, days, { group: ['carrier_id', 'bucket'], sums: ['count'], step: 'month' });
  return numbersOf<InboundRow>(
    rows.map(({ carrier_id, ...row }) => ({ ...row, carrier: (carrier_id as string | null) ?? null })),
    ['bucket', 'count'],
  );
}

/** The customers' messages that reached a step, by channel and trigger. */
export type MessageRow = { channel: string; trigger: string; status: string; count: number };

/** A range's messages (not kept per locker: empty with a locker filter). */
export async function readMessageRows(tx: Reader, reach: DashboardReach, days: RangeSource['days']): Promise<MessageRow[]> {
  if (reach.eboxIds) return [];
  const rows = await readFamily(tx, FAMILIES.message, reach, days, {
    group: ['channel', 'trigger', 'status'],
    sums: ['count'],
    step: 'month',
  });
  return numbersOf<MessageRow>(rows, ['count']);
}

/** A range's deposits, pickups and expiries at the lockers, by point, by locker, or in total. */
export async function readLockerRows(
  tx: Reader,
  reach: DashboardReach,
  days: RangeSource['days'],
  options: { by: 'point' | 'ebox' | 'total'; step: Step },
): Promise<LockerRow[]> {
  const group = { point: ['point'], ebox: ['ebox_id'], total: [] }[options.by];
  const rows = await readFamily(tx, FAMILIES.locker, reach, days, { group, sums: ['deposits', 'pickups', 'expiries'], step: options.step });
  return numbersOf<LockerRow>(
    rows.map(({ ebox_id, ...row }) => ({ point: null, ...row, ebox: (ebox_id as string | undefined) ?? null })),
    ['deposits', 'pickups', 'expiries'],
  );
}

/**
 * The partial day's moves from the move log, as the rollups count them: statuses (by type and
 * carrier) and pickups' dwell buckets (by type); with a locker filter, the lockers' moves only.
 */
export async function readPartialDay(tx: Reader, reach: DashboardReach, partial: RangeSource['partial']) {
  if (!partial) return { statuses: [] as StatusRow[], dwell: [] as DwellRow[] };
  const result = await tx.execute(sql`
    select null as point, type, carrier_id as carrier, status, bucket, count(*)::int as count
      from dashboard_move
     where at >= ${partial.from}::timestamptz and at < ${partial.to}::timestamptz
       ${orderIn(sql`company_id`, sql`carrier_id`, reach)}${lockerIn(sql`ebox_id`, reach)}
     group by type, carrier_id, status, bucket`);
  const rows = numbersOf<StatusRow & { bucket: number | null }>(result.rows, ['bucket', 'count']);
  return {
    statuses: rows.map(({ bucket: _, ...row }) => row),
    dwell: rows.flatMap((row) => (row.bucket === null ? [] : [{ point: null, type: row.type, bucket: row.bucket, count: row.count }])),
  };
}

/**
 * A list's length, written into the text: as a parameter it leaves the planner guessing (a tenth of
 * the rows), and a generic plan read 6,683 parcels in a parallel worker to list the ten oldest
 * (25 ms, against 0.3 ms for the plan that knows the limit).
 */
export function limitOf(rows: number): SQL {
  if (!Number.isInteger(rows) || rows < 1) throw new Error(`a list's length must be a positive integer: ${rows}`);
  return sql.raw(`limit ${rows}`);
}

/** The lockers counted: those the caller sees, narrowed to the locker filter. */
export function countedLockers(reach: DashboardReach): SQL {
  const ebox = entityTable('ebox');
  return sql`select ${ebox.id} as id, ${ebox.name} as name, ${ebox.code} as code, ${ebox.status} as status,
                    ${ebox.lastHeartBeat} as last_heart_beat, ${ebox.enable} as enable
               from ${ebox} where ${reach.visibleLockers ?? sql`true`}${lockerIn(sql`${ebox.id}`, reach)}`;
}

/** `column` among the counted lockers, when the caller or a filter narrows them (nothing otherwise). */
export function inCountedLockers(column: SQL, reach: DashboardReach): SQL {
  return reach.visibleLockers || reach.eboxIds ? sql` and ${column} in (select id from (${countedLockers(reach)}) l)` : sql``;
}

/**
 * Whether a kept answer still holds: nothing the reach reads changed after `snapshot` (its reading's,
 * `pg_current_snapshot()`), that is no `dashboard_change` row committed since, of every reading (a
 * company edited: its distribution flag may have changed what the reach counts), or of one of the
 * reach's companies or carriers, or of a locker it sees (whatever its state: a locker disabled
 * leaves the counted ones). Rows the snapshot saw as running are newer; those it saw committed are
 * not. The question is compiled once and asked by every request the answer serves, as one prepared
 * statement.
 */
export function prepareUnchangedCheck(db: Db, snapshot: string, reach: DashboardReach): () => Promise<boolean> {
  const ebox = entityTable('ebox');
  const concerns =
    reach.companyIds === null
      ? sql`true`
      : sql`(c.company_id is null and c.carrier_id is null and c.ebox_id is null)
          or c.company_id = any(${uuids(reach.companyIds)})
          or c.carrier_id = any(${uuids([...reach.companyIds, ...reach.operatorIds])})
          or c.ebox_id in (select ${ebox.id} from ${ebox} where ${reach.visibleLockers ?? sql`true`})`;
  const question = compilePrepared(sql`
    select not (exists (
      select 1 from dashboard_change c
       where c.xid >= pg_snapshot_xmin(${snapshot}::pg_snapshot)::text::bigint
         and not pg_visible_in_snapshot(c.xid::text::xid8, ${snapshot}::pg_snapshot)
         and (${concerns}))) as unchanged`);
  return async () => (await executeCompiled(db, question)).rows[0]?.unchanged === true;
}

export type LockerUseRow = {
  id: string;
  name: string;
  code: string | null;
  compartments: number;
  deposits: number;
  pickups: number;
  expiries: number;
  utilization: number | null;
};

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

/**
 * What the counted lockers' enabled compartments say now (their live counters, a few rows per
 * locker, not their compartments' rows) and over the range:
 * occupancy by size and by cluster (the clusters the caller sees), and the most and least used
 * lockers: parcels deposited per day of the range per enabled compartment, ranked in the database
 * (a thousand lockers' rows never leave it), ties by name.
 */
export async function readCompartmentFigures(
  tx: Reader,
  reach: DashboardReach,
  visibleClusters: SQL | undefined,
  use: { source: RangeSource; days: number; ranked: number },
) {
  const cluster = entityTable('cluster');
  // Only the counted lockers' rows: a company's or a carrier's parcels go to every locker of the
  // network, and reading them all to rank its own was most of a carrier's year (docs/dashboard.md).
  const deposits = use.source.days
    ? familyQuery(FAMILIES.locker, reach, use.source.days, {
        group: ['ebox_id'],
        sums: ['deposits', 'pickups', 'expiries'],
        step: 'month',
        lockers: reach.visibleLockers ? sql` and ebox_id in (select id from counted)` : undefined,
      })
    : sql`select null::uuid as ebox_id, 0 as deposits, 0 as pickups, 0 as expiries where false`;
  const sums = sql.raw(COMPARTMENT_COUNT.sums.map((key) => `sum(${key})::int as ${key}`).join(', '));
  const result = await tx.execute<{ by_size: unknown; by_cluster: unknown; most_used: unknown; least_used: unknown }>(sql`
    with counted as (${countedLockers(reach)}),
    per_locker_size as (
      select k.ebox_id, nullif(k.size, '') as size, ${sums}
        from dashboard_compartment_count k where k.ebox_id in (select id from counted)
       group by k.ebox_id, k.size having sum(k.enabled) > 0),
    used as (
      select l.id, l.name, l.code, p.compartments, coalesce(u.deposits, 0) as deposits, coalesce(u.pickups, 0) as pickups,
             coalesce(u.expiries, 0) as expiries, coalesce(u.deposits, 0)::float8 / ${use.days || null}::int / p.compartments as utilization
        from (select ebox_id, sum(enabled)::int as compartments from per_locker_size group by ebox_id) p
        join counted l on l.id = p.ebox_id
        left join (${deposits}) u on u.ebox_id = p.ebox_id)
    select
      (select coalesce(json_agg(s order by s.key), '[]') from (
         select size as key, null as name, ${sums} from per_locker_size group by size) s) as by_size,
      (select coalesce(json_agg(s order by s.name), '[]') from (
         select ${cluster.id}::text as key, ${cluster.name} as name, ${sums}
           from per_locker_size p
           join cluster_ebox ce on ce.ebox_id = p.ebox_id
           join ${cluster} on ${cluster.id} = ce.cluster_id and ${visibleClusters ?? sql`true`}
          group by 1, 2) s) as by_cluster,
      (select coalesce(json_agg(r), '[]') from (
         select * from used order by utilization desc nulls last, name ${limitOf(use.ranked)}) r) as most_used,
      (select coalesce(json_agg(r), '[]') from (
         select * from used order by utilization asc nulls first, name desc ${limitOf(use.ranked)}) r) as least_used`);
  const row = result.rows[0];
  const lockersOf = (value: unknown) => (value as LockerUseRow[]).map((locker) => ({ ...locker, name: locker.name ?? '' }));
  return {
    bySize: (row?.by_size ?? []) as OccupancyRow[],
    byCluster: (row?.by_cluster ?? []) as OccupancyRow[],
    mostUsed: lockersOf(row?.most_used ?? []),
    leastUsed: lockersOf(row?.least_used ?? []),
  };
}

const OFFLINE_LISTED = 10;

/** The counted lockers online and offline now, and the enabled offline ones silent longest first. */
export async function readLockerHealth(tx: Reader, reach: DashboardReach) {
  const countsRead = tx.execute<{ online: number; offline: number }>(sql`
    select (count(*) filter (where status = 'online'))::int as online,
           (count(*) filter (where status is distinct from 'online'))::int as offline
      from (${countedLockers(reach)}) l`);
  const offlineRead = tx.execute<{ id: string; name: string; code: string | null; last_heart_beat: string | null }>(sql`
    select id, name, code, last_heart_beat from (${countedLockers(reach)}) l
     where status is distinct from 'online' and enable is not false
     order by last_heart_beat asc nulls first, name ${limitOf(OFFLINE_LISTED)}`);
  const [counts, offline] = await Promise.all([countsRead, offlineRead]);
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

/**
 * Parcels in a locker now: how many waited up to 1, 1 to 3, 3 to 7 and over 7 days, and the oldest,
 * found off the in-locker indexes (a company's, a carrier's, everyone's) before their ten rows are read.
 */
export async function readAgedParcels(tx: Reader, reach: DashboardReach, now: Date) {
  const ebox = entityTable('ebox');
  // The lockers the caller sees narrow the parcels only when the caller does not see every locker.
  const seen = reach.visibleLockers ? sql` and (o.ebox_id is null or o.ebox_id in (select id from (${countedLockers(reach)}) l))` : sql``;
  const inLocker = sql`o.status in (${listOf(IN_LOCKER_STATUSES)}) and o.stored_at is not null
    ${orderIn(sql`o.company_id`, sql`o.carrier_id`, reach)}${lockerIn(sql`o.ebox_id`, reach)}${seen}`;
  const age = sql`(${now.toISOString()}::timestamptz - o.stored_at)`;
  const bucketsRead = tx.execute<Record<string, number>>(sql`
    select (count(*) filter (where ${age} < interval '1 day'))::int as "upTo1Day",
           (count(*) filter (where ${age} >= interval '1 day' and ${age} < interval '3 days'))::int as "from1To3Days",
           (count(*) filter (where ${age} >= interval '3 days' and ${age} < interval '7 days'))::int as "from3To7Days",
           (count(*) filter (where ${age} >= interval '7 days'))::int as "over7Days"
      from "order" o where ${inLocker}`);
  const oldestRead = tx.execute<{
    id: string;
    tracking_code: string;
    status: string;
    stored_at: string;
    ebox_id: string | null;
    ebox_name: string | null;
  }>(sql`
    select p.id, p.tracking_code, p.status, p.stored_at, e.id as ebox_id, e.name as ebox_name
      from (select o.id from "order" o where ${inLocker} order by o.stored_at asc ${limitOf(OLDEST_LISTED)}) oldest
      join "order" p on p.id = oldest.id
      left join ${ebox} e on e.id = p.ebox_id
     order by p.stored_at asc, p.id`);
  const [buckets, oldest] = await Promise.all([bucketsRead, oldestRead]);
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

/** Carriers by id: their names, and the hours they promise from inbound to stored (company settings; null: none). */
export async function readCarriers(tx: Reader, ids: string[]): Promise<Map<string, { name: string; promiseHours: number | null }>> {
  if (!ids.length) return new Map();
  const company = entityTable('company');
  const result = await tx.execute<{ id: string; name: string; promise_hours: string | null }>(
    sql`select ${company.id} as id, ${company.name} as name, ${company.companySettings}->>'carrierPromiseHours' as promise_hours
          from ${company} where ${company.id} = any(${uuids(ids)})`,
  );
  return new Map(
    result.rows.map((row) => {
      const hours = Number(row.promise_hours);
      return [row.id, { name: row.name, promiseHours: row.promise_hours !== null && hours > 0 ? hours : null }];
    }),
  );
}

/** The `distributionLogistic` companies among `ids`. */
export async function readDistributionCompanies(tx: Tx, ids: string[]): Promise<string[]> {
  const company = entityTable('company');
  const result = await tx.execute<{ id: string }>(
    sql`select ${company.id} as id from ${company} where ${company.id} = any(${uuids(ids)}) and ${company.distributionLogistic} is true`,
  );
  return result.rows.map((row) => row.id);
}

/** The lockers of a cluster (its links). */
export async function readClusterLockers(tx: Tx, clusterId: string): Promise<string[]> {
  const result = await tx.execute<{ ebox_id: string }>(sql`select ebox_id from cluster_ebox where cluster_id = ${clusterId}::uuid`);
  return result.rows.map((row) => row.ebox_id);
}
