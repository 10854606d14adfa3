import type { BotLanguage, BotStep } from '@ebox/domain/bot/flow-steps';
import { outgoingTextOf, qrCodeImageOf, renderStep, templateContentOf } from '@ebox/domain/bot/outgoing';
import { whatsappLanguageOf } from '@ebox/domain/messaging';
import type { TxContext } from '../../platform/context';
import { enqueueJob } from '../../platform/jobs/queue';
import { companyMessagingOf } from '../message/plan';
import { messageValuesOf, renderTemplateParameters, renderTemplateText } from '../message/render';
import { findOrderForMessages, findTemplate } from '../message/repository';
import { qrCodeUrlOf } from '../qr-code/link';
import { botSendJob } from './jobs';
import { type ConversingBot, insertQueuedReplies, type QueuedReply } from './repository';

/**
 * What a bot says to a customer, however it came to say it: an answer in the conversation
 * (conversation-service.ts) or news of the customer's payment (modules/payment). Each reply is the
 * step's text as the bot's flow words it, rendered as WhatsApp draws it, written queued in the
 * caller's transaction; the phone's send job sends it in order (send-service.ts).
 */

export function replyOf(
  bot: Pick<ConversingBot, 'flow'>,
  step: BotStep,
  language: BotLanguage,
  options?: Parameters<typeof renderStep>[3],
): QueuedReply {
  const content = renderStep(bot.flow?.messages, step, language, options);
  return { step, content, text: outgoingTextOf(content) };
}

/**
 * The booking's access code as a QR code image, after the code itself (issue 32: "the code and
 * QR"): Meta fetches the console's signed QR image of the order (GET /order/qrcode/:token, valid
 * until the booking ends). None when the order has no code.
 */
export function qrCodeReplyOf(
  ctx: TxContext,
  order: { id: string; accessCode: string; overdueDate: string | null },
  language: BotLanguage,
): QueuedReply[] {
  const link = qrCodeUrlOf({ appUrl: ctx.deps.config.appUrl, secret: ctx.deps.config.jwtSecret }, order);
  if (!link) return [];
  const content = qrCodeImageOf(language, link);
  return [{ step: 'booked', content, text: outgoingTextOf(content) }];
}

/**
 * The flow's message template (spec 3: what is sent outside the customer's 24-hour window) about a
 * booking, as WhatsApp takes a template: the ccm's subject is the name Meta approved, its body's
 * `{{variables}}` are the booking order's values (as the order's own messages render them, on the
 * PRE_EXPIRED trigger: the code, the locker and the end). None when the flow names no template, the
 * template has no name or the order is gone; a template that does not render throws
 * (TemplateRenderError) for the caller to refuse or log.
 */
export async function flowTemplateReplyOf(
  tx: TxContext,
  bot: Pick<ConversingBot, 'flow'>,
  step: BotStep,
  orderId: string,
  language: BotLanguage,
): Promise<QueuedReply | undefined> {
  const templateId = bot.flow?.messageTemplate;
  if (!templateId) return undefined;
  const template = await findTemplate(tx.tx, templateId);
  const order = template?.subject ? await findOrderForMessages(tx.tx, orderId) : null;
  if (!template?.subject || !order) return undefined;
  const values = messageValuesOf(order, {
    language,
    trigger: 'PRE_EXPIRED',
    timeZone: companyMessagingOf(order.company.settings).timeZone,
    links: { appUrl: tx.deps.config.appUrl, secret: tx.deps.config.jwtSecret },
  });
  const content = templateContentOf(template.subject, whatsappLanguageOf(language), renderTemplateParameters(template.content, values));
  return { step, content, text: renderTemplateText(template.content, values) };
}

/** Queues the replies to a phone and wakes its send job, in the caller's transaction. */
export async function queueReplies(
  tx: TxContext,
  bot: Pick<ConversingBot, 'id' | 'company'>,
  waId: string,
  replies: readonly QueuedReply[],
): Promise<void> {
  if (!replies.length) return;
  await insertQueuedReplies(tx.tx, { bot: bot.id, company: bot.company, waId }, replies);
  await enqueueJob(tx, botSendJob, { botId: bot.id, waId }, { singletonKey: `${bot.id}:${waId}` });
}
