import type { Permission } from '@ebox/domain';
import { DECLARED_ENTITIES, MESSAGE_RESEND_INTERVAL_SECONDS, type MessageChannel, messageTriggerOf, type OrderStatus } from '@ebox/domain';
import { sql } from 'drizzle-orm';
import { loadInScope } from '../../kit/entity-write';
import { resourceOf } from '../../kit/repository';
import { authorize, inTransaction, type ServiceContext } from '../../platform/context';
import { badRequest, domainError } from '../../platform/errors';
import { dispatchOrderMessages, newOccasion } from './dispatch-service';
import { findLatestMessageOn, type OrderMessageRow } from './repository';

/**
 * Sends asked for on an order's page (spec 4.5 "send notification", 6 `orderResendSMS`): the
 * messages of the order's current moment, now, as new messages. A resend of one channel within a
 * minute of its last message is refused, so a double click or an impatient user does not send twice.
 */

const orders = resourceOf(DECLARED_ENTITIES.order);

export type SentNotification = { id: string; channel: string; recipient: string | null; status: string };

/** Every message of the order's current moment, on the company's channels (POST /order/send-notification). */
export function sendOrderNotification(ctx: ServiceContext, orderId: string): Promise<SentNotification[]> {
  return notify(ctx, orderId, { permission: 'orderEdit' });
}

/** The order's current moment again on one channel (POST /order/resend-sms, /order/resend-email). */
export function resendOrderMessage(ctx: ServiceContext, orderId: string, channel: 'sms' | 'email'): Promise<SentNotification[]> {
  return notify(ctx, orderId, { permission: 'orderResendSMS', channel });
}

async function notify(
  ctx: ServiceContext,
  orderId: string,
  options: { permission: Permission; channel?: MessageChannel },
): Promise<SentNotification[]> {
  authorize(ctx, options.permission);
  const order = await loadInScope(ctx, orders, orderId);
  const trigger = messageTriggerOf(order.status as OrderStatus);
  if (!trigger) throw badRequest('errors.communicationNotSent');
  const added = await inTransaction(ctx, async (tx) => {
    const channel = options.channel;
    if (channel) {
      // One resend of a channel at a time per order: the check below and the insert are one step.
      await tx.tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`resend:${orderId}:${channel}`}))`);
      const latest = await findLatestMessageOn(tx.tx, orderId, channel);
      const age = latest ? (Date.now() - new Date(latest.createdAt).getTime()) / 1_000 : Number.POSITIVE_INFINITY;
      if (age < MESSAGE_RESEND_INTERVAL_SECONDS) {
        throw domainError('rateLimited', 'errors.messageResentTooSoon', { seconds: Math.ceil(MESSAGE_RESEND_INTERVAL_SECONDS - age) });
      }
    }
    return dispatchOrderMessages(tx, { orderId, trigger, occasion: newOccasion(), ...(channel ? { channels: [channel] } : {}) });
  });
  if (!added.length) throw badRequest('errors.communicationNotSent');
  return added.map(summaryOf);
}

function summaryOf(row: OrderMessageRow): SentNotification {
  return { id: row.id, channel: row.channel, recipient: row.recipient, status: row.status };
}
