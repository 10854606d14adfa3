import type { OutgoingContent } from '@ebox/domain/bot/outgoing';
import { inTransaction, type ServiceContext } from '../../platform/context';
import type { JobAttempt } from '../../platform/jobs/job';
import { ProviderDeliveryError } from '../../platform/message-providers/provider-error';
import { createWhatsAppCloudProvider } from '../../platform/message-providers/whatsapp-cloud';
import { takeWhatsAppSendSlot } from '../../platform/message-providers/whatsapp-limits';
import { decryptSecret } from '../../platform/secret-box';
import { publishBotMessageChangedBy } from './message-events';
import { findConversingBot, findNextQueuedReply, recordReplyOutcome } from './repository';

/** WhatsApp takes free replies (text, buttons, lists) for 24 hours after the customer's last message. */
export const CUSTOMER_SERVICE_WINDOW_MS = 24 * 60 * 60_000;

/** Meta's code for a free reply outside the window (what it would answer), kept on a reply never sent. */
const OUTSIDE_WINDOW_CODE = 131047;

/**
 * The send job of one phone (`bot.send`, stately per bot and phone: one runs at a time, so replies
 * leave in the order they were written). It sends the phone's queued replies one after another
 * until none is left. Meta's throttling (130429) or a failure on its side leaves the reply queued
 * and throws: the queue retries the job later, backing off. A refusal fails that reply with Meta's
 * code and goes on; so does the last attempt, so nothing stays queued for ever.
 */
export async function sendQueuedReplies(
  ctx: ServiceContext,
  payload: { botId: string; waId: string },
  attempt?: JobAttempt,
): Promise<void> {
  const { botId, waId } = payload;
  const db = ctx.deps.db;
  const bot = await findConversingBot(db, botId);
  if (!bot) return;
  const accessToken = decryptSecret(ctx.deps.config.secretsKey, bot.accessToken);
  const settings = ctx.deps.config.whatsapp;
  const provider = createWhatsAppCloudProvider({
    baseUrl: settings?.baseUrl,
    apiVersion: settings?.apiVersion,
    phoneNumberId: bot.phoneNumberId,
    accessToken: accessToken ?? '',
    timeoutMs: settings?.timeoutMs ?? 10_000,
  });
  for (;;) {
    const reply = await findNextQueuedReply(db, botId, waId);
    if (!reply) return;
    const lastInbound = reply.lastInboundAt ? new Date(reply.lastInboundAt).getTime() : 0;
    if (Date.now() - lastInbound > CUSTOMER_SERVICE_WINDOW_MS) {
      await recordOutcome(ctx, reply.id, { errorCode: OUTSIDE_WINDOW_CODE, errorTitle: 'outside the 24-hour customer service window' });
      continue;
    }
    if (!accessToken) {
      await recordOutcome(ctx, reply.id, { errorCode: null, errorTitle: 'the bot has no access token that this console can read' });
      continue;
    }
    // The number's throughput, shared with the messaging channel and the other processes.
    await takeWhatsAppSendSlot(db, bot.phoneNumberId, ctx.deps.config.whatsappLimits.messagesPerSecond);
    try {
      const sent = await provider.send({ to: waId, content: reply.content as OutgoingContent });
      await recordOutcome(ctx, reply.id, { wamid: sent.providerMessageId });
    } catch (error) {
      const delivery = error instanceof ProviderDeliveryError ? error : undefined;
      if (delivery?.retryable !== false && !attempt?.last) throw error;
      await recordOutcome(ctx, reply.id, {
        errorCode: delivery?.code && /^\d+$/.test(delivery.code) ? Number(delivery.code) : null,
        errorTitle: error instanceof Error ? error.message : String(error),
      });
    }
  }
}

/** A reply's outcome, and its live event for the thread screen, in one transaction. */
async function recordOutcome(ctx: ServiceContext, id: string, outcome: Parameters<typeof recordReplyOutcome>[2]): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    await recordReplyOutcome(tx.tx, id, outcome);
    await publishBotMessageChangedBy(tx, { id });
  });
}
