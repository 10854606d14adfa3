import { type MessageChannel, type MessageStatus, type MessageTrigger, messageSubTypeOf, type OrderType } from '@ebox/domain';
import { auditByOf, writeAudit } from '../../platform/audit';
import { principalOf, type TxContext } from '../../platform/context';
import { publishEvent } from '../../platform/events';
import { queueMessages, statusEventOf } from './dispatch-service';
import { companyMessagingOf, planMessages } from './plan';
import {
  findMatchingTemplates,
  findOrderForMessages,
  type MessageChange,
  type OrderMessageRow,
  type PendingReport,
  takePendingReports,
  updateOrderMessage,
} from './repository';

/**
 * How a message's story is written, whoever learns it (the send job, a provider's report): its new
 * state with its audit row and event, the next channel after a permanent failure, and a provider's
 * reports applied only when they move the message forward.
 */

/** A message's new state with its audit row and its event (the communications tab, the shippers' webhooks). */
export async function recordOutcome(
  ctx: TxContext,
  row: OrderMessageRow,
  change: MessageChange & { status: MessageStatus },
): Promise<OrderMessageRow | undefined> {
  const updated = await updateOrderMessage(ctx.tx, row.id, { ...change, released: true });
  if (!updated) return undefined;
  await writeAudit(ctx.tx, {
    entityName: 'orderMessage',
    entityId: row.id,
    action: change.status,
    before: { status: row.status, attempts: row.attempts, error: row.error },
    after: { status: updated.status, attempts: updated.attempts, error: updated.error, provider: updated.provider },
    by: auditByOf(principalOf(ctx.actor)),
  });
  await publishEvent(ctx, 'orderMessage.statusChanged', statusEventOf(updated));
  return updated;
}

/** After a permanent failure, the next channel of the company's order that can reach the customer. */
export async function queueFallback(ctx: TxContext, failed: OrderMessageRow): Promise<void> {
  const order = await findOrderForMessages(ctx.tx, failed.order);
  if (!order?.companyId) return;
  const templates = await findMatchingTemplates(ctx.tx, {
    companyId: order.companyId,
    subType: messageSubTypeOf(order.type as OrderType),
    trigger: failed.trigger,
    clusterId: order.clusterId,
  });
  const planned = planMessages(order, templates, companyMessagingOf(order.company.settings), { after: failed.channel as MessageChannel });
  await queueMessages(ctx, order, planned, {
    trigger: failed.trigger as MessageTrigger,
    occasion: failed.occasion,
    notBefore: null,
    fallbackOf: failed.id,
  });
}

const RANK: Record<MessageStatus, number> = { queued: 0, sent: 1, delivered: 2, read: 3, failed: 4 };

/** Whether a report moves a message in `from` to `to`. */
export function isForwardMove(from: MessageStatus, to: MessageStatus): boolean {
  if (from === 'failed') return false;
  if (to === 'failed') return from !== 'delivered' && from !== 'read';
  return RANK[to] > RANK[from];
}

export type ProviderReport = Pick<PendingReport, 'status' | 'errorCode' | 'error'>;

/** Applies one report to its message; answers the message as it now stands. */
export async function applyReport(ctx: TxContext, row: OrderMessageRow, report: ProviderReport): Promise<OrderMessageRow> {
  const status = report.status as MessageStatus;
  if (!isForwardMove(row.status as MessageStatus, status)) return row;
  const failed = status === 'failed';
  const updated = await recordOutcome(ctx, row, {
    status,
    ...(failed ? { error: report.error ?? 'the provider did not deliver the message', errorCode: report.errorCode } : {}),
  });
  if (failed) await queueFallback(ctx, row);
  return updated ?? row;
}

/** The reports that came before the send recorded the provider's id (called in that transaction, under the id's lock). */
export async function applyPendingReports(ctx: TxContext, row: OrderMessageRow): Promise<void> {
  if (!row.provider || !row.providerMessageId) return;
  let current = row;
  for (const report of await takePendingReports(ctx.tx, row.provider, row.providerMessageId))
    current = await applyReport(ctx, current, report);
}
