import { DEPOSIT_STATUSES, DWELL_BUCKET_RATIO, DWELL_BUCKETS, DWELL_MIN_SECONDS, EXPIRY_STATUSES, PICKUP_STATUSES } from '@ebox/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client';
import { executePrepared } from '../../platform/db/prepared';

/**
 * The dashboard's rollups in SQL (docs/dashboard.md "Rollups"): a move's rows, the fold of the new
 * rows into one per key, and the recomputation of everything from the order history. The day and
 * dwell bucket are computed the same way on the three paths, by the expressions below.
 */

/** A timestamp's day in the network's zone. */
const dayOf = (at: SQL, timeZone: string) => sql`((${at})::timestamptz at time zone ${timeZone})::date`;

/** The histogram bucket of a stay in seconds, as packages/domain's dwellBucketOf computes it. */
export const bucketOf = (seconds: SQL) =>
  sql`least(${sql.raw(String(DWELL_BUCKETS - 1))}, greatest(0, floor(ln(greatest(${seconds}, ${sql.raw(String(DWELL_MIN_SECONDS))})::float8 / ${sql.raw(
    String(DWELL_MIN_SECONDS),
  )}) / ln(${sql.raw(String(DWELL_BUCKET_RATIO))}))))::smallint`;

const listOf = (statuses: readonly string[]) => sql.raw(statuses.map((status) => `'${status.replace(/'/g, "''")}'`).join(', '));

export type OrderMove = {
  orderId: string;
  companyId: string | null;
  eboxId: string | null;
  type: string;
  /** The status reached (a creation: the status created in). */
  status: string;
  /** The move's own time (ISO). */
  at: string;
};

/**
 * A move's rows: its status that day, its dwell time when it is a pickup (for its company and for
 * its locker), its time from inbound when it is a deposit after an inbound, its locker's deposit,
 * pickup or expiry, and its locker's request for an evaluation of its alerts (claimed by the fold).
 * "After an inbound" is read from the times, as the recomputation reads it: a return or a send is
 * deposited first and taken in at the hub later (its inbound_at then set), which is no time from
 * inbound to stored.
 */
export async function insertMoveRollups(tx: Tx, move: OrderMove, timeZone: string): Promise<void> {
  await insertMovesRollups(tx, [move], timeZone);
}

/**
 * The same for many moves in one statement (an inbound of 500 orders): the moves are read from
 * arrays (one parameter each, so the text stays the same), each joined to its order.
 */
export async function insertMovesRollups(tx: Tx, moves: readonly OrderMove[], timeZone: string): Promise<void> {
  if (!moves.length) return;
  const column = <K extends keyof OrderMove>(key: K) => sql.param(moves.map((move) => move[key]));
  const day = dayOf(sql`m.at`, timeZone);
  const isPickup = sql`(m.status in (${listOf(PICKUP_STATUSES)}))`;
  const deposits = sql`(case when m.status in (${listOf(DEPOSIT_STATUSES)}) then 1 else 0 end)`;
  const pickups = sql`(case when ${isPickup} then 1 else 0 end)`;
  const expiries = sql`(case when m.status in (${listOf(EXPIRY_STATUSES)}) then 1 else 0 end)`;
  // One text for any number of moves, run on every status change: prepared, not parsed and planned each time.
  await executePrepared(
    tx,
    sql`
    with m as (
      select * from unnest(${column('orderId')}::uuid[], ${column('companyId')}::uuid[], ${column('eboxId')}::uuid[],
                           ${column('type')}::text[], ${column('status')}::text[], ${column('at')}::timestamptz[])
        as m(order_id, company_id, ebox_id, type, status, at)),
    mo as (select m.*, o.carrier_id, o.stored_at, o.inbound_at from m join "order" o on o.id = m.order_id),
    statuses as (
      insert into dashboard_order_day (company_id, carrier_id, type, day, status, count)
      select m.company_id, m.carrier_id, m.type, ${day}, m.status, 1 from mo m
      returning 1),
    dwell as (
      insert into dashboard_dwell_day (company_id, carrier_id, type, day, bucket, count)
      select m.company_id, m.carrier_id, m.type, ${day}, ${bucketOf(sql`extract(epoch from (m.at - m.stored_at))`)}, 1
        from mo m where ${isPickup} and m.stored_at is not null
      returning 1),
    inbound as (
      insert into dashboard_inbound_day (company_id, carrier_id, day, bucket, count)
      select m.company_id, m.carrier_id, ${day}, ${bucketOf(sql`extract(epoch from (m.at - m.inbound_at))`)}, 1
        from mo m where ${deposits} > 0 and m.inbound_at <= m.at
      returning 1),
    logged as (
      insert into dashboard_move (at, company_id, carrier_id, ebox_id, type, status, bucket)
      select m.at, m.company_id, m.carrier_id, m.ebox_id, m.type, m.status,
             case when ${isPickup} and m.stored_at is not null
                  then ${bucketOf(sql`extract(epoch from (m.at - m.stored_at))`)} end
        from mo m
      returning 1),
    lockerDwell as (
      insert into dashboard_locker_dwell_day (ebox_id, company_id, carrier_id, day, bucket, count)
      select m.ebox_id, m.company_id, m.carrier_id, ${day}, ${bucketOf(sql`extract(epoch from (m.at - m.stored_at))`)}, 1
        from mo m where ${isPickup} and m.stored_at is not null and m.ebox_id is not null
      returning 1),
    locker as (
      insert into dashboard_locker_day (ebox_id, company_id, carrier_id, day, deposits, pickups, expiries)
      select m.ebox_id, m.company_id, m.carrier_id, ${day}, ${deposits}, ${pickups}, ${expiries}
        from mo m where m.ebox_id is not null and ${deposits} + ${pickups} + ${expiries} > 0
      returning 1),
    requested as (
      insert into dashboard_alert_request (ebox_id) select distinct m.ebox_id from m where m.ebox_id is not null
      returning 1)
    select (select count(*) from statuses) + (select count(*) from inbound) + (select count(*) from logged) + (select count(*) from dwell) + (select count(*) from lockerDwell) + (select count(*) from locker) + (select count(*) from requested) as written`,
  );
}

/**
 * A message's step (sent, delivered, read, failed) in the message rollup, on the day its own stamp
 * says, as the recomputation reads it: a read that also stamped the delivery (no delivery report
 * before it) counts that delivery too.
 */
export async function insertMessageRollups(tx: Tx, messageId: string, status: string, timeZone: string): Promise<void> {
  await executePrepared(
    tx,
    sql`
    with m as (select company_id, channel, trigger, sent_at, delivered_at, read_at, updated_at from order_message where id = ${messageId}),
    steps as (
      select company_id, channel, trigger, 'sent' as status, sent_at as at from m where ${status} = 'sent' and sent_at is not null
      union all
      select company_id, channel, trigger, 'delivered', delivered_at from m
       where (${status} = 'delivered' or (${status} = 'read' and delivered_at = read_at)) and delivered_at is not null
      union all
      select company_id, channel, trigger, 'read', read_at from m where ${status} = 'read' and read_at is not null
      union all
      select company_id, channel, trigger, 'failed', updated_at from m where ${status} = 'failed')
    insert into dashboard_message_day (company_id, day, channel, trigger, status, count)
    select company_id, ${dayOf(sql`at`, timeZone)}, channel, trigger, status, 1 from steps`,
  );
}

/** The tables with the columns that make a row's key and the ones summed. */
export const ROLLUPS = [
  { table: 'dashboard_order_day', keys: ['company_id', 'carrier_id', 'type', 'day', 'status'], sums: ['count'] },
  { table: 'dashboard_dwell_day', keys: ['company_id', 'carrier_id', 'type', 'day', 'bucket'], sums: ['count'] },
  // By carrier too: a distribution company counts the parcels it carries (docs/dashboard.md "Who sees what").
  { table: 'dashboard_locker_day', keys: ['ebox_id', 'company_id', 'carrier_id', 'day'], sums: ['deposits', 'pickups', 'expiries'] },
  { table: 'dashboard_locker_dwell_day', keys: ['ebox_id', 'company_id', 'carrier_id', 'day', 'bucket'], sums: ['count'] },
  { table: 'dashboard_inbound_day', keys: ['company_id', 'carrier_id', 'day', 'bucket'], sums: ['count'] },
  { table: 'dashboard_message_day', keys: ['company_id', 'day', 'channel', 'trigger', 'status'], sums: ['count'] },
] as const;

export type RollupTable = (typeof ROLLUPS)[number]['table'];

/**
 * The derived rollups (docs/dashboard.md "Reading fast"): a base table's sums with fewer keys
 * (`_all`: every company together) or by month (`day` is then the month's first day). Only the fold
 * writes them, from the base rows it folds, in the same statement.
 */
export const DERIVED = [
  { table: 'dashboard_order_day_all', from: 'dashboard_order_day', keys: ['carrier_id', 'type', 'day', 'status'], grain: 'day' },
  {
    table: 'dashboard_order_month',
    from: 'dashboard_order_day',
    keys: ['company_id', 'carrier_id', 'type', 'day', 'status'],
    grain: 'month',
  },
  { table: 'dashboard_order_month_all', from: 'dashboard_order_day', keys: ['carrier_id', 'type', 'day', 'status'], grain: 'month' },
  { table: 'dashboard_dwell_day_all', from: 'dashboard_dwell_day', keys: ['type', 'day', 'bucket'], grain: 'day' },
  { table: 'dashboard_dwell_month', from: 'dashboard_dwell_day', keys: ['company_id', 'type', 'day', 'bucket'], grain: 'month' },
  { table: 'dashboard_dwell_month_all', from: 'dashboard_dwell_day', keys: ['type', 'day', 'bucket'], grain: 'month' },
  // Read only for the orders a distribution company carries for others (the month table above has no carrier).
  {
    table: 'dashboard_dwell_month_carrier',
    from: 'dashboard_dwell_day',
    keys: ['company_id', 'carrier_id', 'type', 'day', 'bucket'],
    grain: 'month',
  },
  // With the table above: a distribution company's carried orders, less its own companies' (figure-repository.ts).
  { table: 'dashboard_dwell_month_by_carrier', from: 'dashboard_dwell_day', keys: ['carrier_id', 'type', 'day', 'bucket'], grain: 'month' },
  { table: 'dashboard_inbound_day_all', from: 'dashboard_inbound_day', keys: ['carrier_id', 'day', 'bucket'], grain: 'day' },
  { table: 'dashboard_inbound_month', from: 'dashboard_inbound_day', keys: ['company_id', 'carrier_id', 'day', 'bucket'], grain: 'month' },
  { table: 'dashboard_inbound_month_all', from: 'dashboard_inbound_day', keys: ['carrier_id', 'day', 'bucket'], grain: 'month' },
  { table: 'dashboard_message_day_all', from: 'dashboard_message_day', keys: ['day', 'channel', 'trigger', 'status'], grain: 'day' },
  {
    table: 'dashboard_message_month',
    from: 'dashboard_message_day',
    keys: ['company_id', 'day', 'channel', 'trigger', 'status'],
    grain: 'month',
  },
  { table: 'dashboard_message_month_all', from: 'dashboard_message_day', keys: ['day', 'channel', 'trigger', 'status'], grain: 'month' },
  { table: 'dashboard_locker_day_all', from: 'dashboard_locker_day', keys: ['ebox_id', 'day'], grain: 'day' },
  { table: 'dashboard_locker_month', from: 'dashboard_locker_day', keys: ['ebox_id', 'company_id', 'day'], grain: 'month' },
  { table: 'dashboard_locker_month_all', from: 'dashboard_locker_day', keys: ['ebox_id', 'day'], grain: 'month' },
  {
    table: 'dashboard_locker_month_carrier',
    from: 'dashboard_locker_day',
    keys: ['ebox_id', 'company_id', 'carrier_id', 'day'],
    grain: 'month',
  },
] as const;

export type DerivedRollup = (typeof DERIVED)[number];

/** A base row's key column as a derived table keys it (the day as its month's first day, by month). */
export function derivedKeyOf(column: string, grain: 'day' | 'month'): string {
  return column === 'day' && grain === 'month' ? "date_trunc('month', day)::date" : column;
}

function sumsOf(table: string): readonly string[] {
  const base = ROLLUPS.find((rollup) => rollup.table === table);
  if (!base) throw new Error(`no rollup ${table}`);
  return base.sums;
}

/** The fold of one table's new rows into one row per key, with `extra` statements in the same WITH (the derived inserts). */
async function foldTable(tx: Tx, table: string, keys: readonly string[], sums: readonly string[], derived: readonly DerivedRollup[] = []) {
  const keyList = sql.raw(keys.join(', '));
  const sumList = sql.raw(sums.map((column) => `sum(${column})::int`).join(', '));
  const columns = sql.raw([...keys, ...sums].join(', '));
  const sameKey = sql.raw(keys.map((key) => `t.${key} is not distinct from k.${key}`).join(' and '));
  const derivedInserts = derived.map((target, index) => {
    const mapped = target.keys.map((key) => derivedKeyOf(key, target.grain)).join(', ');
    return sql.raw(`,
      derived${index} as (
        insert into ${target.table} (${[...target.keys, ...sums].join(', ')})
        select ${mapped}, ${sums.map((column) => `sum(${column})::int`).join(', ')} from fresh group by ${mapped}
        returning 1)`);
  });
  const result = await tx.execute<{ folded: number }>(sql`
    with fresh as (delete from ${sql.raw(table)} where not folded returning ${columns}),
    changed as (select distinct ${keyList} from fresh),
    old as (
      delete from ${sql.raw(table)} t using changed k where t.folded and ${sameKey}
      returning ${sql.raw([...keys, ...sums].map((column) => `t.${column}`).join(', '))}),
    written as (
      insert into ${sql.raw(table)} (${columns}, folded)
      select ${keyList}, ${sumList}, true from (select * from fresh union all select * from old) rows group by ${keyList}
      returning 1)${sql.join(derivedInserts, sql``)}
    select (select count(*) from fresh)::int as folded`);
  return Number(result.rows[0]?.folded ?? 0);
}

/**
 * Folds the rows moves added since the last fold into one row per key (with the key's folded row),
 * adding them to the derived tables in the same statement, then folds those: the moves' own inserts
 * go on meanwhile, unseen by this statement's snapshot, and wait for the next fold. Answers how many
 * new rows were folded.
 */
export async function foldRollups(tx: Tx): Promise<number> {
  await lockRollupMaintenance(tx);
  let folded = 0;
  for (const { table, keys, sums } of ROLLUPS)
    folded += await foldTable(
      tx,
      table,
      keys,
      sums,
      DERIVED.filter((target) => target.from === table),
    );
  for (const target of DERIVED) await foldTable(tx, target.table, target.keys, sumsOf(target.from));
  return folded + (await foldTable(tx, COMPARTMENT_COUNT.table, COMPARTMENT_COUNT.keys, COMPARTMENT_COUNT.sums));
}

/**
 * The live compartment counters (schema.ts, dashboardCompartmentCount): migration 0061's triggers
 * add their rows, the fold sums them, a rebuild and the drift check recompute them from the
 * compartments with `recomputed`, the triggers' own rule: enabled compartments by status, no
 * status counting as AVAILABLE, no size under ''.
 */
export const COMPARTMENT_COUNT = {
  table: 'dashboard_compartment_count',
  keys: ['ebox_id', 'size'],
  sums: ['enabled', 'occupied', 'booked', 'available', 'damaged', 'dirty'],
  recomputed: sql`
    select ebox_id, coalesce(size, '') as size, count(*)::int as enabled,
           (count(*) filter (where status = 'OCCUPIED'))::int as occupied,
           (count(*) filter (where status = 'BOOKED'))::int as booked,
           (count(*) filter (where status = 'AVAILABLE' or status is null))::int as available,
           (count(*) filter (where status = 'DAMAGE'))::int as damaged,
           (count(*) filter (where status = 'DIRTY'))::int as dirty
      from compartiment where ebox_id is not null and enable is not false group by 1, 2`,
} as const;

/** How long the move log keeps a move: a previous period's partial day is at most a year and a day back. */
export const MOVE_LOG_DAYS = 400;

/** Forgets the moves older than the log keeps; answers how many. */
export async function pruneMoveLog(tx: Tx): Promise<number> {
  const result = await tx.execute(sql`delete from dashboard_move where at < now() - ${sql.raw(`interval '${MOVE_LOG_DAYS} days'`)}`);
  return result.rowCount ?? 0;
}

/**
 * The dashboard's change rows older than ten minutes: a kept answer lives a minute at most
 * (config's dashboardAnswerMs), so none is checked against them any more.
 */
export async function pruneDashboardChanges(tx: Tx): Promise<number> {
  const result = await tx.execute(sql`delete from dashboard_change where at < now() - interval '10 minutes'`);
  return result.rowCount ?? 0;
}

/** The fold job's work, which the benchmark runs as production does: old change rows pruned, new rollup rows folded. */
export async function foldAndPrune(tx: Tx): Promise<number> {
  await pruneDashboardChanges(tx);
  return foldRollups(tx);
}

/** Folds and rebuilds take turns (a fold's delete would clash with a rebuild's). */
export async function lockRollupMaintenance(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('dashboard.rollups'))`);
}

/**
 * The history's moves that reached a status (all, or those of one day), with what the rollups key
 * them by: the order's carrier, type, locker and storedAt.
 */
function historyMoves(timeZone: string, day?: string): SQL {
  const moveDay = dayOf(sql`h.at`, timeZone);
  return sql`
    select h.company_id, o.carrier_id, o.type, o.ebox_id, o.stored_at, o.inbound_at, h.to_status as status, h.at, ${moveDay} as day
      from order_history h join "order" o on o.id = h.order_id
     where h.to_status is not null${day ? sql` and ${moveDay} = ${day}::date` : sql``}`;
}

/**
 * The customers' messages as the message rollup counts them (all, or those of one day): each stamp a
 * message holds is a step it reached that day (sent, delivered, read), and a failed one failed when
 * last updated. The recorder of the live events reads the same stamps (insertMessageRollups).
 */
function messageMoves(timeZone: string, day?: string): SQL {
  const steps = sql`
    select company_id, channel, trigger, 'sent' as status, sent_at as at from order_message where sent_at is not null
    union all select company_id, channel, trigger, 'delivered', delivered_at from order_message where delivered_at is not null
    union all select company_id, channel, trigger, 'read', read_at from order_message where read_at is not null
    union all select company_id, channel, trigger, 'failed', updated_at from order_message where status = 'failed'`;
  const stepDay = dayOf(sql`at`, timeZone);
  return sql`select company_id, channel, trigger, status, ${stepDay} as day from (${steps}) steps${day ? sql` where ${stepDay} = ${day}::date` : sql``}`;
}

/**
 * Both sources of the recomputations: `moves` (the orders' history, or a table of them already
 * read) and `message_moves`.
 */
function sourcesOf(timeZone: string, day?: string, movesTable?: string): SQL {
  const moves = movesTable ? sql`select * from ${sql.raw(movesTable)}` : historyMoves(timeZone, day);
  return sql`moves as (${moves}), message_moves as (${messageMoves(timeZone, day)})`;
}

/** Each table's rows recomputed from `moves` and `message_moves` (sourcesOf), in its key and sum columns. */
const RECOMPUTED: Record<(typeof ROLLUPS)[number]['table'], SQL> = {
  dashboard_order_day: sql`
    select company_id, carrier_id, type, day, status, count(*)::int as count from moves group by 1, 2, 3, 4, 5`,
  dashboard_dwell_day: sql`
    select company_id, carrier_id, type, day, ${bucketOf(sql`extract(epoch from (at - stored_at))`)} as bucket, count(*)::int as count
      from moves where status in (${listOf(PICKUP_STATUSES)}) and stored_at is not null group by 1, 2, 3, 4, 5`,
  dashboard_message_day: sql`
    select company_id, day, channel, trigger, status, count(*)::int as count from message_moves group by 1, 2, 3, 4, 5`,
  dashboard_inbound_day: sql`
    select company_id, carrier_id, day, ${bucketOf(sql`extract(epoch from (at - inbound_at))`)} as bucket, count(*)::int as count
      from moves where status in (${listOf(DEPOSIT_STATUSES)}) and inbound_at <= at group by 1, 2, 3, 4`,
  dashboard_locker_dwell_day: sql`
    select ebox_id, company_id, carrier_id, day, ${bucketOf(sql`extract(epoch from (at - stored_at))`)} as bucket, count(*)::int as count
      from moves where ebox_id is not null and status in (${listOf(PICKUP_STATUSES)}) and stored_at is not null group by 1, 2, 3, 4, 5`,
  dashboard_locker_day: sql`
    select ebox_id, company_id, carrier_id, day,
           (count(*) filter (where status in (${listOf(DEPOSIT_STATUSES)})))::int as deposits,
           (count(*) filter (where status in (${listOf(PICKUP_STATUSES)})))::int as pickups,
           (count(*) filter (where status in (${listOf(EXPIRY_STATUSES)})))::int as expiries
      from moves
     where ebox_id is not null and status in (${listOf([...DEPOSIT_STATUSES, ...PICKUP_STATUSES, ...EXPIRY_STATUSES])})
     group by 1, 2, 3, 4`,
};

/**
 * VACUUM (ANALYZE) of every dashboard table, outside any transaction (VACUUM refuses one): after a
 * rebuild rewrote them, the dashboard's covering indexes answer from the index alone only for
 * pages the visibility map marks all-visible, and the planner's statistics are the old rows'.
 * Until autovacuum came by, a carrier's year read its million-order month rows off the heap
 * (bench/dashboard.ts, 04/12/2026).
 */
export async function vacuumRollups(db: Db): Promise<void> {
  const { rows } = await db.execute<{ name: string }>(
    sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() AND tablename LIKE 'dashboard\_%' ORDER BY tablename`,
  );
  for (const { name } of rows) await db.execute(sql.raw(`VACUUM (ANALYZE) "${name}"`));
}

/**
 * Recomputes every rollup from the order history (`npm run rollups:rebuild`): each move that reached
 * a status, with its order's carrier, locker and storedAt; then the derived tables from those. Run in a REPEATABLE READ transaction:
 * it deletes the rows its snapshot sees and recomputes from the history its snapshot sees, so the
 * moves committed meanwhile (their rows and their history both unseen) stay counted once, and no
 * move waits for it. Answers the history rows read.
 */
export async function rebuildRollups(tx: Tx, timeZone: string): Promise<number> {
  await lockRollupMaintenance(tx);
  // The history joined to its orders once, for every table, not once per table (three million moves
  // to a million orders; a second rebuild of them 163 s before, 150 s after; docs/dashboard.md).
  await tx.execute(sql`create temporary table rebuild_moves on commit drop as ${historyMoves(timeZone)}`);
  await tx.execute(sql`analyze rebuild_moves`);
  // Every table's rows go in by day (the move log's by time): each index leads with the day or has
  // it second after a few companies, carriers or lockers, so its inserts fill a handful of leaf pages
  // in turn instead of landing on any page of indexes larger than the server's buffers (a rebuild
  // of a million orders 106 s in random order, 68 s in this one; docs/dashboard.md).
  // Every kept dashboard answer was read from the rows replaced here (figure-repository's readChangedSince).
  await tx.execute(sql`insert into dashboard_change default values`);
  for (const { table, keys, sums } of ROLLUPS) {
    await tx.execute(sql`delete from ${sql.raw(table)}`);
    await tx.execute(sql`
      with ${sourcesOf(timeZone, undefined, 'rebuild_moves')}
      insert into ${sql.raw(table)} (${sql.raw([...keys, ...sums].join(', '))}, folded)
      select *, true from (${RECOMPUTED[table]}) recomputed order by day`);
  }
  for (const target of DERIVED) {
    const sums = sumsOf(target.from);
    const mapped = target.keys.map((key) => derivedKeyOf(key, target.grain)).join(', ');
    await tx.execute(sql.raw(`delete from ${target.table}`));
    await tx.execute(
      sql.raw(`
        insert into ${target.table} (${[...target.keys, ...sums].join(', ')}, folded)
        select ${mapped}, ${sums.map((column) => `sum(${column})::int`).join(', ')}, true from ${target.from} group by ${mapped}
         order by ${target.keys.indexOf('day') + 1}`),
    );
  }
  // The compartments as this snapshot sees them; a change committed meanwhile keeps its own unseen row.
  await tx.execute(sql`delete from ${sql.raw(COMPARTMENT_COUNT.table)}`);
  await tx.execute(sql`
    insert into ${sql.raw(COMPARTMENT_COUNT.table)} (${sql.raw([...COMPARTMENT_COUNT.keys, ...COMPARTMENT_COUNT.sums].join(', '))}, folded)
    select *, true from (${COMPARTMENT_COUNT.recomputed}) recomputed`);
  await tx.execute(sql`delete from dashboard_move`);
  await tx.execute(sql`
    with moves as (select * from rebuild_moves)
    insert into dashboard_move (at, company_id, carrier_id, ebox_id, type, status, bucket)
    select at, company_id, carrier_id, ebox_id, type, status,
           case when status in (${listOf(PICKUP_STATUSES)}) and stored_at is not null
                then ${bucketOf(sql`extract(epoch from (at - stored_at))`)} end
      from moves where at >= now() - ${sql.raw(`interval '${MOVE_LOG_DAYS} days'`)} order by at`);
  const read = await tx.execute<{ moves: number }>(sql`select count(*)::int as moves from rebuild_moves`);
  return Number(read.rows[0]?.moves ?? 0);
}

export type RollupDrift = { table: string; key: Record<string, unknown>; expected: Record<string, number>; found: Record<string, number> };

/**
 * One day's rollups against a recomputation of that day from the history: every key whose sums
 * differ (none when the rollups are right). The nightly check runs it on yesterday.
 */
export async function findRollupDrift(tx: Tx, day: string, timeZone: string): Promise<RollupDrift[]> {
  const drift: RollupDrift[] = [];
  for (const { table, keys, sums } of ROLLUPS) {
    const keyList = sql.raw(keys.join(', '));
    const sumList = sql.raw(sums.map((column) => `sum(${column})::int as ${column}`).join(', '));
    drift.push(
      ...(await findKeyDrift(tx, table, keys, sums, {
        sources: sourcesOf(timeZone, day),
        expected: RECOMPUTED[table],
        found: sql`select ${keyList}, ${sumList} from ${sql.raw(table)} where day = ${day}::date group by ${keyList}`,
      })),
    );
  }
  return drift;
}

/** The live compartment counters against the compartments as they are: every locker and size whose counts differ. */
export async function findCompartmentCountDrift(tx: Tx): Promise<RollupDrift[]> {
  const { table, keys, sums, recomputed } = COMPARTMENT_COUNT;
  const sumList = sql.raw(sums.map((column) => `sum(${column})::int as ${column}`).join(', '));
  return findKeyDrift(tx, table, keys, sums, {
    expected: recomputed,
    // A key whose compartments are all gone sums to zeros on one side and is absent on the other.
    found: sql`select ebox_id, size, ${sumList} from ${sql.raw(table)} group by ebox_id, size
                having ${sql.raw(sums.map((column) => `sum(${column}) <> 0`).join(' or '))}`,
  });
}

/** The keys whose sums differ between `expected` and `found` (two queries of `keys` and `sums`), with `sources` in their WITH. */
async function findKeyDrift(
  tx: Tx,
  table: string,
  keys: readonly string[],
  sums: readonly string[],
  sides: { sources?: SQL; expected: SQL; found: SQL },
): Promise<RollupDrift[]> {
  const keyList = sql.raw(keys.join(', '));
  // Both sides in one list, grouped by key (GROUP BY matches null keys; a full join on
  // "is not distinct from" is not one PostgreSQL can run).
  const expectedSide = sql.raw([...keys, ...sums.map((c) => `${c} as expected_${c}`), ...sums.map((c) => `0 as found_${c}`)].join(', '));
  const foundSide = sql.raw([...keys, ...sums.map((c) => `0 as expected_${c}`), ...sums.map((c) => `${c} as found_${c}`)].join(', '));
  const totals = sql.raw(
    sums.flatMap((c) => [`sum(expected_${c})::int as expected_${c}`, `sum(found_${c})::int as found_${c}`]).join(', '),
  );
  const differs = sql.raw(sums.map((c) => `sum(expected_${c}) <> sum(found_${c})`).join(' or '));
  const result = await tx.execute<Record<string, unknown>>(sql`
    with ${sides.sources ? sql`${sides.sources},` : sql``}
    expected as (${sides.expected}),
    found as (${sides.found}),
    sides as (select ${expectedSide} from expected union all select ${foundSide} from found)
    select ${keyList}, ${totals} from sides group by ${keyList} having ${differs}`);
  return result.rows.map((row) => ({
    table,
    key: Object.fromEntries(keys.map((key) => [key, row[key] instanceof Date ? (row[key] as Date).toISOString() : row[key]])),
    expected: Object.fromEntries(sums.map((column) => [column, Number(row[`expected_${column}`])])),
    found: Object.fromEntries(sums.map((column) => [column, Number(row[`found_${column}`])])),
  }));
}

/**
 * Each derived table against its base table: the derived rows plus the base rows not yet folded into
 * them (what a reader sums) against every base row, both by the derived keys. Every key whose sums
 * differ (none when the fold and the rebuild are right).
 */
export async function findDerivedDrift(tx: Tx): Promise<RollupDrift[]> {
  const drift: RollupDrift[] = [];
  for (const target of DERIVED) {
    const sums = sumsOf(target.from).join(', ');
    const mapped = target.keys.map((key) => `${derivedKeyOf(key, target.grain)} as ${key}`).join(', ');
    const keyList = target.keys.join(', ');
    drift.push(
      ...(await findKeyDrift(tx, target.table, target.keys, sumsOf(target.from), {
        sources: sql.raw(`base as (select ${mapped}, ${sums}, folded from ${target.from})`),
        expected: sql.raw(`select ${keyList}, ${sums} from base`),
        found: sql.raw(`select ${keyList}, ${sums} from ${target.table} union all select ${keyList}, ${sums} from base where not folded`),
      })),
    );
  }
  return drift;
}

/** Every rollup summed per key, in a stable order: what the rollups say, for comparing two of them. */
export async function summarizeRollups(tx: Tx): Promise<Record<string, unknown[]>> {
  const summary: Record<string, unknown[]> = {};
  for (const { table, keys, sums } of ROLLUPS) {
    const keyList = sql.raw(keys.join(', '));
    const sumList = sql.raw(sums.map((column) => `sum(${column})::int as ${column}`).join(', '));
    const result = await tx.execute(sql`
      select ${keyList}, ${sumList} from ${sql.raw(table)} group by ${keyList} order by ${keyList}`);
    summary[table] = result.rows;
  }
  return summary;
}
