import { type OrderTriggerSource, orderEventCodeOfParcel } from '@ebox/domain';
import { sql } from 'drizzle-orm';
import type { TxContext } from '../../platform/context';
import type { Row } from '../../platform/entity-rules';
import { AppError } from '../../platform/errors';
import { historyActorOf, moveOrder, type OrderMoveOptions } from './lifecycle-service';
import { findOrderByAccessCode, lockOrder, orderStateOf, writeOrderHistory } from './repository';

/** A parcel going in or out of a compartment, as a locker's terminal reported it. */
export type ParcelEvent = {
  event: 'parcel_deposited' | 'parcel_taken';
  eboxId: string;
  compartimentId: string;
  accessCode: string;
  /** The terminal's own time: an event held while the locker was offline keeps it. */
  at: Date;
};

export type ParcelEventOutcome =
  | { ok: true; orderId: string; status: string }
  | { ok: false; orderId: string | null; reason: 'noOrder' | 'wrongCompartment' | 'refused' | 'forbidden' };

/**
 * Moves the order whose access code was used at the locker (issue 15: orders driven by the
 * lockers). The access code names the order; its type says who acted (parcel-events.ts in the
 * domain). Nothing here throws for a refusal: the terminal's message is handled once, and an event
 * the order does not accept is kept in the order's history with its reason (by moveOrder, or here
 * for a parcel in another compartment than the one booked) while the rest of the message commits.
 */
export async function applyParcelEvent(ctx: TxContext, input: ParcelEvent): Promise<ParcelEventOutcome> {
  const found = await findOrderByAccessCode(ctx.tx, input.eboxId, input.accessCode);
  if (!found) return { ok: false, orderId: null, reason: 'noOrder' };
  const order = (await lockOrder(ctx.tx, found.id)) ?? found;
  const code = orderEventCodeOfParcel(orderStateOf(order).type, input.event);
  const source = { kind: 'terminal', code } as const;
  if (order.compartiment && order.compartiment !== input.compartimentId) {
    await writeOrderHistory(ctx.tx, {
      orderId: order.id,
      companyId: typeof order.company === 'string' ? order.company : null,
      fromStatus: String(order.status),
      trigger: `terminal.${code}`,
      reason: null,
      actor: await historyActorOf(ctx, source),
      at: input.at,
      toStatus: null,
      refusal: 'wrongCompartment',
    });
    return { ok: false, orderId: order.id, reason: 'wrongCompartment' };
  }
  const moved = await moveForLocker(ctx, order, source, { at: input.at });
  return moved.ok ? { ok: true, orderId: order.id, status: moved.status } : { ok: false, orderId: order.id, reason: moved.reason };
}

/**
 * Moves an order for a locker's event in a savepoint: a refused move rolls back only itself
 * (moveOrder has kept the refusal in the order's history already) while the rest of the terminal's
 * message commits, and answers why instead of throwing.
 */
export async function moveForLocker(
  ctx: TxContext,
  order: Row,
  source: OrderTriggerSource,
  options: OrderMoveOptions,
): Promise<{ ok: true; status: string } | { ok: false; reason: 'refused' | 'forbidden' }> {
  await ctx.tx.execute(sql`SAVEPOINT locker_event`);
  try {
    const moved = await moveOrder(ctx, order, source, options);
    await ctx.tx.execute(sql`RELEASE SAVEPOINT locker_event`);
    return { ok: true, status: String(moved.status) };
  } catch (error) {
    await ctx.tx.execute(sql`ROLLBACK TO SAVEPOINT locker_event`);
    if (error instanceof AppError && error.status === 400) return { ok: false, reason: 'refused' };
    // A terminal without the order rights its declaration names (TERMINAL_PERMISSIONS), or not this order's locker.
    if (error instanceof AppError && (error.status === 403 || error.status === 404)) return { ok: false, reason: 'forbidden' };
    throw error;
  }
}
