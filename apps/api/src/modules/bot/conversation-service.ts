import { MESSAGE_RESEND_INTERVAL_SECONDS, ORDER_LIVE_STATUSES, translatorFor } from '@ebox/domain';
import {
  CONVERSATION_IDLE_MS,
  type ConversationEffect,
  type ConversationState,
  stepConversation,
  timeOutConversation,
} from '@ebox/domain/bot/conversation';
import { BOT_CATALOG_SIZES, BOT_FLOW_TYPES, type BotFlowType, type BotLanguage } from '@ebox/domain/bot/flow-steps';
import { bookedLines, codeLines, languageOfWaId, orderLines, waIdForms } from '@ebox/domain/bot/outgoing';
import { bookingPriceOf } from '@ebox/domain/payments/payment-states';
import { inTransaction, type ServiceContext, type TxContext } from '../../platform/context';
import { openBookingPayment } from '../payment/service';
import { bookCompartment, spanOf } from './booking-service';
import { qrCodeReplyOf, queueReplies, replyOf } from './customer-replies';
import {
  type ConversingBot,
  findConversingBot,
  findFreeSizes,
  findIdleConversations,
  findLastReplyAt,
  findOpenOrdersOfPhone,
  findUnreadMessages,
  lockConversation,
  markMessagesRead,
  type QueuedReply,
  saveConversation,
} from './repository';

/**
 * A bot's conversations (issue 32 item 3): each customer message recorded by the webhook's job is
 * read here, in order per phone, through the declared machine (packages/domain/src/bot/conversation.ts);
 * the replies it decides are written queued in the same transaction and sent by the phone's send job
 * (send-service.ts). See docs/whatsapp-bot.md "Conversations".
 */

/** At most this many orders in one reply (a WhatsApp message stays short to read). */
const MAX_LISTED_ORDERS = 5;

/** Enabled, with an enabled flow, and within its start and end dates. */
function isInService(bot: ConversingBot, now: Date): boolean {
  if (!bot.enable || !bot.flow?.enable) return false;
  if (bot.startDate && new Date(bot.startDate) > now) return false;
  if (bot.endDate && new Date(bot.endDate) < now) return false;
  return true;
}

const flowTypeOf = (bot: ConversingBot): BotFlowType =>
  (BOT_FLOW_TYPES as readonly string[]).includes(bot.flow?.type ?? '') ? (bot.flow?.type as BotFlowType) : 'logisticSupport';

/** Sizes as the catalog orders them (PP to XG), others after by name. */
function sortSizes(sizes: readonly string[]): string[] {
  const rank = (size: string) => {
    const index = (BOT_CATALOG_SIZES as readonly string[]).indexOf(size);
    return index < 0 ? BOT_CATALOG_SIZES.length : index;
  };
  return [...sizes].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

const stateOf = (value: unknown): ConversationState | null =>
  value && typeof value === 'object' && 'step' in value ? (value as ConversationState) : null;

const reply = replyOf;

/**
 * Carries out an effect and answers what it says. A booking is made through the order service
 * (booking-service.ts); a paid bot's booking is held while its Pix waits (modules/payment), and a
 * size its catalog does not price is out of service rather than given away. The phone's open orders are listed
 * under the `orders` step's text, their access codes under `codes` (once a minute, the console's
 * resend rule). The hand-off's inbox is the messages screen's (issue 32 item 5).
 */
async function carryOut(
  tx: TxContext,
  bot: ConversingBot,
  effect: ConversationEffect,
  waId: string,
  language: BotLanguage,
): Promise<QueuedReply[]> {
  if (effect.type === 'say') return [reply(bot, effect.step, language)];
  if (effect.type === 'ask') return [reply(bot, effect.step, language, { rows: effect.choices })];
  if (effect.type === 'listOrders') {
    const t = translatorFor(language);
    const orders = await findOpenOrdersOfPhone(tx.tx, bot.company, waIdForms(waId), ORDER_LIVE_STATUSES, MAX_LISTED_ORDERS);
    const lines = orderLines(
      language,
      orders.map((order) => ({ ...order, statusName: t(`entities.order.enumerators.status.${order.status}`) })),
    );
    return [reply(bot, 'orders', language, { extra: lines })];
  }
  if (effect.type === 'resendCode') {
    // The console's resend rule: once a minute (the codes are the phone's own: WhatsApp proves it).
    const last = await findLastReplyAt(tx.tx, bot.id, waId, 'codes');
    if (last && Date.now() - last.getTime() < MESSAGE_RESEND_INTERVAL_SECONDS * 1000) return [reply(bot, 'codesTooSoon', language)];
    const orders = await findOpenOrdersOfPhone(tx.tx, bot.company, waIdForms(waId), ORDER_LIVE_STATUSES, MAX_LISTED_ORDERS);
    return [reply(bot, 'codes', language, { extra: codeLines(language, orders) })];
  }
  if (effect.type !== 'book') return [];
  const price = bot.isPaid ? bookingPriceOf(bot.catalog, effect.answers.size ?? '', spanOf(effect.flow, effect.answers)) : undefined;
  if (bot.isPaid && price === undefined) {
    tx.log.warn({ bot: bot.id, size: effect.answers.size }, 'whatsapp bot: a paid bot has no price for the size in its catalog');
    return [reply(bot, 'outOfService', language)];
  }
  const booked = await bookCompartment(tx, bot, effect.flow, effect.answers, waId);
  if ('refused' in booked) return [reply(bot, booked.refused === 'noneFree' ? 'noneFree' : 'outOfService', language)];
  if (price === undefined) {
    return [
      reply(bot, 'booked', language, { extra: bookedLines(language, booked) }),
      ...qrCodeReplyOf(tx, { id: booked.orderId, accessCode: booked.accessCode, overdueDate: booked.until }, language),
    ];
  }
  // Held BOOKED while the Pix waits: the charge's job tells the customer how to pay, its check the rest.
  await openBookingPayment(tx, { bot, waId, orderId: booked.orderId, value: price });
  return [];
}

/**
 * Reads a phone's unread messages to a bot, oldest first, with the conversation's row locked: a
 * second job for the same phone waits, then finds nothing left to read. Each message moves the
 * machine; the replies are queued and the phone's send job enqueued, all in one transaction.
 */
export async function readConversation(ctx: ServiceContext, botId: string, waId: string): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const bot = await findConversingBot(tx.tx, botId);
    if (!bot) return;
    const conversation = await lockConversation(tx.tx, botId, waId, bot.company);
    const unread = await findUnreadMessages(tx.tx, botId, waId);
    if (!unread.length) return;
    const language = languageOfWaId(waId);
    const flow = flowTypeOf(bot);
    const freeSizes = sortSizes(await findFreeSizes(tx.tx, bot.cluster));
    let state = stateOf(conversation.state);
    const replies: QueuedReply[] = [];
    for (const message of unread) {
      const at = new Date(message.sentAt);
      const context = { inService: isInService(bot, new Date()), freeSizes };
      const outcome = stepConversation(
        flow,
        state,
        { text: message.text ?? undefined, choiceId: message.choiceId ?? undefined, at },
        context,
      );
      state = outcome.state;
      for (const effect of outcome.effects) replies.push(...(await carryOut(tx, bot, effect, waId, language)));
    }
    await markMessagesRead(
      tx.tx,
      unread.map((message) => message.id),
    );
    await saveConversation(tx.tx, botId, waId, state, unread.at(-1)?.sentAt ?? null);
    if (!replies.length) return;
    await queueReplies(tx, bot, waId, replies);
  });
}

/**
 * Closes a conversation idle past its time-out and tells the customer (the machine's
 * timeOutConversation), unless a message came in meanwhile.
 */
export async function closeIdleConversation(ctx: ServiceContext, botId: string, waId: string): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const bot = await findConversingBot(tx.tx, botId);
    if (!bot) return;
    const conversation = await lockConversation(tx.tx, botId, waId, bot.company);
    const outcome = timeOutConversation(stateOf(conversation.state), new Date());
    if (!outcome.effects.length) return;
    await saveConversation(tx.tx, botId, waId, outcome.state, null);
    const language = languageOfWaId(waId);
    const replies: QueuedReply[] = [];
    for (const effect of outcome.effects) replies.push(...(await carryOut(tx, bot, effect, waId, language)));
    await queueReplies(tx, bot, waId, replies);
  });
}

/** The idle sweep (job `bot.idle`, every minute): each conversation idle past its time-out closes. */
export async function closeIdleConversations(ctx: ServiceContext): Promise<void> {
  const idle = await findIdleConversations(ctx.deps.db, new Date(Date.now() - CONVERSATION_IDLE_MS).toISOString());
  for (const { botId, waId } of idle) await closeIdleConversation(ctx, botId, waId);
}
