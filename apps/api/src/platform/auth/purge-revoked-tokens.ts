import type { ServiceContext } from '../context';
import { purgeExpiredRevokedTokens } from './revoked-tokens';

/** The daily `auth.purge-revoked-tokens` job (platform/jobs/registry.ts). */
export async function run(ctx: ServiceContext): Promise<void> {
  await purgeExpiredRevokedTokens(ctx.deps.db);
}
