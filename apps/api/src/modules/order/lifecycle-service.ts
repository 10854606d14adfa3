import {
  applyOrderTrigger,
  DECLARED_ENTITIES,
  findOrderTransition,
  ORDER_REFUSAL_KEYS,
  type OrderRefusal,
  type OrderStatus,
  type OrderTriggerName,
  type OrderTriggerSource,
  type OrderType,
  permissionToMoveOrder,
  translatorFor,
  triggerNameOf,
} from '@ebox/domain';
import type { Row } from '../../kit/repository';
import { isOperatedInScope } from '../../kit/scope';
import { scopeOfActor } from '../../platform/access';
import { type AuditAction, type AuditBy, auditByOf, writeAudit, writeAudits } from '../../platform/audit';
import type { Actor, TxContext } from '../../platform/context';
import { authorize, principalOf } from '../../platform/context';
import { badRequest, notFound } from '../../platform/errors';
import { publishEvent, publishEvents } from '../../platform/events';
import { requestAccessCodes } from '../terminal-commands/service';
import {
  findAllowCollectExpiredOrder,
  findCompartiment,
  findEboxCode,
  type OrderHistoryActor,
  type OrderHistoryEntry,
  orderStateOf,
  writeCompartimentStatus,
  writeOrder,
  writeOrderHistories,
  writeOrderHistory,
  writeOrders,
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
      // The person signed in at the screen acted, through the terminal.
      if (actor.operator) return { kind: 'user', id: actor.operator.id, label: actor.operator.email };
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

/** A move the machine allowed, planned for one order: what its row, history and audit receive. */
type PlannedMove = {
  order: Row;
  type: OrderType;
  status: OrderStatus;
  next: OrderStatus;
  compartimentStatus: string | null;
  /** The order's new values (status, stamps, delivered, placement). */
  values: Record<string, unknown>;
  history: Omit<OrderHistoryEntry, 'toStatus' | 'refusal'>;
};

/** What a set of moves shares: who, when, why, under which audit action. */
type MoveSetting = { at: Date; by: AuditBy; actor: OrderHistoryActor; name: OrderTriggerName; auditAction: AuditAction };

/**
 * The machine's answer for one order (packages/domain's lifecycle): a planned move, or the refusal
 * with the history row that keeps it. Reads nothing but the company's guard setting, and only for a
 * guarded transition.
 */
async function planMove(
  ctx: TxContext,
  order: Row,
  source: OrderTriggerSource,
  options: OrderMoveOptions,
  setting: MoveSetting,
): Promise<
  { ok: true; move: PlannedMove } | { ok: false; history: OrderHistoryEntry; refusal: OrderRefusal; type: OrderType; status: OrderStatus }
> {
  const { type, status } = orderStateOf(order);
  const transition = findOrderTransition(type, status, setting.name);
  const allowCollectExpiredOrder =
    transition?.guard === 'allowCollectExpiredOrder' && typeof order.company === 'string'
      ? await findAllowCollectExpiredOrder(ctx.tx, order.company)
      : false;
  const result = applyOrderTrigger(
    { type, status },
    { ...source, at: setting.at, by: actorStampOf(setting.actor), allowCollectExpiredOrder },
  );
  const history = {
    orderId: order.id,
    companyId: idOrNull(order.company),
    fromStatus: status,
    trigger: setting.name,
    reason: options.reason?.trim() || null,
    actor: setting.actor,
    at: setting.at,
  };
  if (!result.ok)
    return { ok: false, history: { ...history, toStatus: null, refusal: result.reason }, refusal: result.reason, type, status };
  // `delivered` (spec 3, read only): the customer has the parcel, from the move that stamps it on.
  const delivered = 'customerTakenAt' in result.stamps ? { delivered: true } : {};
  const placed =
    options.placeIn && !order.compartiment ? { compartiment: options.placeIn.id, compartimentNumber: options.placeIn.number } : {};
  const values = { status: result.next, ...result.stamps, ...delivered, ...placed };
  return { ok: true, move: { order, type, status, next: result.next, compartimentStatus: result.compartimentStatus, values, history } };
}

/** The translated 400 of a refused trigger. */
function refusalOf(ctx: TxContext, refused: { refusal: OrderRefusal; type: OrderType; status: OrderStatus }, name: OrderTriggerName) {
  const t = translatorFor(ctx.language);
  return badRequest(ORDER_REFUSAL_KEYS[refused.refusal], {
    type: t(`entities.order.enumerators.type.${refused.type}`),
    status: t(`entities.order.enumerators.status.${refused.status}`),
    trigger: t(`entities.order.lifecycle.triggers.${name}`),
  });
}

/**
 * Everything a written move brings, for one order or a set of them in a few statements: the
 * history rows, the orders' audit rows, their compartments' status (audited), the after-commit
 * events `order.statusChanged` (with their recorders: webhooks, messages, dashboard) and the
 * lockers' access codes sent again (what a code allows follows the status).
 */
async function recordMoves(ctx: TxContext, moved: readonly { move: PlannedMove; after: Row }[], setting: MoveSetting): Promise<void> {
  await writeOrderHistories(
    ctx.tx,
    moved.map(({ move }) => ({ ...move.history, toStatus: move.next, refusal: null })),
  );
  await writeAudits(
    ctx.tx,
    moved.map(({ move, after }) => ({
      entityName: 'order',
      entityId: move.order.id,
      action: setting.auditAction,
      before: move.order,
      after,
      by: setting.by,
    })),
  );
  for (const { move, after } of moved) {
    const compartimentId = idOrNull(after.compartiment);
    if (!move.compartimentStatus || !compartimentId) continue;
    const before = await findCompartiment(ctx.tx, compartimentId);
    if (before && before.status !== move.compartimentStatus) {
      const changed = await writeCompartimentStatus(ctx.tx, compartimentId, move.compartimentStatus);
      await writeAudit(ctx.tx, {
        entityName: 'compartiment',
        entityId: compartimentId,
        action: 'update',
        before,
        after: changed,
        by: setting.by,
      });
    }
  }
  await publishEvents(
    ctx,
    'order.statusChanged',
    moved.map(({ move, after }) => ({
      orderId: move.order.id,
      trackingCode: idOrNull(move.order.trackingCode),
      referenceNumber: idOrNull(move.order.referenceNumber),
      companyId: move.history.companyId,
      carrierId: idOrNull(move.order.carrier),
      eboxId: idOrNull(move.order.ebox),
      compartimentId: idOrNull(after.compartiment),
      type: move.type,
      from: move.status,
      to: move.next,
      trigger: setting.name,
      at: setting.at.toISOString(),
    })),
  );
  for (const eboxId of new Set(moved.map(({ move }) => idOrNull(move.order.ebox)))) await requestAccessCodes(ctx, eboxId);
}

/** Who, when and under which audit action a move of `source` is recorded. */
async function moveSettingOf(ctx: TxContext, source: OrderTriggerSource, options: OrderMoveOptions, order?: Row): Promise<MoveSetting> {
  return {
    at: options.at ?? new Date(),
    by: auditByOf(principalOf(ctx.actor)),
    actor: await historyActorOf(ctx, source, order),
    name: triggerNameOf(source),
    auditAction: options.auditAction ?? auditActionOf(source),
  };
}

/**
 * The one entry that moves an order, for every caller (a person through HTTP, a locker through
 * MQTT, a job, the demo seed): they differ only in the context they build. In the caller's
 * transaction, with the order locked: the actor must hold the right the trigger needs
 * (permissionToMoveOrder: declared in packages/domain for terminals and jobs as for roles) and see
 * the order (its company, or for a locker its own locker); then the lifecycle machine
 * (packages/domain/src/orders) decides. An allowed move writes the order's status and stamps, then
 * what every move brings (recordMoves: history, audit, compartment, event, access codes).
 * A trigger the machine refuses changes nothing: it is kept as a refused history row, written in a
 * transaction of its own so it stays when the caller rolls back, and answers a translated 400.
 */
export async function moveOrder(ctx: TxContext, order: Row, source: OrderTriggerSource, options: OrderMoveOptions = {}): Promise<Row> {
  authorize(ctx, permissionToMoveOrder(source));
  if (!mayMove(ctx.actor, order)) throw notFound();
  const setting = await moveSettingOf(ctx, source, options, order);
  const planned = await planMove(ctx, order, source, options, setting);
  if (!planned.ok) {
    await writeOrderHistory(ctx.deps.db, planned.history);
    throw refusalOf(ctx, planned, setting.name);
  }
  const after = await writeOrder(ctx.tx, order.id, planned.move.values);
  await recordMoves(ctx, [{ move: planned.move, after }], setting);
  return after;
}

/**
 * The same trigger on many orders at once (an inbound of 500 parcels), locked by the caller, in a
 * few statements rather than moveOrder's handful per order: the same rights, the same machine, the
 * same rows and events. All or none: an order the actor may not move answers 404, and a refusal by
 * the machine answers moveOrder's 400 (for the first one) before anything is written
 * (the refusals are kept in the orders' history on a connection of their own, as moveOrder's).
 * Orders whose new values are alike (the same target and stamps) are written by one UPDATE.
 * Answers the orders as they became, in the given order.
 */
export async function moveOrders(
  ctx: TxContext,
  orders: readonly Row[],
  source: OrderTriggerSource,
  options: Omit<OrderMoveOptions, 'placeIn'> = {},
): Promise<Row[]> {
  authorize(ctx, permissionToMoveOrder(source));
  if (!orders.length) return [];
  if (orders.some((order) => !mayMove(ctx.actor, order))) throw notFound();
  // A terminal moves only its own locker's orders: one history actor serves the whole set.
  const setting = await moveSettingOf(ctx, source, options, orders[0]);
  const moves: PlannedMove[] = [];
  const refusals: Extract<Awaited<ReturnType<typeof planMove>>, { ok: false }>[] = [];
  for (const order of orders) {
    const planned = await planMove(ctx, order, source, options, setting);
    if (planned.ok) moves.push(planned.move);
    else refusals.push(planned);
  }
  const [refused] = refusals;
  if (refused) {
    await writeOrderHistories(
      ctx.deps.db,
      refusals.map((refusal) => refusal.history),
    );
    throw refusalOf(ctx, refused, setting.name);
  }
  const alike = new Map<string, PlannedMove[]>();
  for (const move of moves) {
    const key = JSON.stringify(move.values);
    alike.set(key, [...(alike.get(key) ?? []), move]);
  }
  const afterById = new Map<string, Row>();
  for (const group of alike.values()) {
    const [first] = group;
    if (!first) continue;
    const written = await writeOrders(
      ctx.tx,
      group.map((move) => move.order.id),
      first.values,
    );
    for (const row of written) afterById.set(row.id, row);
  }
  const moved = moves.map((move) => {
    const after = afterById.get(move.order.id);
    if (!after) throw new Error(`order ${move.order.id} was not written`);
    return { move, after };
  });
  await recordMoves(ctx, moved, setting);
  return moved.map(({ after }) => after);
}

/**
 * A locker moves only its own locker's orders (a shared locker holds several companies'); others,
 * their companies' and those their distribution companies carry.
 */
function mayMove(actor: Actor, order: Row): boolean {
  if (actor.kind === 'terminal') return order.ebox === actor.eboxId;
  return isOperatedInScope(DECLARED_ENTITIES.order, scopeOfActor(actor), order);
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
    carrierId: idOrNull(order.carrier),
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
