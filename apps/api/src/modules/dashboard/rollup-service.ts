import { type EventPayload, networkDayOf, periodRangeOf } from '@ebox/domain';
import type { AppDeps } from '../../platform/app-deps';
import { inTransaction, type ServiceContext, type TxContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { pruneDoorFailures } from './alert-repository';
import { evaluateMovedLockers } from './alert-service';
import { pruneOccupancySamples, pruneOfflineIntervals, pruneRefusals, sampleOccupancy } from './locker-health-repository';
import {
  findCompartmentCountDrift,
  findDerivedDrift,
  findRollupDrift,
  foldAndPrune,
  insertMessageRollups,
  insertMoveRollups,
  insertMovesRollups,
  pruneMoveLog,
  rebuildRollups,
  vacuumRollups,
} from './rollup-repository';

/**
 * The dashboard's rollups (docs/dashboard.md "Rollups"): every order move adds its rows in its own
 * transaction (an event recorder), so a deposit counts in "today" at the next request; a job folds
 * the new rows every minute; `npm run rollups:rebuild` recomputes them from the order history.
 */

export function recordOrderCreatedRollups(ctx: TxContext, event: EventPayload<'order.created'>): Promise<void> {
  const { orderId, companyId, eboxId, type, status, at } = event;
  return insertMoveRollups(ctx.tx, { orderId, companyId, eboxId, type, status, at }, ctx.deps.config.networkTimeZone);
}

export function recordOrderStatusRollups(ctx: TxContext, event: EventPayload<'order.statusChanged'>): Promise<void> {
  const { orderId, companyId, eboxId, type, to, at } = event;
  return insertMoveRollups(ctx.tx, { orderId, companyId, eboxId, type, status: to, at }, ctx.deps.config.networkTimeZone);
}

/** Many orders moved together (an inbound of 500): their rollup rows in one statement. */
export function recordOrderStatusesRollups(ctx: TxContext, events: readonly EventPayload<'order.statusChanged'>[]): Promise<void> {
  const moves = events.map(({ orderId, companyId, eboxId, type, to, at }) => ({ orderId, companyId, eboxId, type, status: to, at }));
  return insertMovesRollups(ctx.tx, moves, ctx.deps.config.networkTimeZone);
}

/** The steps of a customer's message the dashboard counts; being queued is not one. */
const COUNTED_MESSAGE_STEPS = new Set(['sent', 'delivered', 'read', 'failed']);

export async function recordMessageRollups(ctx: TxContext, event: EventPayload<'orderMessage.statusChanged'>): Promise<void> {
  if (!COUNTED_MESSAGE_STEPS.has(event.status)) return;
  await insertMessageRollups(ctx.tx, event.messageId, event.status, ctx.deps.config.networkTimeZone);
}

/** The every-minute fold of the rows moves added. */
export async function runFoldRollups(ctx: ServiceContext): Promise<void> {
  const folded = await inTransaction(ctx, async (tx) => {
    const rows = await foldAndPrune(tx.tx);
    await evaluateMovedLockers(tx);
    return rows;
  });
  if (folded) ctx.log.debug({ folded }, 'dashboard: rollup rows folded');
}

/** Every rollup recomputed from the order history, in one snapshot (rollup-repository.ts). */
export async function rebuildAllRollups(deps: Pick<AppDeps, 'db' | 'config'>): Promise<{ moves: number; ms: number; vacuumMs: number }> {
  const started = performance.now();
  const moves = await (deps.db as Db).transaction((tx) => rebuildRollups(tx, deps.config.networkTimeZone), {
    isolationLevel: 'repeatable read',
  });
  const rebuilt = performance.now();
  // The rewritten tables' visibility map and statistics, before the dashboard reads them.
  await vacuumRollups(deps.db as Db);
  return { moves, ms: Math.round(rebuilt - started), vacuumMs: Math.round(performance.now() - rebuilt) };
}

/**
 * The nightly check: yesterday's rollups against a recomputation from the order history (and the
 * compartment counters against the compartments), each
 * differing key logged as an error (there should be none; `npm run rollups:rebuild` repairs them).
 * Answers the drift found, for the tests and the log.
 */
export async function checkRollupDrift(ctx: ServiceContext, now = new Date()) {
  const timeZone = ctx.deps.config.networkTimeZone;
  const day = networkDayOf(periodRangeOf('yesterday', now, timeZone).from, timeZone);
  // Yesterday's base rows against the history, the derived tables (months, every company) against
  // the base rows, and the live compartment counters against the compartments.
  const drift = await inTransaction(ctx, async (tx) => [
    ...(await findRollupDrift(tx.tx, day, timeZone)),
    ...(await findDerivedDrift(tx.tx)),
    ...(await findCompartmentCountDrift(tx.tx)),
  ]);
  if (drift.length)
    ctx.log.error({ day, keys: drift.length, drift: drift.slice(0, 20) }, 'dashboard: rollups drift from the order history');
  else ctx.log.info({ day }, 'dashboard: rollups match the order history');
  return { day, drift };
}

export async function runCheckRollupDrift(ctx: ServiceContext): Promise<void> {
  await checkRollupDrift(ctx);
  const now = new Date();
  const pruned = await inTransaction(ctx, async (tx) => {
    // Door failures and offline intervals go with the moves: 400 days is the longest look back.
    await pruneDoorFailures(tx.tx, now);
    await pruneOfflineIntervals(tx.tx, now);
    await pruneOccupancySamples(tx.tx, now);
    await pruneRefusals(tx.tx, now);
    return pruneMoveLog(tx.tx);
  });
  if (pruned) ctx.log.info({ pruned }, 'dashboard: old moves forgotten');
}

/** The hourly sample of every locker's compartments, stamped with the hour it was taken in. */
export async function sampleOccupancyAt(ctx: ServiceContext, now: Date): Promise<number> {
  const hour = new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000);
  return inTransaction(ctx, (tx) => sampleOccupancy(tx.tx, hour));
}

export async function runSampleOccupancy(ctx: ServiceContext): Promise<void> {
  const sampled = await sampleOccupancyAt(ctx, new Date());
  ctx.log.debug({ sampled }, 'dashboard: occupancy sampled');
}
