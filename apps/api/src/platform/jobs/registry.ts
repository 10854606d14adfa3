import { z } from 'zod';
import { sendMessageJob } from '../messages';
import type { AppModule } from '../modules';
import { defineJob } from './job';

/**
 * A daily clean-up run by the `maintenance` actor (no rights over any entity): no payload, two
 * retries a minute apart; a missed day is made up by the next.
 */
function defineDailyCleanup(name: string, cron: string, handler: Parameters<typeof defineJob>[0]['handler']) {
  return defineJob({
    name,
    payload: z.object({}),
    actor: 'maintenance',
    retry: { limit: 2, delaySeconds: 60 },
    schedule: { cron, payload: {} },
    handler,
  });
}

/** Daily at 03:10 UTC: sign-out records of tokens that have expired anyway. */
export const purgeRevokedTokensJob = defineDailyCleanup('auth.purge-revoked-tokens', '10 3 * * *', () =>
  import('../auth/purge-revoked-tokens').then((m) => m.run),
);

/** Daily at 03:20 UTC: answers kept for repeated requests (Idempotency-Key) older than a week. */
export const purgeIdempotencyKeysJob = defineDailyCleanup('maintenance.purge-idempotency-keys', '20 3 * * *', () =>
  import('../purge-idempotency-keys').then((m) => m.run),
);

/** The platform's own jobs, composed with the modules' (src/composition.ts) like any module's. */
export const platformModule: AppModule = {
  name: 'platform',
  jobs: [sendMessageJob, purgeRevokedTokensJob, purgeIdempotencyKeysJob],
};
