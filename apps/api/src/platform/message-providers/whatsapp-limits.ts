import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { ProviderDeliveryError } from './provider-error';

/**
 * Meta's limits on a WhatsApp number, kept in PostgreSQL so every API process and every sender
 * (the bots' replies, the messaging channel's templates) counts against the same ones
 * (docs/whatsapp-bot.md "Sending"):
 *
 * - throughput: at most `messagesPerSecond` a second per number (Meta's 80). A send past it waits
 *   for the next second instead of drawing Meta's 130429;
 * - the tier: at most `tierRecipients` distinct customers reached by a template (a message they did
 *   not ask for) in 24 hours. A template to one more is refused for good here, so the messaging
 *   channel falls back to the company's next channel (SMS); customers already reached in the 24
 *   hours are reached again freely.
 */

const DAY_MS = 24 * 60 * 60_000;

/** The longest a send waits for a slot: a number that stays saturated this long is Meta's to refuse. */
const MAX_SLOT_WAIT_MS = 10_000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Takes one of this second's sends of the number, waiting for a later second while this one is full. */
export async function takeWhatsAppSendSlot(db: Db, phoneNumberId: string, perSecond: number): Promise<void> {
  const deadline = Date.now() + MAX_SLOT_WAIT_MS;
  for (;;) {
    const now = Date.now();
    const second = Math.floor(now / 1000);
    const { rows } = await db.execute<{ sent: number }>(sql`
      INSERT INTO whatsapp_send_second (phone_number_id, second, sent) VALUES (${phoneNumberId}, ${second}, 1)
      ON CONFLICT (phone_number_id, second) DO UPDATE SET sent = whatsapp_send_second.sent + 1
      WHERE whatsapp_send_second.sent < ${perSecond}
      RETURNING sent`);
    const sent = rows[0]?.sent;
    if (sent !== undefined) {
      // The first send of a second clears the number's counts older than a minute.
      if (sent === 1)
        await db.execute(sql`DELETE FROM whatsapp_send_second WHERE phone_number_id = ${phoneNumberId} AND second < ${second - 60}`);
      return;
    }
    if (now >= deadline) return;
    await pause(1000 - (now % 1000) + 1);
  }
}

/**
 * Counts a template to `waId` against the number's tier, or refuses it (not retryable: the next
 * channel is the way) when the number already reached its tier of other customers in 24 hours.
 * One number's checks take turns, so two sends cannot both take the last place.
 */
export async function reachWhatsAppRecipient(db: Db, phoneNumberId: string, waId: string, tier: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`whatsapp-tier:${phoneNumberId}`}))`);
    const since = new Date(Date.now() - DAY_MS).toISOString();
    const { rows } = await tx.execute<{ reached: number; known: boolean }>(sql`
      SELECT count(*)::int AS reached, bool_or(wa_id = ${waId}) AS known FROM whatsapp_recipient_reach
      WHERE phone_number_id = ${phoneNumberId} AND reached_at > ${since}::timestamptz`);
    const { reached = 0, known = false } = rows[0] ?? {};
    if (!known && reached >= tier) {
      throw new ProviderDeliveryError({
        provider: 'WhatsApp',
        retryable: false,
        code: 'tier_reached',
        reason: `the number reached its tier of ${tier} customers in 24 hours (WHATSAPP_TIER_RECIPIENTS)`,
      });
    }
    await tx.execute(sql`
      INSERT INTO whatsapp_recipient_reach (phone_number_id, wa_id, reached_at) VALUES (${phoneNumberId}, ${waId}, now())
      ON CONFLICT (phone_number_id, wa_id) DO UPDATE SET reached_at = now()`);
  });
}
