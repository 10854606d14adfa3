import {
  findOrderTransition,
  ORDER_LIFECYCLE,
  type OrderStatus,
  type OrderTriggerSource,
  type OrderType,
  permissionToMoveOrder,
  translatorFor,
  triggerNameOf,
} from '@ebox/domain';
import { scopeOfContext } from '../../kit/entity-checks';
import { authorize, dbOf, principalOf, type ServiceContext, type TxContext } from '../../platform/context';
import { badRequest } from '../../platform/errors';
import { moveOrders } from '../order/lifecycle-service';
import { findOrdersByTrackingCodes, type InboundCandidate, lockOrdersInScope } from './repository';

/** The one trigger an inbound pulls: the lifecycle decides where each order goes (INBOUND for a delivery). */
const INBOUND_TRIGGER: OrderTriggerSource = { kind: 'console', action: 'inbound' };
const INBOUND_TRIGGER_NAME = triggerNameOf(INBOUND_TRIGGER);

/** Spec 9: an inbound search uses a page of 1000. */
export const INBOUND_SEARCH_LIMIT = 1000;

/** Where the inbound trigger leads: an order already there has been received (scanned twice, or received before). */
const RECEIVED_STATUSES: ReadonlySet<string> = new Set(
  Object.values(ORDER_LIFECYCLE).flatMap((transitions) =>
    transitions.filter((transition) => transition.trigger === INBOUND_TRIGGER_NAME).map((transition) => transition.to),
  ),
);

export type InboundSearchResult = 'found' | 'alreadyInbound' | 'notAllowed' | 'unknown';

export type InboundSearchRow = {
  trackingCode: string;
  result: InboundSearchResult;
  /** The answer in the caller's language, as the screen shows it beside the code. */
  message: string;
  order: InboundCandidate | null;
};

function resultOf(order: Pick<InboundCandidate, 'type' | 'status'>): InboundSearchResult {
  if (findOrderTransition(order.type, order.status, INBOUND_TRIGGER_NAME)) return 'found';
  return RECEIVED_STATUSES.has(order.status) ? 'alreadyInbound' : 'notAllowed';
}

const RESULT_RANK: Record<InboundSearchResult, number> = { found: 0, alreadyInbound: 1, notAllowed: 2, unknown: 3 };

/**
 * Spec 7.4 "inbound search by tracking codes": each distinct code (compared without case, as a
 * scanner and a paste may differ) answered once, in the order given. A code several orders of the
 * caller's companies share answers the one an inbound can take, else the newest; an order of a
 * company the caller may not see is never read, so it answers "unknown" like a code nobody has.
 */
export async function searchInbound(
  ctx: ServiceContext,
  trackingCodes: readonly string[],
): Promise<{ rows: InboundSearchRow[]; count: number }> {
  authorize(ctx, 'inboundCreate');
  const codes = new Map<string, string>();
  for (const typed of trackingCodes) {
    const code = typed.trim();
    if (code && !codes.has(code.toLowerCase())) codes.set(code.toLowerCase(), code);
  }
  if (codes.size > INBOUND_SEARCH_LIMIT) throw badRequest('errors.validation');
  const found = await findOrdersByTrackingCodes(dbOf(ctx), [...codes.keys()], scopeOfContext(ctx));
  const best = new Map<string, InboundCandidate>();
  for (const order of found) {
    const key = order.trackingCode.toLowerCase();
    const kept = best.get(key);
    // Rows come newest first: a later row replaces the kept one only when an inbound can do more with it.
    if (!kept || RESULT_RANK[resultOf(order)] < RESULT_RANK[resultOf(kept)]) best.set(key, order);
  }
  const t = translatorFor(ctx.language);
  const rows = [...codes].map(([key, trackingCode]): InboundSearchRow => {
    const order = best.get(key) ?? null;
    const result = order ? resultOf(order) : 'unknown';
    const status = order ? t(`entities.order.enumerators.status.${order.status}`) : '';
    return { trackingCode, result, message: t(`entities.inbound.search.${result}`, { status }), order };
  });
  return { rows, count: rows.filter((row) => row.result === 'found').length };
}

/**
 * Before an inbound is written (its create's transaction): its orders, each once, locked; all of
 * them must be movable by the inbound trigger, or the save answers a 400 naming the codes and
 * nothing is written. The server's own fields are filled here, in the same data the kit stores.
 */
export async function prepareInbound(ctx: TxContext, data: Record<string, unknown>): Promise<void> {
  // Checked before anything is read, rather than at the first move: a refusal names no order.
  authorize(ctx, permissionToMoveOrder(INBOUND_TRIGGER));
  const ids = [...new Set(Array.isArray(data.orders) ? data.orders.map(String) : [])];
  const orders = await lockOrdersInScope(ctx.tx, ids, scopeOfContext(ctx));
  const refused = orders.filter((order) => resultOf({ type: order.type as OrderType, status: order.status as OrderStatus }) !== 'found');
  if (refused.length) {
    const codes = refused.map((order) => String(order.trackingCode)).sort();
    throw badRequest('entities.inbound.errors.notMovable', { codes: codes.join(', ') });
  }
  const at = new Date();
  data.orders = orders.map((order) => order.id);
  data.trackingCode = orders.map((order) => String(order.trackingCode));
  data.totalOrders = orders.length;
  data.packingOrders = 0;
  data.inboundAt = at;
  data.createdBy = principalOf(ctx.actor).label;
  if (typeof data.name !== 'string' || !data.name.trim()) data.name = at.toISOString().slice(0, 16).replace('T', ' ');
}

/**
 * After the inbound row is written, in its transaction: its orders moved by the state machine as
 * one set (moveOrders: history, audit, events in a few statements, not a handful per order), so
 * 500 parcels save in well under the 2 s of issue 30.
 */
export async function moveInboundOrders(ctx: TxContext, orderIds: readonly string[]): Promise<void> {
  const orders = await lockOrdersInScope(ctx.tx, orderIds, scopeOfContext(ctx));
  await moveOrders(ctx, orders, INBOUND_TRIGGER, { at: new Date() });
}
