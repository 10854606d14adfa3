import { z } from 'zod';
import { sendMessageJob } from '../messages';
import { type AnyJob, defineJob } from './job';

/** Daily at 03:10 UTC: sign-out records of tokens that have expired anyway. */
export const purgeRevokedTokensJob = defineJob({
  name: 'auth.purge-revoked-tokens',
  payload: z.object({}),
  actor: 'maintenance',
  retry: { limit: 2, delaySeconds: 60 },
  schedule: { cron: '10 3 * * *', payload: {} },
  handler: () => import('../auth/purge-revoked-tokens').then((m) => m.run),
});

/** Daily at 03:20 UTC: answers kept for repeated requests (Idempotency-Key) older than a week. */
export const purgeIdempotencyKeysJob = defineJob({
  name: 'maintenance.purge-idempotency-keys',
  payload: z.object({}),
  actor: 'maintenance',
  retry: { limit: 2, delaySeconds: 60 },
  schedule: { cron: '20 3 * * *', payload: {} },
  handler: () => import('../purge-idempotency-keys').then((m) => m.run),
});

/**
 * Every job of the console. Start-up creates a queue for each (installJobQueues) and workers run
 * them all; a job missing here cannot be enqueued. Durable event handlers (platform/events.ts
 * `declareEventHandler`) are jobs too and are listed here once declared.
 */
export const JOBS: readonly AnyJob[] = [sendMessageJob, purgeRevokedTokensJob, purgeIdempotencyKeysJob];
