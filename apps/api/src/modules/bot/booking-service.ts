import { randomBytes } from 'node:crypto';
import type { BookingAnswers } from '@ebox/domain/bot/conversation';
import type { BotFlowType } from '@ebox/domain/bot/flow-steps';
import { waIdForms } from '@ebox/domain/bot/outgoing';
import { serviceOf } from '../../kit/service';
import type { TxContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { findBookedOrder, findLockersWithFreeSize, insertBotBooking } from './repository';

/**
 * A booking a conversation confirmed (issue 32 item 3): an order of the bot's company made by the
 * bot (its actor) through the order service, which books a free compartment of the size in the
 * same transaction and chooses the access code the locker learns. Of two phones racing for the last
 * compartment one gets it; the other's creation finds none free and is told at once.
 */

export type Booked = { orderId: string; accessCode: string; lockerName: string; compartmentNumber: number | null; until: string | null };

export type BookingRefusal = { refused: 'noneFree' | 'notOffered' };

/** The phone an order keeps: the 13-digit form of a Brazilian mobile (WhatsApp may give 12). */
function phoneOf(waId: string): string {
  return waIdForms(waId).find((form) => form.length === 13 && form.startsWith('55')) ?? waId;
}

/** When a booking ends: the hours after its start today, or the end of its last day (cluster's clock, São Paulo). */
export function bookingEndOf(flow: BotFlowType, answers: BookingAnswers, now: Date): Date | null {
  const zone = '-03:00';
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(now);
  if (flow === 'hourlyBooking' && answers.start && answers.hours) {
    const start = new Date(`${today}T${answers.start}:00${zone}`);
    // A start already past today means now (the customer is at the locker).
    const from = start < now ? now : start;
    return new Date(from.getTime() + answers.hours * 3_600_000);
  }
  if (flow === 'periodBooking' && answers.to) {
    const [day, month] = answers.to.split('/');
    const year = Number(today.slice(0, 4)) + (answers.from && Number(answers.from.split('/')[1]) > Number(month) ? 1 : 0);
    return new Date(`${year}-${month}-${day}T23:59:00${zone}`);
  }
  return null;
}

/** What a booking lasts, as its catalog prices it: the hours asked, or the days of the range (both ends counted). */
export function spanOf(flow: BotFlowType, answers: BookingAnswers): { hours?: number; days?: number } {
  if (flow === 'hourlyBooking') return { hours: answers.hours ?? 1 };
  if (flow === 'periodBooking' && answers.from && answers.to) {
    const dayOfYear = (text: string) => {
      const [day, month] = text.split('/').map(Number);
      return Date.UTC(2000, (month ?? 1) - 1, day ?? 1) / 86_400_000;
    };
    const days = dayOfYear(answers.to) - dayOfYear(answers.from);
    // A range across the new year (28/12 to 02/01) wraps.
    return { days: (days < 0 ? days + 366 : days) + 1 };
  }
  return { days: 1 };
}

/** A tracking code people can read back: WA, the day, and six random letters and digits. */
function newTrackingCode(now: Date): string {
  const day = now.toISOString().slice(2, 10).replaceAll('-', '');
  return `WA${day}${randomBytes(4).toString('base64url').replace(/[-_]/g, 'X').slice(0, 6).toUpperCase()}`;
}

export async function bookCompartment(
  ctx: TxContext,
  bot: { id: string; company: string | null; cluster: string | null },
  flow: BotFlowType,
  answers: BookingAnswers,
  waId: string,
): Promise<Booked | BookingRefusal> {
  if (!bot.company || !answers.size) return { refused: 'notOffered' };
  const now = new Date();
  const until = bookingEndOf(flow, answers, now);
  for (const locker of await findLockersWithFreeSize(ctx.tx, bot.cluster, answers.size)) {
    try {
      const created = await serviceOf('order').create(ctx, {
        type: 'STORAGE',
        trackingCode: newTrackingCode(now),
        company: bot.company,
        shipper: bot.company,
        ebox: locker.id,
        compartimentSize: answers.size,
        // The building's other resident or provider gets the code; else the one who booked.
        customerPhone: phoneOf(answers.recipient ?? waId),
        ...(until ? { overdueDate: until.toISOString() } : {}),
      });
      const orderId = String((created as { id: unknown }).id);
      const booked = await findBookedOrder(ctx.tx, orderId);
      await insertBotBooking(ctx.tx, { order: orderId, bot: bot.id, waId, endsAt: until?.toISOString() ?? null });
      return {
        orderId,
        accessCode: booked?.accessCode ?? '',
        lockerName: locker.name,
        compartmentNumber: booked?.compartmentNumber ?? null,
        until: until?.toISOString() ?? null,
      };
    } catch (error) {
      // Taken meanwhile (another phone's booking): the next locker, else none is free.
      if (error instanceof AppError && error.kind === 'conflict') continue;
      // The company does not take this kind of order: the bot cannot book here.
      if (error instanceof AppError && error.kind === 'validation') return { refused: 'notOffered' };
      throw error;
    }
  }
  return { refused: 'noneFree' };
}
