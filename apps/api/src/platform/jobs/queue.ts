import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import PgBoss from 'pg-boss';
import type { z } from 'zod';
import { beforeCommit, type ServiceContext } from '../context';
import type { Db, Tx } from '../db/client';
import { executePrepared } from '../db/prepared';
import type { AnyJob, JobDeclaration } from './job';

/** pg-boss keeps its tables in this schema of the console's database, created at start-up. */
export const JOB_SCHEMA = 'pgboss';

/** What pg-boss runs its SQL through (its `db` option). */
type SqlExecutor = { executeSql(text: string, values?: unknown[]): Promise<{ rows: any[] }> };

/**
 * pg-boss's SQL run on a drizzle handle or open transaction, so a job is inserted by the very
 * statement stream of the business change: it commits with it or vanishes with its rollback. Its
 * inserts are one fixed text each, run prepared (platform/db/prepared.ts): parsing and planning
 * them anew was 0.3 ms of every order move's alert job. A text without parameters may hold several
 * statements, which a prepared statement cannot.
 */
export function executorOf(db: Tx): SqlExecutor {
  return {
    executeSql: (text, values = []) => (values.length ? executePrepared(db, queryOf(text, values)) : db.execute(queryOf(text, values))),
  };
}

/** `$1`-numbered SQL as a drizzle query whose parameters keep their numbers' values. */
function queryOf(text: string, values: unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  return sql.join(parts.map((part, index) => (index % 2 ? sql.param(values[Number(part) - 1]) : sql.raw(part))));
}

/** The pool under a drizzle handle: workers poll on their own connections, outside any transaction. */
export function poolOf(db: Db): pg.Pool {
  if ('$client' in db && db.$client instanceof pg.Pool) return db.$client;
  throw new Error('the job queue needs the node-postgres pool under the drizzle handle');
}

/** Connections the queue's own statements share: at most 4, none kept idle past 10 s. */
const QUEUE_CONNECTIONS = 4;

/**
 * A small pool to the same server as `pool` whose transactions commit without waiting for the
 * write-ahead log's flush (synchronous_commit off for the session): for the job worker's own
 * statements, whose loss in a crash only runs a job again.
 */
export function lazyCommitPoolOf(pool: pg.Pool): pg.Pool {
  return new pg.Pool({ ...pool.options, max: QUEUE_CONNECTIONS, idleTimeoutMillis: 10_000, options: '-c synchronous_commit=off' });
}

export function poolExecutorOf(pool: pg.Pool): SqlExecutor {
  return { executeSql: (text, values) => pool.query(text, values) };
}

/**
 * Creates pg-boss's schema (or migrates it to this pg-boss version) and one queue per declared job.
 * Runs at start-up after the console's migrations, in every process, on its own connection: pg-boss
 * installs under an advisory lock, and a loser of that race leaves its connection in a failed
 * transaction, which is then thrown away rather than handed back to the pool.
 */
export async function installJobQueues(db: Db, jobs: readonly AnyJob[]): Promise<void> {
  const client = await poolOf(db).connect();
  let broken = false;
  try {
    const boss = new PgBoss({
      db: {
        executeSql: (text: string, values?: unknown[]) =>
          client.query(text, values).catch((error: unknown) => {
            broken = true;
            throw error;
          }),
      },
      schema: JOB_SCHEMA,
      migrate: true,
      supervise: false,
      schedule: false,
    });
    await boss.start();
    for (const job of jobs) await boss.createQueue(job.name, queueOptionsOf(job));
    await boss.stop({ graceful: false, close: false });
  } finally {
    client.release(broken);
  }
}

function queueOptionsOf(job: AnyJob): PgBoss.Queue {
  return {
    name: job.name,
    retryLimit: job.retry.limit,
    retryDelay: job.retry.delaySeconds,
    retryBackoff: true,
    expireInSeconds: job.expireInSeconds ?? 15 * 60,
    ...(job.policy ? { policy: job.policy } : {}),
  };
}

/** Only builds pg-boss's insert statement; every send names the handle it runs on. */
let sender: PgBoss | undefined;
function senderBoss(): PgBoss {
  sender ??= new PgBoss({
    db: {
      executeSql: () => {
        throw new Error('a job is always sent on the caller’s handle');
      },
    },
    schema: JOB_SCHEMA,
  });
  return sender;
}

export type EnqueueOptions = {
  /** Run no sooner than this many seconds from now. */
  startAfterSeconds?: number;
  /** Run no sooner than this moment (when the work is due at a known time). */
  startAt?: Date;
  /** With a 'stately' job: at most one queued job per key (e.g. one per locker); a second enqueue is dropped. */
  singletonKey?: string;
};

/** Wakes this process's idle worker of a queue when a job for it has committed (no polling delay). */
const localWakers = new WeakMap<ServiceContext['deps'], Map<string, () => void>>();

export function registerLocalWaker(deps: ServiceContext['deps'], name: string, wake: () => void): void {
  const wakers = localWakers.get(deps) ?? new Map<string, () => void>();
  wakers.set(name, wake);
  localWakers.set(deps, wakers);
}

export function forgetLocalWakers(deps: ServiceContext['deps']): void {
  localWakers.delete(deps);
}

/** The part of a service context enqueueing needs; `afterCommit` absent: nothing to wait for. */
export type EnqueueContext = Pick<ServiceContext, 'deps'> & Partial<Pick<ServiceContext, 'tx' | 'afterCommit'>>;

/**
 * Many jobs of one declaration in one INSERT, inside the caller's transaction as enqueueJob: for a
 * change of many records at once (an event published for 10,000 lockers). No singleton keys here.
 */
export async function enqueueJobs<S extends z.ZodType<object>>(
  ctx: EnqueueContext,
  job: JobDeclaration<S>,
  payloads: readonly z.input<S>[],
): Promise<void> {
  if (!payloads.length) return;
  const retryDelay = ctx.deps.config.jobs.retryDelaySeconds ?? job.retry.delaySeconds;
  const schema: z.ZodType<object> = job.payload;
  const jobs = payloads.map((payload) => ({
    name: job.name,
    data: schema.parse(payload),
    retryLimit: job.retry.limit,
    retryDelay,
    retryBackoff: true,
    expireInSeconds: job.expireInSeconds ?? 15 * 60,
  }));
  await senderBoss().insert(jobs, { db: executorOf(ctx.tx ?? ctx.deps.db) });
  const wake = localWakers.get(ctx.deps)?.get(job.name);
  if (wake) {
    if (ctx.tx && ctx.afterCommit) ctx.afterCommit.push(wake);
    else if (!ctx.tx) wake();
  }
}

/**
 * Puts a job in its queue inside the caller's transaction (`ctx.tx`): a worker sees it only once
 * that transaction commits, and never if it rolls back. Without a transaction the insert commits
 * by itself. The payload is checked against the job's schema here, so a bad one fails the caller.
 * With a `singletonKey`, in a transaction `inTransaction` opened, the insert waits for the end of
 * the transaction's work (see insertHeldJobs); a second enqueue of a queued key is dropped there.
 */
export async function enqueueJob<S extends z.ZodType<object>>(
  ctx: EnqueueContext,
  job: JobDeclaration<S>,
  payload: z.input<S>,
  options: EnqueueOptions = {},
): Promise<void> {
  const schema: z.ZodType<object> = job.payload;
  const data = schema.parse(payload);
  const retryDelay = ctx.deps.config.jobs.retryDelaySeconds ?? job.retry.delaySeconds;
  const sendOn = (db: Tx) =>
    senderBoss().send(job.name, data, {
      db: executorOf(db),
      retryLimit: job.retry.limit,
      retryDelay,
      retryBackoff: true,
      expireInSeconds: job.expireInSeconds ?? 15 * 60,
      ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
      // As a date: pg-boss passes a number of seconds as text that its insert also casts to a
      // timestamp, which PostgreSQL refuses ("invalid input syntax for type timestamp").
      ...(options.startAfterSeconds ? { startAfter: new Date(Date.now() + options.startAfterSeconds * 1_000) } : {}),
      ...(options.startAt ? { startAfter: options.startAt } : {}),
    });
  const held = options.singletonKey && holdUntilCommit(ctx, { name: job.name, singletonKey: options.singletonKey, sendOn });
  if (!held) {
    const id = await sendOn(ctx.tx ?? ctx.deps.db);
    if (!id && !options.singletonKey)
      throw new Error(`job queue ${job.name} does not exist: is the job in its module's manifest (src/composition.ts)?`);
  }
  const wake = localWakers.get(ctx.deps)?.get(job.name);
  if (wake) {
    if (ctx.tx && ctx.afterCommit) ctx.afterCommit.push(wake);
    else if (!ctx.tx) wake();
  }
}

/** A singleton job whose insert waits for its transaction's before-commit step. */
type HeldJob = { name: string; singletonKey: string; sendOn: (db: Tx) => Promise<string | null> };

const heldJobs = new WeakMap<Tx, HeldJob[]>();

/** False when the caller's transaction has no before-commit step (none, or not opened by inTransaction). */
function holdUntilCommit(ctx: EnqueueContext, job: HeldJob): boolean {
  const tx = ctx.tx;
  if (!tx) return false;
  const held = heldJobs.get(tx);
  if (held) {
    held.push(job);
    return true;
  }
  if (!beforeCommit(ctx, () => insertHeldJobs(tx))) return false;
  heldJobs.set(tx, [job]);
  return true;
}

/**
 * A transaction's singleton jobs, inserted at the end of its work in one order every process
 * shares: by queue, then key. pg-boss keeps one queued job per (queue, key) with a unique index, so
 * inserting a key another open transaction inserted waits for that one to end. Inserted as the
 * moves came, two bulk moves over the same lockers in opposite order each waited for the other's
 * key: a deadlock (40P01), one of them lost.
 *
 * Why the row locks of the work cannot close a cycle with these inserts: a transaction takes its
 * keys only here, after its work, and takes no row lock any more (an enqueue outside any
 * transaction is one statement that holds nothing else). So whoever holds a key is here too, and
 * whoever waits here waits only for a key's holder, which is here and either commits or waits for
 * a greater key: along any chain of waits the keys grow, and no chain leads back to a transaction
 * still at its work. A transaction at its work may wait for the row locks of one here;
 * that one commits without waiting for it. Row-lock cycles among transactions at their work are
 * another matter (bulk moves lock their orders in id order). A transaction not opened by
 * inTransaction (a context made by hand: tests, the benchmark) still inserts at once.
 */
async function insertHeldJobs(tx: Tx): Promise<void> {
  const held = heldJobs.get(tx) ?? [];
  heldJobs.delete(tx);
  const order = (a: HeldJob, b: HeldJob) => compareText(a.name, b.name) || compareText(a.singletonKey, b.singletonKey);
  let last: HeldJob | undefined;
  // Stable: of a key enqueued twice, the first is inserted (as at once, where the second was dropped).
  for (const job of [...held].sort(order)) {
    if (last && order(last, job) === 0) continue;
    await job.sendOn(tx);
    last = job;
  }
}

/** By code units, the same in every process (no locale). */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
