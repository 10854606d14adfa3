import {
  applyOrderTrigger,
  findOrderTransition,
  ORDER_REFUSAL_KEYS,
  type OrderStatus,
  type OrderTriggerSource,
  type OrderType,
  translatorFor,
  triggerNameOf,
} from '@ebox/domain';
import type { Row } from '../../kit/repository';
import { auditByOf, writeAudit } from '../../platform/audit';
import { principalOf, type TxContext } from '../../platform/context';
import { badRequest } from '../../platform/errors';
import { findAllowCollectExpiredOrder, findCompartiment, writeCompartimentStatus, writeOrder } from './repository';

/**
 * Moves one locked order by a trigger of the lifecycle machine (packages/domain/src/orders), in the
 * caller's transaction: the order's status and stamps, then its compartment's status, the
 * compartment's change audited here (the order's is audited by the caller: the kit's action).
 * A trigger the machine refuses changes nothing and answers a translated 400.
 */
export async function moveOrder(ctx: TxContext, order: Row, source: OrderTriggerSource, at: Date = new Date()): Promise<Row> {
  const type = order.type as OrderType;
  const status = (order.status ?? 'CREATED') as OrderStatus;
  const name = triggerNameOf(source);
  const transition = findOrderTransition(type, status, name);
  const allowCollectExpiredOrder =
    transition?.guard === 'allowCollectExpiredOrder' && typeof order.company === 'string'
      ? await findAllowCollectExpiredOrder(ctx.tx, order.company)
      : false;
  const principal = principalOf(ctx.actor);
  const result = applyOrderTrigger({ type, status }, { ...source, at, by: principal.label, allowCollectExpiredOrder });
  if (!result.ok) {
    const t = translatorFor(ctx.language);
    throw badRequest(ORDER_REFUSAL_KEYS[result.reason], {
      type: t(`entities.order.enumerators.type.${type}`),
      status: t(`entities.order.enumerators.status.${status}`),
      trigger: t(`entities.order.lifecycle.triggers.${name}`),
    });
  }
  const after = await writeOrder(ctx.tx, order.id, { status: result.next, ...result.stamps });
  const compartimentId = typeof order.compartiment === 'string' ? order.compartiment : null;
  if (result.compartimentStatus && compartimentId) {
    const before = await findCompartiment(ctx.tx, compartimentId);
    if (before && before.status !== result.compartimentStatus) {
      const changed = await writeCompartimentStatus(ctx.tx, compartimentId, result.compartimentStatus);
      await writeAudit(ctx.tx, {
        entityName: 'compartiment',
        entityId: compartimentId,
        action: 'update',
        before,
        after: changed,
        by: auditByOf(principal),
      });
    }
  }
  return after;
}
