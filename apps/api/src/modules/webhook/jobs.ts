import { z } from 'zod';
import { defineJob } from '../../platform/jobs/job';

/**
 * Sending waits on the shippers' servers, not on the database or the CPU: a worker works through
 * this many lanes (a webhook and an order) side by side.
 */
const WEBHOOK_LANE_CONCURRENCY = 8;

/**
 * One lane of a webhook: the deliveries of one order, sent in order (delivery-service.ts). One
 * queued job per lane ('stately'): events arriving while it waits are its work when it runs. Its
 * own retries are the deliveries' schedule (a delayed job), so the queue's retry only covers a
 * worker that died or a database error.
 */
export const webhookLaneJob = defineJob({
  name: 'webhook.lane',
  payload: z.object({ webhookId: z.uuid(), lane: z.string().min(1) }),
  actor: 'webhookSender',
  policy: 'stately',
  retry: { limit: 5, delaySeconds: 10 },
  concurrency: WEBHOOK_LANE_CONCURRENCY,
  handler: () => import('./delivery-service').then((m) => m.runWebhookLane),
});
