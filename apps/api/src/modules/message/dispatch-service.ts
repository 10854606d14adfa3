import { randomUUID } from 'node:crypto';
import {
  DEFAULT_PRE_EXPIRED_HOURS,
  type EventPayload,
  type MessageChannel,
  type MessageTrigger,
  messageSubTypeOf,
  messageTriggerOf,
  type OrderType,
} from '@ebox/domain';
import { auditByOf, writeAudits } from '../../platform/audit';
import { inTransaction, principalOf, type ServiceContext, type TxContext } from '../../platform/context';
import { publishEvents } from '../../platform/events';
import { enqueueJob, enqueueJobs } from '../../platform/jobs/queue';
import { dispatchMessagesJob, sendOrderMessageJob } from './jobs';
import { companyMessagingOf, nextInWindow, type PlannedMessage, planMessages } from './plan';
import {
  findMatchingTemplates,
  findOrderForMessages,
  findOrdersDueReminder,
  hasEnabledTemplateFor,
  insertOrderMessages,
  type OrderForMessages,
  type OrderMessageRow,
} from './repository';

/**
 * From an order's moment to queued messages (docs/messages.md). The order's move only enqueues the
 * dispatch (in its own transaction, so a move that rolls back sends nothing); the dispatch picks the
 * templates and channels and writes each message with its send job in one transaction. A message's
 * unique (order, template, trigger, occasion) makes a second run, or a second process, add nothing.
 */

/** The order's move (in its transaction): its new status's messages are dispatched once it commits. */
export function recordOrderStatusMessages(ctx: TxContext, event: EventPayload<'order.statusChanged'>): Promise<void> {
  return recordMomentMessages(ctx, event.orderId, event.companyId, messageTriggerOf(event.to));
}

/**
 * Many orders moved together (an inbound of 500): each company's templates asked once per moment,
 * and the dispatches of the orders that have one queued in one INSERT.
 */
export async function recordOrderStatusesMessages(ctx: TxContext, events: readonly EventPayload<'order.statusChanged'>[]): Promise<void> {
  const found = new Map<string, boolean>();
  const dispatches: { orderId: string; trigger: MessageTrigger; occasion: string }[] = [];
  for (const event of events) {
    const trigger = messageTriggerOf(event.to);
    if (!trigger || !event.companyId) continue;
    const key = `${event.companyId}:${trigger}`;
    let enabled = found.get(key);
    if (enabled === undefined) {
      enabled = await hasEnabledTemplateFor(ctx.tx, event.companyId, trigger);
      found.set(key, enabled);
    }
    if (enabled) dispatches.push({ orderId: event.orderId, trigger, occasion: 'auto' });
  }
  await enqueueJobs(ctx, dispatchMessagesJob, dispatches);
}

export function recordOrderCreatedMessages(ctx: TxContext, event: EventPayload<'order.created'>): Promise<void> {
  return recordMomentMessages(ctx, event.orderId, event.companyId, messageTriggerOf(event.status));
}

/**
 * Most moments of most companies have no template (sixteen triggers): those enqueue nothing, so a
 * burst of moves does not queue thousands of empty dispatches ahead of the ones that send.
 */
async function recordMomentMessages(ctx: TxContext, orderId: string, companyId: string | null, trigger: MessageTrigger | undefined) {
  if (!trigger || !companyId) return;
  if (!(await hasEnabledTemplateFor(ctx.tx, companyId, trigger))) return;
  await enqueueJob(ctx, dispatchMessagesJob, { orderId, trigger, occasion: 'auto' });
}

export async function runDispatchMessages(
  ctx: ServiceContext,
  payload: { orderId: string; trigger: MessageTrigger; occasion: string },
): Promise<void> {
  await inTransaction(ctx, (tx) => dispatchOrderMessages(tx, payload));
}

/**
 * Writes the messages of an order's moment and queues them; answers those written now (none when the
 * moment was dispatched before, or nothing can reach the customer). `channels` narrows a resend.
 */
export async function dispatchOrderMessages(
  ctx: TxContext,
  request: { orderId: string; trigger: MessageTrigger; occasion: string; channels?: readonly MessageChannel[] },
): Promise<OrderMessageRow[]> {
  const order = await findOrderForMessages(ctx.tx, request.orderId);
  if (!order?.companyId) return [];
  const templates = await findMatchingTemplates(ctx.tx, {
    companyId: order.companyId,
    subType: messageSubTypeOf(order.type as OrderType),
    trigger: request.trigger,
    clusterId: order.clusterId,
  });
  const messaging = companyMessagingOf(order.company.settings);
  const channels = request.channels;
  const planned = channels
    ? planMessages(order, templates, { ...messaging, fallback: channels }).filter((message) => channels.includes(message.channel))
    : planMessages(order, templates, messaging);
  const notBefore = request.trigger === 'PRE_EXPIRED' ? nextInWindow(new Date(), messaging) : null;
  return queueMessages(ctx, order, planned, { trigger: request.trigger, occasion: request.occasion, notBefore });
}

/** Writes planned messages (each once), their audit rows, their events and their send jobs. */
export async function queueMessages(
  ctx: TxContext,
  order: OrderForMessages,
  planned: readonly PlannedMessage[],
  options: { trigger: MessageTrigger; occasion: string; notBefore: Date | null; fallbackOf?: string },
): Promise<OrderMessageRow[]> {
  const added = await insertOrderMessages(
    ctx.tx,
    planned.map((message) => ({
      company: order.companyId,
      order: order.id,
      template: message.template.id,
      trigger: options.trigger,
      occasion: options.occasion,
      channel: message.channel,
      language: message.template.language ?? order.customer.language ?? 'pt-BR',
      recipient: message.recipient,
      device: message.device ?? null,
      fallbackOf: options.fallbackOf ?? null,
      notBefore: options.notBefore?.toISOString() ?? null,
    })),
  );
  if (!added.length) return added;
  const by = auditByOf(principalOf(ctx.actor));
  await writeAudits(
    ctx.tx,
    added.map((row) => ({
      entityName: 'orderMessage',
      entityId: row.id,
      action: 'queued',
      before: null,
      after: { order: row.order, channel: row.channel, trigger: row.trigger, recipient: row.recipient, status: row.status },
      by,
    })),
  );
  await publishEvents(
    ctx,
    'orderMessage.statusChanged',
    added.map((row) => statusEventOf(row)),
  );
  const startAfter = options.notBefore && options.notBefore.getTime() > Date.now() + 1_000 ? options.notBefore : undefined;
  if (startAfter) {
    for (const row of added) {
      await enqueueJob(
        ctx,
        sendOrderMessageJob,
        { messageId: row.id },
        { startAfterSeconds: Math.ceil((startAfter.getTime() - Date.now()) / 1_000) },
      );
    }
  } else {
    await enqueueJobs(
      ctx,
      sendOrderMessageJob,
      added.map((row) => ({ messageId: row.id })),
    );
  }
  return added;
}

export function statusEventOf(row: OrderMessageRow): EventPayload<'orderMessage.statusChanged'> {
  return {
    messageId: row.id,
    orderId: row.order,
    companyId: row.company,
    channel: row.channel as MessageChannel,
    trigger: row.trigger as MessageTrigger,
    status: row.status as EventPayload<'orderMessage.statusChanged'>['status'],
    error: row.error,
    at: new Date().toISOString(),
  };
}

/** How many orders one reminder run plans, so a backlog is worked through in short transactions. */
const REMINDERS_PER_RUN = 200;

/** The PRE_EXPIRED reminders now due (scheduled every five minutes): each waits for its company's daytime. */
export async function runRemindBeforeExpiry(ctx: ServiceContext): Promise<void> {
  const orderIds = await findOrdersDueReminder(ctx.deps.db, DEFAULT_PRE_EXPIRED_HOURS, REMINDERS_PER_RUN);
  for (const orderId of orderIds) {
    await inTransaction(ctx, (tx) => dispatchOrderMessages(tx, { orderId, trigger: 'PRE_EXPIRED', occasion: 'auto' }));
  }
}

/** A fresh occasion for a send asked for by a person: it is a new message even for a moment sent before. */
export function newOccasion(): string {
  return `manual:${randomUUID()}`;
}
