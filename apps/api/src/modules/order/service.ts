import {
  consoleMovesOf,
  DECLARED_ENTITIES,
  ORDER_LIFECYCLE,
  ORDER_LIVE_STATUSES,
  type OrderStatus,
  textOf,
  triggerSourceOf,
} from '@ebox/domain';
import { findRowsInScope, type Row, resourceOf } from '../../kit/repository';
import { scopeOfActor } from '../../platform/access';
import { auditByOf, writeAudit } from '../../platform/audit';
import { authorize, can, dbOf, inTransaction, principalOf, type ServiceContext } from '../../platform/context';
import { badRequest, fieldError, notFound } from '../../platform/errors';
import { moveOrder } from './lifecycle-service';
import { listLiveOrdersOfLocker, listOrderHistory, orderStateOf, writeOrder } from './repository';

/**
 * The order's console calls beyond the kit (spec 6 and 7.4): its history, update status
 * (orderUpdateStatus: only what the lifecycle machine allows, with a reason) and update overdue date
 * (orderUpdateOverdue). Permission first; an order outside the caller's companies is 404.
 */

const order = () => resourceOf(DECLARED_ENTITIES.order);

async function orderInScope(ctx: ServiceContext, id: string, lock = false): Promise<Row> {
  const [row] = await findRowsInScope(dbOf(ctx), order(), [id], scopeOfActor(ctx.actor), { lock });
  if (!row) throw notFound();
  return row;
}

/** GET /order/{id}/history: every status change and refused trigger, oldest first. */
export async function orderHistoryOf(ctx: ServiceContext, id: string) {
  authorize(ctx, 'orderRead');
  await orderInScope(ctx, id);
  const rows = await listOrderHistory(dbOf(ctx), id);
  return rows.map((row) => ({
    id: row.id,
    from: row.fromStatus,
    to: row.toStatus,
    refused: row.toStatus === null,
    trigger: row.trigger,
    reason: row.reason,
    refusal: row.refusal,
    actor: { kind: row.actorKind, id: row.actorId, label: row.actorLabel },
    at: new Date(row.at).toISOString(),
    recordedAt: new Date(row.recordedAt).toISOString(),
  }));
}

/**
 * POST /order/update-status {data: {id, status, reason}}: moves the order to `status` by the console
 * action the machine offers from its current status (a cancel has its own call and permission).
 * A status the machine does not reach from here answers 400 and changes nothing; when some console
 * action of the order's type leads there, that refused trigger is kept in the history.
 */
export async function updateOrderStatus(ctx: ServiceContext, input: { id: string; status: string; reason?: string | null }) {
  authorize(ctx, 'orderUpdateStatus');
  const reason = input.reason?.trim() ?? '';
  if (!reason) throw fieldError('reason', 'entities.order.errors.reasonRequired');
  return inTransaction(ctx, async (tx) => {
    const before = await orderInScope(tx, input.id, true);
    const { type, status } = orderStateOf(before);
    const target = input.status;
    const move = consoleMovesOf(type, status).find((m) => m.to === target && m.action !== 'cancel');
    const trigger = ORDER_LIFECYCLE[type]?.find(
      (transition) => transition.to === target && transition.trigger.startsWith('console.') && transition.trigger !== 'console.cancel',
    )?.trigger;
    const source = move ? ({ kind: 'console', action: move.action } as const) : trigger ? triggerSourceOf(trigger) : undefined;
    if (!source) throw badRequest('entities.order.errors.statusNotReachable', { status: target });
    // A refused action throws here (kept in the history as refused); an allowed one moves the order.
    const after = await moveOrder(tx, before, source, { reason, auditAction: 'updateStatus' });
    return { id: after.id, status: after.status };
  });
}

/** Statuses whose overdue date still matters: live and not yet expired. */
const OVERDUE_EDITABLE: readonly OrderStatus[] = ORDER_LIVE_STATUSES.filter((status) => status !== 'EXPIRED');

/**
 * POST /order/update-overdue {data: {ids, overdueDate}}: a new expiry date for orders not yet
 * expired, at a future moment; all or none (spec 8.3 "Order overdue error on update" otherwise).
 */
export async function updateOrderOverdue(ctx: ServiceContext, input: { ids: string[]; overdueDate: string }) {
  authorize(ctx, 'orderUpdateOverdue');
  const date = new Date(input.overdueDate);
  if (Number.isNaN(date.getTime()) || date.getTime() <= Date.now()) throw fieldError('overdueDate', 'entities.order.errors.overdueInPast');
  const ids = [...new Set(input.ids)];
  if (!ids.length) throw badRequest('errors.validation');
  return inTransaction(ctx, async (tx) => {
    const rows = await findRowsInScope(tx.tx, order(), ids, { companyIds: principalOf(tx.actor).companyIds }, { lock: true });
    if (rows.length !== ids.length) throw notFound();
    const by = auditByOf(principalOf(tx.actor));
    for (const before of rows) {
      if (!OVERDUE_EDITABLE.some((status) => status === before.status))
        throw badRequest('entities.order.errors.overdueUpdate', { trackingCode: before.trackingCode });
      const after = await writeOrder(tx.tx, before.id, { overdueDate: date.toISOString(), updatedById: principalOf(tx.actor).userId });
      await writeAudit(tx.tx, { entityName: 'order', entityId: before.id, action: 'updateOverdue', before, after, by });
    }
    return { count: rows.length, overdueDate: date.toISOString() };
  });
}

/**
 * The live orders of a locker the caller may see, for the locker's metrics (GET /ebox/metrics):
 * none without orderRead (the locker page is eboxRead's), only its companies' on a shared locker.
 * The caller has checked the locker is in scope.
 */
export async function liveOrdersOfLocker(ctx: ServiceContext, eboxId: string) {
  if (!can(ctx, 'orderRead')) return [];
  const rows = await listLiveOrdersOfLocker(dbOf(ctx), eboxId, scopeOfActor(ctx.actor));
  return rows.map((row) => {
    const overdueDate = textOf(row.overdueDate);
    const storedAt = textOf(row.storedAt);
    // The driver answers timestamps as text (mode 'string'); createdAt is never null.
    return {
      ...row,
      overdueDate: overdueDate ? new Date(overdueDate).toISOString() : null,
      storedAt: storedAt ? new Date(storedAt).toISOString() : null,
      createdAt: new Date(String(row.createdAt)).toISOString(),
    };
  });
}
