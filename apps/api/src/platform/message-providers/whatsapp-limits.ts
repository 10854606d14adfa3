import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { ProviderDeliveryError } from './provider-error';

/**
 * Meta's limits on a WhatsApp number, kept in PostgreSQL so every API process and every sender
 * (the bots' replies, the messaging channel's templates) counts against the same ones
 * (docs/whatsapp-bot.md "Sending"):
 *
 * - throughput: at most `messagesPerSecond` in any sliding second per number (Meta's 80, as Meta
 *   counts): a send past it waits for its slot instead of drawing Meta's 130429;
 * - the tier: at most `tierRecipients` distinct customers reached by a template (a message they did
 *   not ask for) in 24 hours. A template to one more is refused for good here, so the messaging
 *   channel falls back to the company's next channel (SMS); customers already reached in the 24
 *   hours are reached again freely.
 */

const DAY_MS = 24 * 60 * 60_000;

/** The longest a send waits for its slot: a number that stays saturated this long is Meta's to refuse. */
const MAX_SLOT_WAIT_MS = 10_000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The time a request takes to reach Meta varies by a few milliseconds: two slots a second apart
 * must not arrive less than a second apart, and one send of the second is spare.
 */
const SLOT_MARGIN_MS = 20;

/**
 * Reserves the number's next send slot and waits for it: the earliest moment, no sooner than the
 * number's last slot (replies leave in order), at which the sliding second before it holds fewer
 * than `perSecond` - 1 sends, as Meta counts them. The slots are rows, reserved in turns across
 * every process (an advisory lock per number, in the database function of migration 0059). A
 * per-second count let 80 go at the end of one second and 80 more at the start of the next: Meta
 * answered 130429 and those replies waited out a retry's backoff (39 of 1,400 in bench/bot.ts).
 */
export async function takeWhatsAppSendSlot(db: Db, phoneNumberId: string, perSecond: number): Promise<void> {
  const allowed = Math.max(1, perSecond - 1);
  // whatsapp_take_send_slot (migration 0059): the reservation in one round trip, in turns per number,
  // committed without waiting for the log's flush (0060), so a turn is not a disk write long.
  const { rows } = await db.execute<{ wait_ms: number }>(
    sql`SELECT whatsapp_take_send_slot(${phoneNumberId}, ${allowed}, ${SLOT_MARGIN_MS}) AS wait_ms`,
  );
  const waitMs = Number(rows[0]?.wait_ms ?? 0);
  if (waitMs > 0) await pause(Math.min(waitMs, MAX_SLOT_WAIT_MS));
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
