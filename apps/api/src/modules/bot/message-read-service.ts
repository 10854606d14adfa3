import { DECLARED_ENTITIES, isUuid } from '@ebox/domain';
import type { BotStep } from '@ebox/domain/bot/flow-steps';
import {
  type BotConversationsAnswer,
  type BotReplyData,
  type BotThreadAnswer,
  type BotThreadMessage,
  isThreadPhone,
  PERSON_REPLY_STEP,
} from '@ebox/domain/bot/messages';
import type { OutgoingContent } from '@ebox/domain/bot/outgoing';
import { languageOfWaId, waIdForms } from '@ebox/domain/bot/outgoing';
import { findRowsInScope, resourceOf } from '../../kit/repository';
import { scopeOfActor } from '../../platform/access';
import { auditByOf, writeAudit } from '../../platform/audit';
import { authorize, dbOf, inTransaction, principalOf, type ServiceContext, type TxContext } from '../../platform/context';
import { domainError, notFound } from '../../platform/errors';
import { enqueueJob } from '../../platform/jobs/queue';
import { TemplateRenderError } from '../message/render';
import { flowTemplateReplyOf } from './customer-replies';
import { botSendJob } from './jobs';
import { publishBotMessageChanged } from './message-events';
import {
  type ConversationFilter,
  findConversationOfPhone,
  findFlowTemplateOfPhone,
  findMessageByWamid,
  handOffOf,
  insertPersonReply,
  listConversations,
  listThread,
  markHandOffAnswered,
} from './message-repository';
import { findConversingBot } from './repository';
import { CUSTOMER_SERVICE_WINDOW_MS } from './send-service';

/**
 * A bot's messages as people read and answer them (issue 32 item 5, docs/whatsapp-bot.md "Messages
 * screens"): its conversations by phone, a phone's thread as the customer saw it, one message by
 * its wamid, and a person's reply inside the 24-hour window. Reading asks botRead, replying
 * botEdit; both keep to the bots of the caller's companies (a bot outside them is not found, as
 * any record outside the caller's scope).
 */

type ScopedBot = { id: string; company: string | null; cluster: string | null };

async function findBotInScope(ctx: ServiceContext, botId: string): Promise<ScopedBot> {
  const [row] = isUuid(botId) ? await findRowsInScope(dbOf(ctx), resourceOf(DECLARED_ENTITIES.bot), [botId], scopeOfActor(ctx.actor)) : [];
  if (!row) throw notFound();
  const record = row as { id: string; company?: string | null; cluster?: string | null };
  return { id: record.id, company: record.company ?? null, cluster: record.cluster ?? null };
}

/** Whether a free reply may go now: the customer wrote less than 24 hours ago. */
function insideWindow(lastInboundAt: string | null, now = Date.now()): boolean {
  return lastInboundAt !== null && now - new Date(lastInboundAt).getTime() < CUSTOMER_SERVICE_WINDOW_MS;
}

/** GET /bot/{id}/messages: one row per phone, the newest last message first unless sorted otherwise. */
export async function listBotConversations(
  ctx: ServiceContext,
  botId: string,
  query: { filter: ConversationFilter; orderBy: string; limit: number; offset: number },
): Promise<BotConversationsAnswer> {
  authorize(ctx, 'botRead');
  const bot = await findBotInScope(ctx, botId);
  return listConversations(dbOf(ctx), bot, query.filter, query.orderBy, { limit: query.limit, offset: query.offset });
}

/**
 * GET /bot/{id}/messages/{x}: a phone (12 or 13 digits, either form of a Brazilian mobile) → its
 * thread, paged, the newest page without an offset; anything else is a wamid → that one message.
 */
export async function readBotMessages(
  ctx: ServiceContext,
  botId: string,
  key: string,
  page: { limit: number; offset?: number | undefined },
): Promise<BotThreadAnswer | BotThreadMessage> {
  authorize(ctx, 'botRead');
  const bot = await findBotInScope(ctx, botId);
  const db = dbOf(ctx);
  if (!isThreadPhone(key)) {
    const message = await findMessageByWamid(db, bot.id, key);
    if (!message) throw notFound();
    return message;
  }
  const forms = waIdForms(key);
  const conversation = await findConversationOfPhone(db, bot.id, forms);
  const thread = await listThread(db, bot.id, forms, page);
  const template = await findFlowTemplateOfPhone(db, bot.id, forms);
  if (!conversation && !thread.count) throw notFound();
  const lastInboundAt = conversation?.lastInboundAt ?? null;
  return {
    ...thread,
    lastInboundAt,
    canReply: insideWindow(lastInboundAt),
    template: template ? { name: template.name } : null,
    step: conversation?.state?.step ?? null,
    handOff: handOffOf(conversation?.state ?? null),
  };
}

/**
 * POST /bot/{id}/messages/{phone}: a person's text to the customer, inside the 24-hour window only
 * (outside it WhatsApp takes templates alone: refused with a translated 400), or the flow's message
 * template about the phone's latest booking, at any time. It is queued as the bot's replies are and
 * sent by the phone's send job in its turn, audited on the bot in the same transaction, and answers
 * a hand-off the customer asked for.
 */
export async function replyAsPerson(ctx: ServiceContext, botId: string, phone: string, data: BotReplyData): Promise<BotThreadMessage> {
  authorize(ctx, 'botEdit');
  return inTransaction(ctx, async (tx) => {
    const bot = await findBotInScope(tx, botId);
    if (!isThreadPhone(phone)) throw notFound();
    // Locked: a customer's message read meanwhile waits, and the hand-off is answered once.
    const conversation = await findConversationOfPhone(tx.tx, bot.id, waIdForms(phone), { lock: true });
    if (!conversation) throw notFound();
    const { content, text } = await personReplyOf(tx, bot.id, conversation, data);
    const reply = await insertPersonReply(tx.tx, {
      bot: bot.id,
      company: bot.company,
      waId: conversation.waId,
      step: PERSON_REPLY_STEP,
      text,
      content,
    });
    const answered = await markHandOffAnswered(tx.tx, bot.id, conversation.waId);
    await writeAudit(tx.tx, {
      entityName: 'bot',
      entityId: bot.id,
      action: 'queued',
      // A template's words hold the booking's access code: the audit keeps its name only.
      after: {
        waId: conversation.waId,
        messageId: reply.id,
        ...(content.type === 'template' ? { template: content.template.name } : { text }),
        handOffAnswered: answered,
      },
      by: auditByOf(principalOf(tx.actor)),
      companyIds: bot.company ? [bot.company] : [],
    });
    await enqueueJob(tx, botSendJob, { botId: bot.id, waId: conversation.waId }, { singletonKey: `${bot.id}:${conversation.waId}` });
    await publishBotMessageChanged(tx, {
      id: reply.id,
      botId: bot.id,
      company: bot.company,
      waId: conversation.waId,
      direction: 'out',
      status: 'queued',
    });
    return {
      id: reply.id,
      wamid: null,
      waId: conversation.waId,
      direction: 'out',
      type: content.type,
      text,
      choiceId: null,
      content,
      step: PERSON_REPLY_STEP,
      status: 'queued',
      at: reply.sentAt,
      errorCode: null,
      errorTitle: null,
    };
  });
}

/** What a person's reply sends: the text (inside the window only) or the flow's template. */
async function personReplyOf(
  tx: TxContext,
  botId: string,
  conversation: { waId: string; lastInboundAt: string | null },
  data: BotReplyData,
): Promise<{ content: OutgoingContent; text: string }> {
  if ('text' in data) {
    if (!insideWindow(conversation.lastInboundAt)) throw domainError('validation', 'botMessages.errors.outsideWindow');
    return { content: { type: 'text', text: { body: data.text, preview_url: false } }, text: data.text };
  }
  const template = await findFlowTemplateOfPhone(tx.tx, botId, [conversation.waId]);
  const bot = template ? await findConversingBot(tx.tx, botId) : undefined;
  const reply =
    bot && template
      ? await flowTemplateReplyOf(tx, bot, PERSON_REPLY_STEP as BotStep, template.order, languageOfWaId(conversation.waId)).catch(
          refuseUnrendered,
        )
      : undefined;
  if (!reply) throw domainError('validation', 'botMessages.errors.noTemplate');
  return { content: reply.content as OutgoingContent, text: reply.text };
}

function refuseUnrendered(error: unknown): never {
  if (error instanceof TemplateRenderError) throw domainError('validation', 'botMessages.errors.templateNotRendered');
  throw error;
}
