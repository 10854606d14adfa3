import { bookedLines, languageOfWaId } from '@ebox/domain/bot/outgoing';
import { inTransaction, type ServiceContext } from '../../platform/context';
import { TemplateRenderError } from '../message/render';
import { flowTemplateReplyOf, queueReplies, replyOf } from './customer-replies';
import { findConversingBot, lockDueReminders, markReminded } from './repository';
import { CUSTOMER_SERVICE_WINDOW_MS } from './send-service';

/** A booking's customer is reminded this long before it ends (issue 32 item 3). */
export const REMINDER_BEFORE_MS = 60 * 60_000;

/** Reminders written per run of the minute's job (the next run takes the rest). */
const REMINDER_BATCH = 200;

/**
 * The job `bot.remind` (every minute): each live booking a bot made that ends within the hour, and
 * whose payment (if any) was approved, gets its reminder once: the `reminder` step with the code,
 * the locker and door and the end. WhatsApp takes it as a free reply only inside the customer's
 * 24-hour window (an hourly booking always is); outside it WhatsApp takes only a template, so the
 * reminder is the flow's message template about the booking, and a flow without one (or whose
 * template does not render) skips it, logged (docs/whatsapp-bot.md).
 */
export async function sendDueReminders(ctx: ServiceContext): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const due = await lockDueReminders(tx.tx, REMINDER_BEFORE_MS, REMINDER_BATCH);
    for (const reminder of due) {
      const bot = await findConversingBot(tx.tx, reminder.bot);
      if (!bot) continue;
      const language = languageOfWaId(reminder.waId);
      const inWindow = reminder.lastInboundAt !== null && Date.now() - Date.parse(reminder.lastInboundAt) < CUSTOMER_SERVICE_WINDOW_MS;
      if (inWindow) {
        const lines = bookedLines(language, { ...reminder, until: reminder.endsAt });
        await queueReplies(tx, bot, reminder.waId, [replyOf(bot, 'reminder', language, { extra: lines })]);
        continue;
      }
      const template = await flowTemplateReplyOf(tx, bot, 'reminder', reminder.order, language).catch((error: unknown) => {
        if (error instanceof TemplateRenderError) return undefined;
        throw error;
      });
      if (template) await queueReplies(tx, bot, reminder.waId, [template]);
      else tx.log.info({ order: reminder.order }, 'bot reminder skipped: outside the 24-hour window and the flow has no message template');
    }
    await markReminded(
      tx.tx,
      due.map((reminder) => reminder.order),
    );
  });
}
