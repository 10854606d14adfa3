import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import type { Database } from '../apps/api/src/platform/db/client';

export type ListeningApi = { app: Awaited<ReturnType<typeof buildApp>>; port: number; token: string };

/**
 * The API as a benchmark runs it (silent, on a free loopback port) and a session for `owner`: one
 * start-up for the in-process API (bench-api.ts) and the API in a process of its own (serve-api.ts).
 */
export async function listenBenchApi(
  database: Database,
  env: Record<string, string>,
  owner: { id: string; tokenVersion: number },
): Promise<ListeningApi> {
  const app = await buildApp({
    db: database.db,
    config: { ...loadConfig(env), logLevel: 'silent' },
    logger: false,
    forceCloseConnections: true,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const token = await app.deps.tokens.sign({ sub: owner.id, tv: owner.tokenVersion });
  return { app, port: typeof address === 'object' && address ? address.port : 0, token };
}
