import { randomInt } from 'node:crypto';
import { PACKING_RUN_HOURS, PACKING_STEPS, type PackingOutcome, type PackingStep, RUN_PARCEL_EVENT_CODES } from '@ebox/domain';
import type { TxContext } from '../../platform/context';
import type { Row } from '../../platform/entity-rules';
import { publishEvent } from '../../platform/events';
import { moveForLocker } from '../order/parcel-events';
import { lockOrder } from '../order/repository';
import { requestAccessCodes } from '../terminal-commands/service';
import { findRunLockers, findRunParcel, isRunCodeTaken, markRunLeftovers, RUN_CODE_DIGITS, recordRunOutcome } from './run-repository';

/**
 * The courier's run at the lockers (issue 30, item 3). A packing gets a code for its courier and a
 * window when it is saved; its lockers' terminals are sent the run with their access codes
 * (terminal-commands' apply_access_codes `runs`), so they check the code on their own, offline too;
 * what the courier does there comes back as parcel events under the run's code, which move each
 * order through the lifecycle machine and mark the packing's row, live on the packing's page.
 */

/** A fresh courier's code: 8 digits never given to another packing. */
export async function newRunCode(ctx: TxContext): Promise<string> {
  for (;;) {
    const code = String(randomInt(10 ** (RUN_CODE_DIGITS - 1), 10 ** RUN_CODE_DIGITS));
    if (!(await isRunCodeTaken(ctx.tx, code))) return code;
  }
}

/** The run's code and window of a packing being saved (from now, PACKING_RUN_HOURS long). */
export async function runOfNewPacking(ctx: TxContext, now = new Date()): Promise<{ runCode: string; runFrom: string; runUntil: string }> {
  return {
    runCode: await newRunCode(ctx),
    runFrom: now.toISOString(),
    runUntil: new Date(now.getTime() + PACKING_RUN_HOURS * 3_600_000).toISOString(),
  };
}

/** Tells the run's lockers, once committed, that their runs changed (a packing saved, finished or deleted). */
export async function tellRunLockers(ctx: TxContext, packingId: string): Promise<void> {
  for (const eboxId of await findRunLockers(ctx.tx, packingId)) await requestAccessCodes(ctx, eboxId);
}

async function publishProgress(
  ctx: TxContext,
  progress: {
    packingId: string;
    companyId: string | null;
    orderId: string;
    eboxId: string | null;
    step: PackingStep;
    outcome: PackingOutcome;
    at: Date;
  },
): Promise<void> {
  await publishEvent(ctx, 'packing.progress', { ...progress, at: progress.at.toISOString() });
}

/** At a finish: what nobody reported is not made, on the packing's page at once; its lockers forget the run. */
export async function closeRun(ctx: TxContext, packing: Row, at = new Date()): Promise<void> {
  const companyId = typeof packing.company === 'string' ? packing.company : null;
  for (const left of await markRunLeftovers(ctx.tx, packing.id, at))
    await publishProgress(ctx, { packingId: packing.id, companyId, ...left, outcome: 'notMade', at });
  await tellRunLockers(ctx, packing.id);
}

export type RunParcelOutcome =
  | { ok: true; orderId: string; status: string }
  | { ok: false; orderId: string | null; reason: 'noOrder' | 'wrongLocker' | 'refused' | 'forbidden' };

/** The steps a parcel event ends under a run's code: a deposit delivers, a pickup collects. */
const STEPS_OF_EVENT = {
  parcel_deposited: ['delivery'],
  parcel_taken: PACKING_STEPS.filter((step) => step !== 'delivery'),
} as const satisfies Record<keyof typeof RUN_PARCEL_EVENT_CODES, readonly PackingStep[]>;

/**
 * A parcel event whose code is no order's: the run it names, if the code is a run's valid at the
 * terminal's time and the parcel is one of the run's. At the row's own locker, the courier's deposit
 * (COURIER, into the compartment the terminal opened when none was booked) or collection
 * (COURIER_TAKEN) moves the order, and the row is done; at another locker of the run nothing moves
 * and the row says so. A refused move is kept in the order's history by moveOrder. Replays change
 * nothing: the order has moved on and the row keeps its first outcome.
 */
export async function applyRunParcelEvent(
  ctx: TxContext,
  input: {
    event: keyof typeof RUN_PARCEL_EVENT_CODES;
    eboxId: string;
    compartiment: { id: string; number: number };
    runCode: string;
    trackingCode?: string;
    at: Date;
  },
): Promise<RunParcelOutcome> {
  const row = await findRunParcel(ctx.tx, {
    runCode: input.runCode,
    eboxId: input.eboxId,
    at: input.at,
    steps: STEPS_OF_EVENT[input.event],
    ...(input.trackingCode ? { trackingCode: input.trackingCode } : {}),
    compartimentId: input.compartiment.id,
  });
  if (!row) return { ok: false, orderId: null, reason: 'noOrder' };
  const progress = { packingId: row.packingId, companyId: row.packingCompany, orderId: row.orderId, step: row.step, at: input.at };
  if (row.eboxId !== input.eboxId) {
    if (await recordRunOutcome(ctx.tx, row.rowId, 'wrongLocker', input.at))
      await publishProgress(ctx, { ...progress, eboxId: input.eboxId, outcome: 'wrongLocker' });
    return { ok: false, orderId: row.orderId, reason: 'wrongLocker' };
  }
  const order = await lockOrder(ctx.tx, row.orderId);
  if (!order) return { ok: false, orderId: null, reason: 'noOrder' };
  const source = { kind: 'terminal', code: RUN_PARCEL_EVENT_CODES[input.event] } as const;
  const moved = await moveForLocker(ctx, order, source, {
    at: input.at,
    ...(input.event === 'parcel_deposited' ? { placeIn: input.compartiment } : {}),
  });
  if (!moved.ok) return { ok: false, orderId: row.orderId, reason: moved.reason };
  if (await recordRunOutcome(ctx.tx, row.rowId, 'done', input.at))
    await publishProgress(ctx, { ...progress, eboxId: input.eboxId, outcome: 'done' });
  return { ok: true, orderId: row.orderId, status: moved.status };
}
