import { MESSAGE_TEMPLATE_TRIGGERS } from '@ebox/domain';
import { z } from 'zod';
import { defineJob } from '../../platform/jobs/job';

/**
 * The messages of one moment of an order (a status it reached, a reminder, a send asked for on its
 * page): which templates and channels, written as queued messages, each with its send job. Running it
 * twice adds nothing (the messages' unique key).
 */
export const dispatchMessagesJob = defineJob({
  name: 'customer-messages.dispatch',
  payload: z.object({
    orderId: z.uuid(),
    trigger: z.enum(MESSAGE_TEMPLATE_TRIGGERS),
    occasion: z.string().min(1).max(64),
  }),
  actor: 'customerMessenger',
  retry: { limit: 5, delaySeconds: 10 },
  // A burst of moves (a network coming back online, a bulk cancel) must not queue behind one another
  // (one at a time capped sending at 2.7 messages a second in the benchmark); each holds a database
  // connection for its transaction, so four, not more, beside the requests on a pool of ten.
  concurrency: 4,
  handler: () => import('./dispatch-service').then((m) => m.runDispatchMessages),
});

/**
 * One attempt to hand a message to its provider. A provider's refusal that a later attempt may get
 * past is retried on the message's own schedule (a delayed job honouring the provider's wait); the
 * queue's own retry covers a worker that died or a database error. Sending waits on the providers,
 * so a worker sends several side by side.
 */
export const sendOrderMessageJob = defineJob({
  name: 'customer-messages.send',
  payload: z.object({ messageId: z.uuid() }),
  actor: 'customerMessenger',
  retry: { limit: 3, delaySeconds: 30 },
  concurrency: 8,
  expireInSeconds: 5 * 60,
  handler: () => import('./send-service').then((m) => m.runSendOrderMessage),
});

/** Every five minutes: the PRE_EXPIRED reminders of orders nearing their overdue date (each company's hours ahead). */
export const remindBeforeExpiryJob = defineJob({
  name: 'customer-messages.remind',
  payload: z.object({}),
  actor: 'customerMessenger',
  retry: { limit: 2, delaySeconds: 60 },
  schedule: { cron: '*/5 * * * *', payload: {} },
  handler: () => import('./dispatch-service').then((m) => m.runRemindBeforeExpiry),
});
