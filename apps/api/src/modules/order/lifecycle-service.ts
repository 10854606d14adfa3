import {
  applyOrderTrigger,
  findOrderTransition,
  ORDER_REFUSAL_KEYS,
  type OrderTriggerSource,
  permissionToMoveOrder,
  translatorFor,
  triggerNameOf,
} from '@ebox/domain';
import type { Row } from '../../kit/repository';
import { type AuditAction, auditByOf, writeAudit } from '../../platform/audit';
import type { Actor, TxContext } from '../../platform/context';
import { authorize, principalOf } from '../../platform/context';
import { badRequest, notFound } from '../../platform/errors';
import { publishEvent } from '../../platform/events';
import { requestAccessCodes } from '../terminal-commands/service';
import {
  findAllowCollectExpiredOrder,
  findCompartiment,
  findEboxCode,
  type OrderHistoryActor,
  orderStateOf,
  writeCompartimentStatus,
  writeOrder,
  writeOrderHistory,
} from './repository';

/**
 * Who acted, as the order's history keeps it: a person, a locker's terminal (named by its locker's
 * code, which an operator knows, rather than the terminal's UUID), a job (or another system actor).
 * A terminal acts on its own locker's orders, whose row carries the locker's code: no query then.
 */
export async function historyActorOf(ctx: TxContext, source: OrderTriggerSource | null, order?: Row): Promise<OrderHistoryActor> {
  const actor: Actor = ctx.actor;
  switch (actor.kind) {
    case 'user':
      return { kind: 'user', id: actor.user.id, label: actor.user.email };
    case 'terminal': {
      const code =
        order?.ebox === actor.eboxId && typeof order.eboxCode === 'string' ? order.eboxCode : await findEboxCode(ctx.tx, actor.eboxId);
      return { kind: 'terminal', id: actor.eboxId, label: code ?? actor.terminalId };
    }
    case 'system':
      return { kind: source?.kind === 'job' ? 'job' : 'system', id: null, label: actor.name };
    default:
      return { kind: 'system', id: null, label: principalOf(actor).label };
  }
}

/**
 * What an order's actor stamp (storedBy, collectedBy, ...) keeps: a person's e-mail, or the audit
 * log's `terminal:<name>` / `system:<name>` shape with the locker's code rather than its terminal's
 * UUID, so the order page reads it as the timeline does ("Terminal PVFQAB").
 */
function actorStampOf(actor: OrderHistoryActor): string {
  if (actor.kind === 'user') return actor.label;
  return `${actor.kind === 'terminal' ? 'terminal' : 'system'}:${actor.label}`;
}

/** A text column's value, or null (ids, codes). */
const idOrNull = (value: unknown) => (typeof value === 'string' ? value : null);

/** How a move is recorded: when it happened, why, and under which audit action. */
export type OrderMoveOptions = {
  /** When the trigger happened (a locker's original time, an order's overdue date for the job); now by default. */
  at?: Date;
  /** A person's reason (POST /order/update-status asks for one). */
  reason?: string | null;
  /** The order's audit action: the console action's name, 'parcelEvent' for a locker, the job's name by default. */
  auditAction?: AuditAction;
  /** The compartment the parcel went into when none was booked for it (a courier's run deposit), written with the move. */
  placeIn?: { id: string; number: number };
};

/**
 * The audit action of a move nobody named: a locker's parcel event, a job by its name, a console
 * action as the console's own routes write it (the demo seed moves orders as people would).
 */
function auditActionOf(source: OrderTriggerSource): AuditAction {
  if (source.kind === 'terminal') return 'parcelEvent';
  if (source.kind === 'job') return source.job;
  return source.action === 'cancel' ? 'cancel' : 'updateStatus';
}

/**
 * The one entry that moves an order, for every caller (a person through HTTP, a locker through
 * MQTT, a job, the demo seed): they differ only in the context they build. In the caller's
 * transaction, with the order locked: the actor must hold the right the trigger needs
 * (permissionToMoveOrder: declared in packages/domain for terminals and jobs as for roles) and see
 * the order (its company, or for a locker its own locker); then the lifecycle machine
 * (packages/domain/src/orders) decides. An allowed move writes the order's status and stamps, its
 * history row, the order's audit row, its compartment's status (audited), the after-commit event
 * `order.statusChanged`, and sends its locker's access codes again (what a code allows follows the
 * status).
 * A trigger the machine refuses changes nothing: it is kept as a refused history row, written in a
 * transaction of its own so it stays when the caller rolls back, and answers a translated 400.
 */
export async function moveOrder(ctx: TxContext, order: Row, source: OrderTriggerSource, options: OrderMoveOptions = {}): Promise<Row> {
  authorize(ctx, permissionToMoveOrder(source));
  if (!mayMove(ctx.actor, order)) throw notFound();
  const at = options.at ?? new Date();
  const { type, status } = orderStateOf(order);
  const name = triggerNameOf(source);
  const transition = findOrderTransition(type, status, name);
  const allowCollectExpiredOrder =
    transition?.guard === 'allowCollectExpiredOrder' && typeof order.company === 'string'
      ? await findAllowCollectExpiredOrder(ctx.tx, order.company)
      : false;
  const by = auditByOf(principalOf(ctx.actor));
  const actor = await historyActorOf(ctx, source, order);
  const result = applyOrderTrigger({ type, status }, { ...source, at, by: actorStampOf(actor), allowCollectExpiredOrder });
  const history = {
    orderId: order.id,
    companyId: idOrNull(order.company),
    fromStatus: status,
    trigger: name,
    reason: options.reason?.trim() || null,
    actor,
    at,
  };
  if (!result.ok) {
    await writeOrderHistory(ctx.deps.db, { ...history, toStatus: null, refusal: result.reason });
    const t = translatorFor(ctx.language);
    throw badRequest(ORDER_REFUSAL_KEYS[result.reason], {
      type: t(`entities.order.enumerators.type.${type}`),
      status: t(`entities.order.enumerators.status.${status}`),
      trigger: t(`entities.order.lifecycle.triggers.${name}`),
    });
  }
  // `delivered` (spec 3, read only): the customer has the parcel, from the move that stamps it on.
  const delivered = 'customerTakenAt' in result.stamps ? { delivered: true } : {};
  const placed =
    options.placeIn && !order.compartiment ? { compartiment: options.placeIn.id, compartimentNumber: options.placeIn.number } : {};
  const after = await writeOrder(ctx.tx, order.id, { status: result.next, ...result.stamps, ...delivered, ...placed });
  await writeOrderHistory(ctx.tx, { ...history, toStatus: result.next, refusal: null });
  await writeAudit(ctx.tx, {
    entityName: 'order',
    entityId: order.id,
    action: options.auditAction ?? auditActionOf(source),
    before: order,
    after,
    by,
  });
  const compartimentId = idOrNull(after.compartiment);
  if (result.compartimentStatus && compartimentId) {
    const before = await findCompartiment(ctx.tx, compartimentId);
    if (before && before.status !== result.compartimentStatus) {
      const changed = await writeCompartimentStatus(ctx.tx, compartimentId, result.compartimentStatus);
      await writeAudit(ctx.tx, { entityName: 'compartiment', entityId: compartimentId, action: 'update', before, after: changed, by });
    }
  }
  await publishEvent(ctx, 'order.statusChanged', {
    orderId: order.id,
    trackingCode: idOrNull(order.trackingCode),
    referenceNumber: idOrNull(order.referenceNumber),
    companyId: history.companyId,
    eboxId: idOrNull(order.ebox),
    compartimentId,
    type,
    from: status,
    to: result.next,
    trigger: name,
    at: at.toISOString(),
  });
  await requestAccessCodes(ctx, idOrNull(order.ebox));
  return after;
}

/** A locker moves only its own locker's orders (a shared locker holds several companies'); others, their companies'. */
function mayMove(actor: Actor, order: Row): boolean {
  if (actor.kind === 'terminal') return order.ebox === actor.eboxId;
  const { companyIds } = principalOf(actor);
  return !companyIds || (typeof order.company === 'string' && companyIds.includes(order.company));
}

/**
 * The first entry of an order's timeline: its creation or import, with who made it, from no status
 * to CREATED. Written in the creating transaction, so an order never exists without it; so is the
 * event `order.created` (the shippers' webhooks).
 */
export async function recordOrderCreated(ctx: TxContext, order: Row, how: 'create' | 'import'): Promise<void> {
  const { type, status } = orderStateOf(order);
  const at = order.createdAt instanceof Date ? order.createdAt : new Date(String(order.createdAt ?? Date.now()));
  await publishEvent(ctx, 'order.created', {
    orderId: order.id,
    companyId: idOrNull(order.company),
    eboxId: idOrNull(order.ebox),
    type,
    status,
    trackingCode: idOrNull(order.trackingCode),
    referenceNumber: idOrNull(order.referenceNumber),
    at: at.toISOString(),
  });
  await writeOrderHistory(ctx.tx, {
    orderId: order.id,
    companyId: idOrNull(order.company),
    fromStatus: null,
    toStatus: String(order.status ?? 'CREATED'),
    trigger: how,
    reason: null,
    refusal: null,
    actor: await historyActorOf(ctx, null, order),
    at,
  });
}
