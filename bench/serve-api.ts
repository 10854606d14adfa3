/**
 * The API of a benchmark in a process of its own (startBenchApi's `ownProcess`): the console as it
 * runs in production, its event loop not shared with the benchmark's load generator. It serves the
 * database BENCH_API_DATABASE_URL with the config of BENCH_API_ENV, signs a session for
 * BENCH_API_OWNER (user id and token version), and says `{"port", "token"}` on one line of stdout.
 * SIGTERM closes it.
 */
import { connectDatabase } from '../apps/api/src/platform/db/client';
import { listenBenchApi } from './listen-api';

const env = JSON.parse(process.env.BENCH_API_ENV ?? '{}') as Record<string, string>;
const owner = JSON.parse(process.env.BENCH_API_OWNER ?? '{}') as { id: string; tokenVersion: number };
const database = connectDatabase(process.env.BENCH_API_DATABASE_URL as string, 10);
const { app, port, token } = await listenBenchApi(database, env, owner);
process.stdout.write(`${JSON.stringify({ port, token })}\n`);
process.once('SIGTERM', () => {
  void app
    .close()
    .then(() => database.close())
    .finally(() => process.exit(0));
});
