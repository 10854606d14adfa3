import type { OutgoingContent } from '@ebox/domain/bot/outgoing';
import { inTransaction, type ServiceContext } from '../../platform/context';
import type { JobAttempt } from '../../platform/jobs/job';
import { ProviderDeliveryError } from '../../platform/message-providers/provider-error';
import { createWhatsAppCloudProvider } from '../../platform/message-providers/whatsapp-cloud';
import { reachWhatsAppRecipient, takeWhatsAppSendSlot } from '../../platform/message-providers/whatsapp-limits';
import { decryptSecret } from '../../platform/secret-box';
import { lockProviderMessage, takePendingReports } from '../message/repository';
import { sendOnChannel } from '../message/transports';
import { publishBotMessageChangedBy } from './message-events';
import {
  findConversingBot,
  findNextQueuedReply,
  findSmsGatewayOfCompany,
  recordReplyOutcome,
  recordReplyReceipt,
  recordReplySentBySms,
} from './repository';

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
    const content = reply.content as OutgoingContent;
    const lastInbound = reply.lastInboundAt ? new Date(reply.lastInboundAt).getTime() : 0;
    if (content.type !== 'template' && Date.now() - lastInbound > CUSTOMER_SERVICE_WINDOW_MS) {
      await recordOutcome(ctx, reply.id, { errorCode: OUTSIDE_WINDOW_CODE, errorTitle: 'outside the 24-hour customer service window' });
      continue;
    }
    if (!accessToken) {
      await recordOutcome(ctx, reply.id, { errorCode: null, errorTitle: 'the bot has no access token that this console can read' });
      continue;
    }
    const limits = ctx.deps.config.whatsappLimits;
    if (content.type === 'template' && !(await reachRecipient(ctx, bot, waId, reply))) continue;
    // The number's throughput, shared with the messaging channel and the other processes.
    await takeWhatsAppSendSlot(db, bot.phoneNumberId, limits.messagesPerSecond);
    try {
      const sent = await provider.send({ to: waId, content });
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

/**
 * A template counts against the number's tier of customers reached in 24 hours, shared with the
 * messaging channel. Past it the same words go by SMS through the company's gateway (issue 32: a
 * booking's message is never lost), kept on the reply as sent by SMS; false when it left that way.
 */
async function reachRecipient(
  ctx: ServiceContext,
  bot: { phoneNumberId: string; company: string | null },
  waId: string,
  reply: { id: string; text: string | null },
): Promise<boolean> {
  try {
    await reachWhatsAppRecipient(ctx.deps.db, bot.phoneNumberId, waId, ctx.deps.config.whatsappLimits.tierRecipients);
    return true;
  } catch (error) {
    if (!(error instanceof ProviderDeliveryError) || error.code !== 'tier_reached') throw error;
  }
  const smsGateway = await findSmsGatewayOfCompany(ctx.deps.db, bot.company);
  await sendOnChannel(ctx, { channel: 'sms', recipient: `+${waId}`, subject: null, text: reply.text ?? '', smsGateway });
  await inTransaction(ctx, async (tx) => {
    await recordReplySentBySms(tx.tx, reply.id);
    await publishBotMessageChangedBy(tx, { id: reply.id });
  });
  return false;
}

/**
 * A reply's outcome, and its live event for the thread screen, in one transaction. Meta may report
 * a reply's receipts before its answer to the send reaches us: those wait as the messaging channel's
 * pending reports, and are applied here once the wamid is known.
 */
async function recordOutcome(ctx: ServiceContext, id: string, outcome: Parameters<typeof recordReplyOutcome>[2]): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    if ('wamid' in outcome) await lockProviderMessage(tx.tx, 'whatsapp', outcome.wamid);
    await recordReplyOutcome(tx.tx, id, outcome);
    if ('wamid' in outcome) {
      for (const report of await takePendingReports(tx.tx, 'whatsapp', outcome.wamid)) {
        const code = report.errorCode !== null && /^\d+$/.test(report.errorCode) ? Number(report.errorCode) : undefined;
        await recordReplyReceipt(tx.tx, outcome.wamid, report.status, { code, title: report.error ?? undefined });
      }
    }
    await publishBotMessageChangedBy(tx, { id });
  });
}
