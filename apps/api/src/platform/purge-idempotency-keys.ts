import type { ServiceContext } from './context';
import { purgeIdempotencyKeysOlderThan } from './idempotency-repository';

/** How long a stored answer serves a repeated request (docs/api-contract.md, "Idempotency-Key"). */
export const IDEMPOTENCY_KEY_DAYS = 7;

/** The daily `maintenance.purge-idempotency-keys` job (platform/jobs/registry.ts). */
export async function run(ctx: ServiceContext): Promise<void> {
  const purged = await purgeIdempotencyKeysOlderThan(ctx.deps.db, IDEMPOTENCY_KEY_DAYS);
  if (purged) ctx.log.info({ purged }, 'idempotency keys purged');
}
