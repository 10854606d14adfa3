import path from 'node:path';
import pino from 'pino';
import { MODULES } from './composition';
import { loadConfig } from './config';
import { createAppDeps } from './platform/app-deps';
import { connectDatabase } from './platform/db/client';
import { embeddedDatabaseUrl } from './platform/db/running-console';
import { installJobQueues } from './platform/jobs/queue';
import { startJobWorker } from './platform/jobs/worker';
import { loggerOptionsOf } from './platform/logger';

/**
 * `npm run worker`: runs the console's jobs (mail, SMS, scheduled work, event handlers) in a
 * process of its own, for scale-out; as many as wanted, beside API processes started with
 * JOBS_WORKER=false (or not). It reads the same settings as the API (SMTP_URL, the SMS provider,
 * DATABASE_URL). Without DATABASE_URL it joins the embedded PostgreSQL of the console running on
 * the same DATA_DIR, which must be started first: that server belongs to the console.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const url = config.databaseUrl ?? embeddedDatabaseUrl(path.join(config.dataDir, 'pg'));
  const log = pino(await loggerOptionsOf(config)).child({ process: 'worker' });
  const database = connectDatabase(url);
  // The console's migrations are the API's to run; the queues may be newer than the API that made them.
  await installJobQueues(database.db, MODULES.jobs);
  const deps = createAppDeps({ db: database.db, config, modules: MODULES, log });
  const worker = await startJobWorker(deps, { jobs: MODULES.jobs });
  log.info({ jobs: MODULES.jobs.map((job) => job.name), mail: config.smtpUrl ? 'SMTP_URL' : 'outbox' }, 'job worker running');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping');
    await worker.stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  process.stderr.write(`Ebox Console worker failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
