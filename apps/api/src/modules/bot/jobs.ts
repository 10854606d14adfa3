import { z } from 'zod';
import { defineJob } from '../../platform/jobs/job';

/**
 * One notification Meta posted, signature checked (inbound-service.ts). Retried on a database error:
 * the wamid's unique key and the receipts' forward-only moves make a second run change nothing.
 */
export const whatsAppInboundJob = defineJob({
  name: 'whatsapp.inbound',
  payload: z.object({
    notification: z.unknown(),
    signers: z.object({ console: z.boolean(), bots: z.array(z.uuid()) }),
    recorded: z.boolean().optional(),
  }),
  actor: 'whatsAppBot',
  retry: { limit: 5, delaySeconds: 5 },
  // 200 customers chatting at once post 40 messages a second, in bursts; 4 side by side left them
  // waiting 0.7 s at p50 (bench/bot.ts, when the receipts came this way too).
  concurrency: 16,
  handler: () => import('./inbound-service').then((m) => m.handleWhatsAppNotification),
});

/**
 * Sends a phone's queued replies, oldest first (send-service.ts). One at a time per bot and phone
 * (stately): a burst of replies while one job waits is that job. Retried, backing off, while Meta
 * throttles the number (130429) or fails on its side; the reply waits queued meanwhile.
 */
export const botSendJob = defineJob({
  name: 'bot.send',
  payload: z.object({ botId: z.uuid(), waId: z.string().min(1) }),
  actor: 'whatsAppBot',
  retry: { limit: 8, delaySeconds: 2 },
  policy: 'stately',
  // Each job waits on Meta's answer and on its number's send slot, not on the database. Past 80 a
  // second on one number a job sleeps up to a second for its slot: fetched in batches, the batch's
  // finished places waited for it while the next phones' replies waited to start (bench/bot.ts).
  concurrency: 16,
  fetchOneAtATime: true,
  handler: () => import('./send-service').then((m) => m.sendQueuedReplies),
});

/** Every minute: conversations idle past 30 minutes close, and their customers are told. */
export const botIdleJob = defineJob({
  name: 'bot.idle',
  payload: z.object({}),
  actor: 'whatsAppBot',
  retry: { limit: 1, delaySeconds: 30 },
  schedule: { cron: '* * * * *', payload: {} },
  handler: () => import('./conversation-service').then((m) => m.closeIdleConversations),
});

/** Every minute: bookings ending within the hour remind their customers, once. */
export const botRemindJob = defineJob({
  name: 'bot.remind',
  payload: z.object({}),
  actor: 'whatsAppBot',
  retry: { limit: 1, delaySeconds: 30 },
  schedule: { cron: '* * * * *', payload: {} },
  handler: () => import('./reminder-service').then((m) => m.sendDueReminders),
});
