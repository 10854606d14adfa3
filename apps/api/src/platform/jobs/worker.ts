import PgBoss from 'pg-boss';
import type { AppDeps } from '../app-deps';
import { systemContext } from '../context';
import { isDatabaseUnavailable } from '../errors';
import type { AnyJob, JobAttempt } from './job';
import { forgetLocalWakers, JOB_SCHEMA, lazyCommitPoolOf, poolExecutorOf, poolOf, registerLocalWaker } from './queue';
import { giveUpJob } from './repository';
import { isRetryableJobError } from './retry';

export type JobWorker = {
  /** The pg-boss instance (tests read its schedules). */
  boss: PgBoss;
  /** Stops fetching, waits up to 10 s for running jobs, then lets go of the queue. */
  stop(): Promise<void>;
};

/**
 * Runs the declared jobs of this process: the API's own (JOBS_WORKER, default on) or
 * `npm run worker`'s. Any number of workers may poll the same database: pg-boss hands each job to
 * one of them (SELECT ... FOR UPDATE SKIP LOCKED), so a job runs once across replicas, and a cron
 * schedule fires once per tick. A job fails when its handler throws: an error worth retrying
 * (isRetryableJobError) waits its backoff and runs again until the declared attempts are spent;
 * any other error fails it at once.
 */
export async function startJobWorker(deps: AppDeps, options: { jobs: readonly AnyJob[]; pollingSeconds?: number }): Promise<JobWorker> {
  // pg-boss's own statements (a fetch marks jobs active, a completion done) on connections that
  // commit without waiting for the log's flush, as job handlers' transactions do: a crash that
  // loses one only runs a job again. At 40 WhatsApp messages a second their flushes were the bot's
  // queue (bench/bot.ts, docs/architecture.md "Jobs").
  const queuePool = lazyCommitPoolOf(poolOf(deps.db));
  queuePool.on('error', (error) => deps.log.warn({ err: error }, 'jobs: a queue connection was lost'));
  const executor = trackedExecutor(poolExecutorOf(queuePool), deps.log);
  const boss = new PgBoss({
    db: executor,
    schema: JOB_SCHEMA,
    // start-up (migrateDatabase) installs the schema; a worker only checks it is there
    migrate: false,
    supervise: true,
    schedule: options.jobs.some((job) => job.schedule),
  });
  boss.on('error', (error) => deps.log.error({ err: error }, 'job queue error'));
  const stop = async () => {
    forgetLocalWakers(deps);
    await boss.stop({ graceful: true, timeout: 10_000, close: false });
    await executor.close();
    await queuePool.end();
  };
  try {
    await boss.start();
    await registerJobs(deps, boss, options);
  } catch (error) {
    // Half started (the database went away between two statements): nothing of it stays polling.
    await stop().catch(() => {});
    throw error;
  }
  return { boss, stop };
}

/**
 * Starts the worker, and starts it again while the database does not answer (the embedded server
 * restarting, a failover): jobs wait for it, the API that runs them does not go down with it.
 * `stopped` ends the waiting when the process stops first.
 */
export async function startJobWorkerOnceReachable(
  deps: AppDeps,
  options: { jobs: readonly AnyJob[]; pollingSeconds?: number; stopped: () => boolean },
): Promise<JobWorker | null> {
  for (;;) {
    if (options.stopped()) return null;
    try {
      return await startJobWorker(deps, options);
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      deps.log.warn({ err: error }, 'jobs: the database does not answer; starting the worker again in a second');
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

async function registerJobs(deps: AppDeps, boss: PgBoss, options: { jobs: readonly AnyJob[]; pollingSeconds?: number }): Promise<void> {
  const pollingIntervalSeconds = options.pollingSeconds ?? deps.config.jobs.pollingSeconds;
  for (const job of options.jobs) {
    const { loops, batchSize } = fetchShapeOf(job);
    const workers: FetchLoop[] = [];
    // A committed job wakes one idle loop (all busy: each fetches again as its batch ends). A loop
    // woken a moment ago is fetching already: the next job wakes another, so a burst of commits
    // (a booking's replies, 40 customers answering at once) starts on as many loops as are idle
    // rather than on one batch at a time while the rest sleep out their polling interval.
    const fetchAgain = () => {
      const now = Date.now();
      const idle =
        workers.find((worker) => !worker.busy && now - worker.wokenAt > WOKEN_FETCH_MS) ?? workers.find((worker) => !worker.busy);
      if (!idle) return;
      idle.wokenAt = now;
      boss.notifyWorker(idle.id);
    };
    const runBatchOf = (worker: FetchLoop) => async (batch: PgBoss.JobWithMetadata<unknown>[]) => {
      if (!batch.length) return;
      // pg-boss sleeps a whole polling interval after every fetch, even one that found a job: a
      // backlog would drain one job per interval (bench/jobs.ts). While jobs come, fetch again at once.
      boss.notifyWorker(worker.id);
      worker.busy = true;
      worker.wokenAt = 0;
      // A full batch may have more behind it (another process's, or queued while all were busy):
      // one more idle loop looks, and so on while they find some.
      if (batch.length >= batchSize) fetchAgain();
      try {
        await runBatch(deps, boss, job, batch);
      } finally {
        worker.busy = false;
      }
    };
    for (let loop = 0; loop < loops; loop++) {
      const worker: FetchLoop = { id: '', busy: false, wokenAt: 0 };
      // The first loops poll; the rest of a wide queue wait to be woken (fetchAgain: a commit here,
      // or a loop that found a full batch), so an idle console does not poll once per place.
      const polling = loop < POLLING_LOOPS ? pollingIntervalSeconds : Math.max(pollingIntervalSeconds, RESERVE_POLLING_SECONDS);
      worker.id = await boss.work<unknown>(
        job.name,
        { pollingIntervalSeconds: polling, batchSize, includeMetadata: true },
        runBatchOf(worker),
      );
      workers.push(worker);
    }
    registerLocalWaker(deps, job.name, fetchAgain);
    if (job.schedule) {
      await boss.schedule(job.name, job.schedule.cron, job.payload.parse(job.schedule.payload), {
        retryLimit: job.retry.limit,
        retryDelay: job.retry.delaySeconds,
        retryBackoff: true,
      });
    }
  }
}

async function runBatch(deps: AppDeps, boss: PgBoss, job: AnyJob, batch: PgBoss.JobWithMetadata<unknown>[]): Promise<void> {
  const [first] = batch;
  if (batch.length === 1 && first) return runJob(deps, job, first);
  // pg-boss completes or fails a fetched batch as a whole: each job that failed is failed here, by
  // itself (retry or not, as runJob decided; pg-boss serializes the error as for a batch of one), and
  // the completion that follows touches only the jobs still active.
  const failures = await Promise.all(
    batch.map((raw) =>
      runJob(deps, job, raw).then(
        () => null,
        (reason: unknown) => ({ id: raw.id, reason }),
      ),
    ),
  );
  for (const failure of failures) {
    if (!failure) continue;
    // One that cannot be recorded is logged by the executor (trackedExecutor) and runs again.
    await boss.fail(job.name, failure.id, failureDataOf(failure.reason));
  }
}

/** One of a queue's pg-boss fetch loops: running a batch, or woken (by fetchAgain) at `wokenAt`. */
type FetchLoop = { id: string; busy: boolean; wokenAt: number };

/** How long a woken loop counts as fetching already: a fetch is a statement of a millisecond or two. */
const WOKEN_FETCH_MS = 100;

/** A queue's loops that poll at the configured interval; the others poll this seldom, woken meanwhile. */
const POLLING_LOOPS = 4;
const RESERVE_POLLING_SECONDS = 30;

/** Jobs a loop fetches at once, at most: a batch ends with its slowest job, so more side by side are more loops. */
const BATCH_CEILING = 4;

/**
 * How a job's `concurrency` is fetched: pg-boss's loop fetches a batch, waits for all of it, then
 * fetches again, so one loop of 16 lets a slow job hold 15 finished places idle (the bot's inbound
 * queue waited 0.7 s at p50 so, bench/bot.ts). Past BATCH_CEILING the places go to loops of their
 * own, each fetching as soon as its batch is done; past POLLING_LOOPS they poll seldom and are
 * woken instead. `fetchOneAtATime`: a loop per place, a job each.
 */
function fetchShapeOf(job: Pick<AnyJob, 'concurrency' | 'fetchOneAtATime'>): { loops: number; batchSize: number } {
  const concurrency = Math.max(1, job.concurrency ?? 1);
  if (job.fetchOneAtATime) return { loops: concurrency, batchSize: 1 };
  const loops = Math.ceil(concurrency / BATCH_CEILING);
  return { loops, batchSize: Math.ceil(concurrency / loops) };
}

/** pg-boss's "complete" and "fail" (and its other commands): they answer how many jobs they changed. */
const COMMAND_STATEMENT = /SELECT COUNT\(\*\) FROM results\s*$/;
const NOTHING_CHANGED = { rows: [{ count: '0' }] };

/**
 * pg-boss records a job's completion or failure without awaiting it, so a statement of those that
 * cannot run (the database gone, the process stopping) would end the process as an unhandled
 * rejection: it is logged and answers "nothing changed", and the job stays active until its expiry
 * passes and it runs again, as after a crash. Stopping waits for the statements under way, so none
 * runs on a pool the process is about to end; one started later is dropped the same way.
 */
function trackedExecutor(inner: ReturnType<typeof poolExecutorOf>, log: AppDeps['log']) {
  const pending = new Set<Promise<unknown>>();
  let closed = false;
  return {
    executeSql(text: string, values?: unknown[]) {
      const command = COMMAND_STATEMENT.test(text);
      if (closed) return Promise.resolve(command ? NOTHING_CHANGED : { rows: [] });
      const query = command
        ? inner.executeSql(text, values).catch((error: unknown) => {
            log.warn({ err: error }, 'jobs: a job could not be recorded as done or failed; it runs again when it expires');
            return NOTHING_CHANGED;
          })
        : inner.executeSql(text, values);
      pending.add(query);
      void query.catch(() => {}).finally(() => pending.delete(query));
      return query;
    },
    async close() {
      // a completion follows its handler by a tick: let it start before waiting
      await new Promise((resolve) => setTimeout(resolve, 50));
      closed = true;
      while (pending.size) await Promise.allSettled([...pending]);
    },
  };
}

/** What pg-boss stores as a failed job's output: the error itself, or a thrown non-object as its text. */
function failureDataOf(reason: unknown): object {
  return typeof reason === 'object' && reason !== null ? reason : { message: String(reason) };
}

async function runJob(deps: AppDeps, job: AnyJob, raw: PgBoss.JobWithMetadata<unknown>): Promise<void> {
  const attempt: JobAttempt = { jobId: raw.id, number: raw.retryCount + 1, last: raw.retryCount >= raw.retryLimit };
  const log = deps.log.child({ job: job.name, jobId: raw.id, attempt: attempt.number });
  try {
    const payload = job.payload.parse(raw.data);
    const run = await job.handler();
    await run({ ...systemContext(deps, job.actor, { log }), lazyCommit: true }, payload, attempt);
  } catch (error) {
    const retry = !attempt.last && isRetryableJobError(error);
    log[retry ? 'warn' : 'error']({ err: error }, retry ? 'job failed, will retry' : 'job failed');
    if (!retry && !attempt.last) await giveUpJob(deps.db, job.name, raw.id);
    throw error;
  }
}
