/**
 * Job queue benchmark (platform/jobs, pg-boss): what enqueueing adds to a business transaction, how
 * fast workers drain a backlog, and how long a committed job waits for its handler. Each figure
 * stands beside a floor measured in the same run on the same database: the same transactions
 * without the job, and a bare `FOR UPDATE SKIP LOCKED` loop taking as many rows from a table.
 * The job is a bench-only no-op declared here, run by the product's own worker (startJobWorker).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import pino from 'pino';
import { z } from 'zod';
import { MODULES } from '../apps/api/src/composition';
import { loadConfig } from '../apps/api/src/config';
import { type AppDeps, createAppDeps } from '../apps/api/src/platform/app-deps';
import { inTransaction, systemContext } from '../apps/api/src/platform/context';
import { connectDatabase } from '../apps/api/src/platform/db/client';
import { defineJob } from '../apps/api/src/platform/jobs/job';
import { enqueueJob, installJobQueues, JOB_SCHEMA } from '../apps/api/src/platform/jobs/queue';
import { startJobWorker } from '../apps/api/src/platform/jobs/worker';
import { startBenchDatabase } from './bench-api';
import { formatTable, percentile } from './table';

export type JobsBenchOptions = {
  /** Transactions timed for enqueueing, and jobs (rows) in each drain. */
  jobs?: number;
  /** A drain still running after this long is stopped and its rate reported as measured so far. */
  drainSeconds?: number;
  /** Commit-to-handler samples per polling setting (each waits up to one polling interval). */
  latencySamples?: number;
  databaseUrl?: string;
  log?: (line: string) => void;
};

export type JobsResult = {
  name: string;
  /** Transactions, jobs or samples measured, and of how many asked. */
  done: number;
  asked: number;
  /** Absent for latency samples, which are spaced on purpose. */
  perSecond?: number;
  p50?: number;
  p95?: number;
  seconds: number;
};

/** Tells the run which job started when: the handler resolves the sample's waiter. */
const started = new Map<number, (at: number) => void>();
let handled = 0;

const benchNoopJob = defineJob({
  name: 'bench.noop',
  payload: z.object({ sample: z.number().int() }),
  actor: 'maintenance',
  retry: { limit: 0, delaySeconds: 1 },
  handler: async () => async (_ctx, payload: { sample: number }) => {
    handled += 1;
    started.get(payload.sample)?.(performance.now());
  },
});

const FAST_POLLING_SECONDS = 0.5;

export async function runJobsBenchmark(options: JobsBenchOptions = {}): Promise<JobsResult[]> {
  const log = options.log ?? (() => {});
  const n = options.jobs ?? 2000;
  const drainSeconds = options.drainSeconds ?? 10;
  const samples = options.latencySamples ?? 10;
  const benchDb = await startBenchDatabase(options.databaseUrl);
  const database = connectDatabase(benchDb.url, 10);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ebox-bench-data-'));
  const config = { ...loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256' }), logLevel: 'silent' };
  const logger = pino({ level: 'silent' });
  // Two processes' worth of deps: a worker is woken after a commit only by its own process.
  const depsOf = () => createAppDeps({ db: database.db, config, modules: MODULES, log: logger });
  const producer = depsOf();
  const results: JobsResult[] = [];
  const record = (result: JobsResult) => {
    const figures = [
      result.perSecond === undefined ? '' : `${result.perSecond.toFixed(1)}/s`,
      result.p50 === undefined ? '' : `p50 ${result.p50.toFixed(1)} ms, p95 ${(result.p95 as number).toFixed(1)} ms`,
      result.done < result.asked ? `${result.done} of ${result.asked} in ${result.seconds.toFixed(1)} s` : '',
    ];
    log(`  ${result.name}: ${figures.filter(Boolean).join(', ')}`);
    results.push(result);
  };
  try {
    await installJobQueues(database.db, [benchNoopJob]);
    await database.db.execute(sql`CREATE TABLE bench_row (id serial PRIMARY KEY, payload jsonb NOT NULL)`);

    // Enqueue cost: the same one-row business transaction, without and with its job.
    record(await timeTransactions('enqueue floor: transaction inserting one row', n, producer, async () => {}));
    record(
      await timeTransactions('enqueue: transaction inserting one row + enqueueJob', n, producer, async (ctx, i) => {
        await enqueueJob(ctx, benchNoopJob, { sample: i });
      }),
    );

    // Drain throughput: a backlog of n rows (floor) or n queued jobs, taken by one then two takers.
    for (const takers of [1, 2]) record(await drainRows(database.pool, n, takers));
    for (const pollingSeconds of [config.jobs.pollingSeconds, FAST_POLLING_SECONDS]) {
      for (const workers of [1, 2]) {
        await fillQueue(database.db, producer, n);
        record(await drainJobs(depsOf, n, workers, pollingSeconds, drainSeconds));
      }
    }

    // Commit to handler start: polled (enqueued by another process), then woken in-process.
    await clearQueue(database.db);
    for (const pollingSeconds of [config.jobs.pollingSeconds, FAST_POLLING_SECONDS]) {
      record(await measureLatency(depsOf(), producer, samples, pollingSeconds, 'polled'));
    }
    const consumer = depsOf();
    record(await measureLatency(consumer, consumer, samples * 5, config.jobs.pollingSeconds, 'woken'));
    return results;
  } finally {
    await database.close();
    await benchDb.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

type Work = (ctx: Parameters<Parameters<typeof inTransaction>[1]>[0], i: number) => Promise<void>;

/** n sequential transactions, each inserting one row and doing `work`: their rate and latencies. */
async function timeTransactions(name: string, n: number, deps: AppDeps, work: Work): Promise<JobsResult> {
  const ctx = systemContext(deps, 'maintenance');
  const timings: number[] = [];
  const begun = performance.now();
  for (let i = 0; i < n; i += 1) {
    const at = performance.now();
    await inTransaction(ctx, async (tx) => {
      await tx.tx.execute(sql`INSERT INTO bench_row (payload) VALUES (${JSON.stringify({ sample: i })}::jsonb)`);
      await work(tx, i);
    });
    timings.push(performance.now() - at);
  }
  const seconds = (performance.now() - begun) / 1000;
  timings.sort((a, b) => a - b);
  return { name, done: n, asked: n, perSecond: n / seconds, p50: percentile(timings, 50), p95: percentile(timings, 95), seconds };
}

/** The floor of draining: `takers` connections each deleting the next unlocked row until none is left. */
async function drainRows(pool: pg.Pool, n: number, takers: number): Promise<JobsResult> {
  await pool.query('TRUNCATE bench_row');
  await pool.query('INSERT INTO bench_row (payload) SELECT jsonb_build_object($2::text, i) FROM generate_series(1, $1) AS i', [
    n,
    'sample',
  ]);
  let taken = 0;
  const begun = performance.now();
  await Promise.all(
    Array.from({ length: takers }, async () => {
      const client = await pool.connect();
      try {
        for (;;) {
          const { rowCount } = await client.query(
            'DELETE FROM bench_row WHERE id = (SELECT id FROM bench_row ORDER BY id FOR UPDATE SKIP LOCKED LIMIT 1) RETURNING id, payload',
          );
          if (!rowCount) break;
          taken += 1;
        }
      } finally {
        client.release();
      }
    }),
  );
  const seconds = (performance.now() - begun) / 1000;
  return {
    name: `drain floor: ${takers} SKIP LOCKED loop${takers > 1 ? 's' : ''}`,
    done: taken,
    asked: n,
    perSecond: taken / seconds,
    seconds,
  };
}

async function clearQueue(db: AppDeps['db']): Promise<void> {
  await db.execute(sql`DELETE FROM ${sql.identifier(JOB_SCHEMA)}.job WHERE name = ${benchNoopJob.name}`);
}

/** A backlog of n jobs, committed at once, no worker running. */
async function fillQueue(db: AppDeps['db'], deps: AppDeps, n: number): Promise<void> {
  await clearQueue(db);
  await inTransaction(systemContext(deps, 'maintenance'), async (ctx) => {
    for (let i = 0; i < n; i += 1) await enqueueJob(ctx, benchNoopJob, { sample: -1 });
  });
}

/** `workers` pg-boss instances (each its own startJobWorker) running the backlog, for at most `capSeconds`. */
async function drainJobs(
  depsOf: () => AppDeps,
  n: number,
  workers: number,
  pollingSeconds: number,
  capSeconds: number,
): Promise<JobsResult> {
  handled = 0;
  const begun = performance.now();
  const running = await Promise.all(
    Array.from({ length: workers }, () => startJobWorker(depsOf(), { jobs: [benchNoopJob], pollingSeconds })),
  );
  while (handled < n && performance.now() - begun < capSeconds * 1000) await sleep(20);
  const done = handled;
  const seconds = (performance.now() - begun) / 1000;
  await Promise.all(running.map((worker) => worker.stop()));
  return {
    name: `drain: ${workers} worker${workers > 1 ? 's' : ''}, polling ${pollingSeconds} s`,
    done,
    asked: n,
    perSecond: done / seconds,
    seconds,
  };
}

/**
 * Commit-to-handler-start latency of single jobs on an idle queue. Each job commits at a random
 * point of the polling cycle, so the samples spread over it as real traffic would. `producer` is
 * the worker's own deps (woken after commit) or another process's (found by polling).
 */
async function measureLatency(
  consumer: AppDeps,
  producer: AppDeps,
  samples: number,
  pollingSeconds: number,
  how: 'polled' | 'woken',
): Promise<JobsResult> {
  const worker = await startJobWorker(consumer, { jobs: [benchNoopJob], pollingSeconds });
  const ctx = systemContext(producer, 'maintenance');
  const timings: number[] = [];
  const begun = performance.now();
  try {
    for (let i = 0; i < samples; i += 1) {
      // a woken worker does not wait for its interval: a short pause keeps the samples apart
      await sleep(Math.random() * (how === 'woken' ? 20 : pollingSeconds * 1000));
      const handlerStarted = new Promise<number>((resolve) => started.set(i, resolve));
      let committed = 0;
      await inTransaction(ctx, async (tx) => {
        // Runs first after commit, before enqueueJob's own wake-up call.
        tx.afterCommit.push(() => {
          committed = performance.now();
        });
        await enqueueJob(tx, benchNoopJob, { sample: i });
      });
      timings.push((await handlerStarted) - committed);
      started.delete(i);
    }
  } finally {
    await worker.stop();
  }
  const seconds = (performance.now() - begun) / 1000;
  timings.sort((a, b) => a - b);
  const name =
    how === 'woken'
      ? 'latency commit→handler: enqueued in the worker’s process (woken)'
      : `latency commit→handler: another process, polling ${pollingSeconds} s`;
  return { name, done: samples, asked: samples, p50: percentile(timings, 50), p95: percentile(timings, 95), seconds };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A plain-text table of the results; a drain stopped at its time limit shows how far it got. */
export function formatJobsResults(results: JobsResult[]): string {
  return formatTable(
    ['scenario', 'done', 'per second', 'p50 ms', 'p95 ms', 'seconds'],
    results.map((r) => [
      r.name,
      r.done < r.asked ? `${r.done} of ${r.asked}` : String(r.done),
      r.perSecond === undefined ? '-' : r.perSecond.toFixed(1),
      r.p50 === undefined ? '-' : r.p50.toFixed(1),
      r.p95 === undefined ? '-' : r.p95.toFixed(1),
      r.seconds.toFixed(1),
    ]),
  );
}
