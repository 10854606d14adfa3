import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { outboxEntity, translatorFor } from '@ebox/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MODULES } from '../src/composition';
import { ROOT_DIR } from '../src/config';
import { resourceOf } from '../src/kit/repository';
import { listOutbox } from '../src/modules/outbox/service';
import { inTransaction, systemContext } from '../src/platform/context';
import { connectDatabase, type Database } from '../src/platform/db/client';
import { idempotencyKey, outboxMessage, revokedToken } from '../src/platform/db/schema';
import { declareEventHandler, onEvent, publishEvent } from '../src/platform/events';
import { defineJob } from '../src/platform/jobs/job';
import { enqueueJob, installJobQueues } from '../src/platform/jobs/queue';
import { purgeIdempotencyKeysJob, purgeRevokedTokensJob } from '../src/platform/jobs/registry';
import { type JobWorker, startJobWorker } from '../src/platform/jobs/worker';
import { sendMessage } from '../src/platform/messages';
import type { AppModule } from '../src/platform/modules';
import { eventually, pause } from './support/eventually';
import { type SmtpTestServer, startSmtpServer } from './support/smtp';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * The job queue against a real PostgreSQL and a real SMTP server: jobs enqueued in a transaction
 * exist only if it commits, run once however many workers poll, survive a process that dies before
 * sending, and act with only the rights their actor declares.
 */

const sentEvents: unknown[] = [];
const failedEvents: unknown[] = [];
const sentRecorder = declareEventHandler('message.sent', {
  name: 'test-recorder',
  actor: 'messageSender',
  run: async () => async (_ctx, payload) => void sentEvents.push(payload),
});
const failedRecorder = declareEventHandler('message.failed', {
  name: 'test-recorder',
  actor: 'messageSender',
  run: async () => async (_ctx, payload) => void failedEvents.push(payload),
});

/** A job acting as the message sender that tries to read the outbox, which needs settingsEdit. */
const readOutboxJob = defineJob({
  name: 'test.read-outbox',
  payload: z.object({}),
  actor: 'messageSender',
  retry: { limit: 2, delaySeconds: 1 },
  handler: async () => async (ctx) => {
    await listOutbox(ctx, resourceOf(outboxEntity, outboxMessage), {});
  },
});

/** A job that waits like one waiting on a terminal's answer, run four at a time; `fail` refuses for good. */
const sideBySide = { running: 0, most: 0 };
const sideBySideJob = defineJob({
  name: 'test.side-by-side',
  payload: z.object({ n: z.number(), fail: z.boolean().optional() }),
  actor: 'messageSender',
  retry: { limit: 2, delaySeconds: 1 },
  concurrency: 4,
  handler: async () => async (_ctx, payload) => {
    sideBySide.running += 1;
    sideBySide.most = Math.max(sideBySide.most, sideBySide.running);
    await pause(400);
    sideBySide.running -= 1;
    if (payload.fail) throw Object.assign(new Error('the terminal refused'), { retryable: false });
  },
});

/** How each run of the job's transaction commits (PostgreSQL's synchronous_commit inside it). */
const commitModes: string[] = [];
const readCommitMode = async (tx: Parameters<Parameters<typeof inTransaction>[1]>[0]) =>
  (await tx.tx.execute<{ mode: string }>(sql`SELECT current_setting('synchronous_commit') AS mode`)).rows[0]?.mode;
const commitModeJob = defineJob({
  name: 'test.commit-mode',
  payload: z.object({}),
  actor: 'messageSender',
  retry: { limit: 1, delaySeconds: 1 },
  handler: async () => async (ctx) => {
    await inTransaction(ctx, async (tx) => void commitModes.push((await readCommitMode(tx)) ?? ''));
  },
});

/** The test's jobs, declared as a module's manifest declares its own. */
const testModule: AppModule = { name: 'test', jobs: [sentRecorder, failedRecorder, readOutboxJob, sideBySideJob, commitModeJob] };
const TEST_JOBS = [...MODULES.jobs, ...(testModule.jobs ?? [])];

let smtp: SmtpTestServer;
let t: TestApp;
const workers: JobWorker[] = [];
const otherDatabases: Database[] = [];

async function startWorker(database = t.database): Promise<JobWorker> {
  const worker = await startJobWorker({ ...t.app.deps, db: database.db }, { jobs: TEST_JOBS, pollingSeconds: 0.5 });
  workers.push(worker);
  return worker;
}

async function stopWorkers(): Promise<void> {
  for (const worker of workers.splice(0)) await worker.stop();
}

const mailsTo = (address: string) => smtp.messages.filter((mail) => mail.to.includes(address));

/** Waits until every job of the queue `name` (`count` of them, when given) is done: completed, or failed for good. */
async function jobsSettled(name: string, count?: number): Promise<void> {
  await eventually(
    async () =>
      (await t.database.db.execute<{ state: string }>(sql`SELECT state::text AS state FROM pgboss.job WHERE name = ${name}`)).rows.map(
        (row) => row.state,
      ),
    (states) =>
      states.length === (count ?? Math.max(states.length, 1)) && states.every((state) => state === 'completed' || state === 'failed'),
  );
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  // No worker in the API: each test decides which workers run.
  t = await startTestApp({
    smtpUrl: smtp.url,
    smsProvider: {
      name: 'refusing gateway',
      send: async () => {
        throw Object.assign(new Error('Invalid destination number'), { statusCode: 400 });
      },
    },
    env: { JOBS_WORKER: 'false' },
    modules: [testModule],
  });
  await installJobQueues(t.database.db, TEST_JOBS);
});
afterAll(async () => {
  await stopWorkers();
  for (const database of otherDatabases) await database.close();
  await t?.close();
  await smtp?.close();
});

describe('jobs in the business transaction', () => {
  it('sends nothing for a change that rolled back, and the message of one that committed once', async () => {
    await startWorker();
    const ctx = systemContext(t.app.deps, 'messageSender');
    const mail = (to: string) => ({ channel: 'email' as const, to, subject: 'Hello', text: 'Hi there' });
    await expect(
      inTransaction(ctx, async (tx) => {
        await sendMessage(tx, mail('rolled.back@example.com'));
        throw new Error('a business rule refused the change');
      }),
    ).rejects.toThrow('a business rule refused the change');
    await inTransaction(ctx, (tx) => sendMessage(tx, mail('committed@example.com')));

    await smtp.waitFor((m) => m.to.includes('committed@example.com'));
    // Its job done, and the worker stopped (it finishes what it holds first): nothing more can go out.
    await jobsSettled('messages.send', 1);
    await stopWorkers();
    expect(mailsTo('committed@example.com')).toHaveLength(1);
    expect(mailsTo('rolled.back@example.com')).toHaveLength(0);
    const rows = await t.database.db.select().from(outboxMessage);
    expect(rows.map((row) => [row.recipient, row.status, row.attempts])).toEqual([['committed@example.com', 'sent', 1]]);
    const jobs = await t.database.db.execute<{ count: number }>(
      sql`SELECT count(*)::int AS count FROM pgboss.job WHERE name = 'messages.send'`,
    );
    expect(jobs.rows[0]?.count).toBe(1);
    await stopWorkers();
  });

  it('runs each job once with two workers (two pg-boss instances on their own connections) polling the queue', async () => {
    const second = connectDatabase(t.databaseUrl, 3);
    otherDatabases.push(second);
    await startWorker();
    await startWorker(second);
    const ctx = systemContext(t.app.deps, 'messageSender');
    const recipients = Array.from({ length: 12 }, (_, i) => `twice.${i}@example.com`);
    await inTransaction(ctx, async (tx) => {
      for (const to of recipients) await sendMessage(tx, { channel: 'email', to, subject: 'Once', text: 'Only once' });
    });
    await eventually(
      async () => recipients.filter((to) => mailsTo(to).length > 0).length,
      (count) => count === recipients.length,
    );
    // Every job done, and both workers stopped (each finishes what it holds first): a job taken twice
    // would have sent its second mail by then.
    await jobsSettled('messages.send', 1 + recipients.length);
    await stopWorkers();
    for (const to of recipients) expect(mailsTo(to)).toHaveLength(1);
    await stopWorkers();
  });

  it('loses nothing when the process dies between the commit and the send: a worker started later sends it', async () => {
    const account = await t.createUser({ email: 'late.worker@example.com' });
    expect((await t.api.post('/auth/send-password-reset-email', { email: account.email, method: 'email' })).status).toBe(200);
    const [queued] = await t.database.db.select().from(outboxMessage).where(eq(outboxMessage.recipient, account.email));
    expect(queued).toMatchObject({ status: 'queued', attempts: 0 });

    // `npm run worker`'s entry, in a process of its own, started after the fact, sending through a
    // server of its own: the mail reaching that one says the late worker sent it, and the API's
    // (which would have had it first, had the API run the job) got nothing.
    const ownSmtp = await startSmtpServer();
    const worker = spawnWorker({ DATABASE_URL: t.databaseUrl, SMTP_URL: ownSmtp.url, JOBS_POLLING_SECONDS: '0.5' });
    try {
      // The worker's process compiles the API's sources as it starts: on a busy machine that is the wait.
      const mail = await ownSmtp.waitFor((m) => m.to.includes(account.email), 60_000);
      expect(mailsTo(account.email)).toHaveLength(0);
      expect(mail.subject).toBe('Redefina sua senha no Ebox Console');
      await eventually(
        async () => (await t.database.db.select().from(outboxMessage).where(eq(outboxMessage.recipient, account.email)))[0],
        (row) => row?.status === 'sent',
      );
    } finally {
      worker.kill('SIGTERM');
      await new Promise((resolve) => worker.once('exit', resolve));
      await ownSmtp.close();
    }
  }, 75_000);
});

describe('jobs run side by side', () => {
  it('runs a waiting job four at a time, and a job that fails in a batch fails alone while the others complete', async () => {
    await startWorker();
    const ctx = systemContext(t.app.deps, 'messageSender');
    await inTransaction(ctx, async (tx) => {
      for (let n = 0; n < 8; n += 1) await enqueueJob(tx, sideBySideJob, { n, fail: n === 3 });
    });
    const states = await eventually(
      async () =>
        (
          await t.database.db.execute<{ n: number; state: string; output: { message?: string } | null }>(
            sql`SELECT (data->>'n')::int AS n, state::text AS state, output FROM pgboss.job WHERE name = 'test.side-by-side' ORDER BY 1`,
          )
        ).rows,
      (rows) => rows.length === 8 && rows.every((row) => row.state === 'completed' || row.state === 'failed'),
    );
    expect(states.map((row) => row.state)).toEqual([
      'completed',
      'completed',
      'completed',
      'failed',
      'completed',
      'completed',
      'completed',
      'completed',
    ]);
    // Refused for good: failed at its first attempt, with the handler's reason, not retried.
    expect(states[3]?.output?.message).toBe('the terminal refused');
    expect(sideBySide.most).toBe(4);
    await stopWorkers();
  });
});

describe('scheduled jobs', () => {
  it('registers the declared cron schedule, and the job does its work', async () => {
    const worker = await startWorker();
    const schedules = await worker.boss.getSchedules();
    expect(schedules).toContainEqual(expect.objectContaining({ name: 'auth.purge-revoked-tokens', cron: '10 3 * * *' }));

    await t.database.db.insert(revokedToken).values({ jti: 'expired-jti', expiresAt: new Date(Date.now() - 60_000).toISOString() });
    await t.database.db.insert(revokedToken).values({ jti: 'live-jti', expiresAt: new Date(Date.now() + 60_000).toISOString() });
    await enqueueJob({ deps: t.app.deps }, purgeRevokedTokensJob, {});
    const left = await eventually(
      async () => (await t.database.db.select().from(revokedToken)).map((row) => row.jti),
      (jtis) => !jtis.includes('expired-jti'),
    );
    expect(left).toEqual(['live-jti']);
    await stopWorkers();
  });

  it('forgets the answers of repeated requests after a week, keeping newer ones', async () => {
    const worker = await startWorker();
    expect(await worker.boss.getSchedules()).toContainEqual(
      expect.objectContaining({ name: 'maintenance.purge-idempotency-keys', cron: '20 3 * * *' }),
    );
    const row = { principal: 'system:demoSeed', request: 'POST /customer', fingerprint: 'f', status: 200 };
    await t.database.db.insert(idempotencyKey).values([
      { ...row, key: 'old-key', createdAt: new Date(Date.now() - 8 * 86_400_000).toISOString() },
      { ...row, key: 'new-key', createdAt: new Date(Date.now() - 6 * 86_400_000).toISOString() },
    ]);
    await enqueueJob({ deps: t.app.deps }, purgeIdempotencyKeysJob, {});
    const left = await eventually(
      async () => (await t.database.db.select().from(idempotencyKey)).map((key) => key.key),
      (keys) => !keys.includes('old-key'),
    );
    expect(left).toContain('new-key');
    await stopWorkers();
  });

  it('names every declared job in both languages on the queue panel', () => {
    for (const language of ['pt-BR', 'en'] as const) {
      const t = translatorFor(language);
      for (const job of MODULES.jobs) {
        const key = `outbox.queue.names.${job.name.replace(/\./g, '-')}`;
        expect(t(key, { defaultValue: '' }), `${language} ${key}`).not.toBe('');
      }
    }
  });
});

describe('after-commit events', () => {
  it('reaches durable handlers and in-process listeners only after a commit, never after a rollback', async () => {
    await startWorker();
    const heard: { name: string; payload: unknown; committed: boolean }[] = [];
    const stop = onEvent(t.app.deps, async (event) => {
      // Called after the commit: another connection already sees what the transaction wrote.
      const id = (event.payload as { messageId: string }).messageId;
      const [row] = await otherConnection().db.select().from(outboxMessage).where(eq(outboxMessage.id, id));
      heard.push({ ...event, committed: Boolean(row) });
    });
    const ctx = systemContext(t.app.deps, 'messageSender');
    const publishFor = (to: string) =>
      inTransaction(ctx, async (tx) => {
        // the change the event tells of, written in the same transaction
        const [row] = await tx.tx
          .insert(outboxMessage)
          .values({ channel: 'email', recipient: to, body: 'x', status: 'sent', attempts: 1 })
          .returning();
        await publishEvent(tx, 'message.sent', { messageId: row!.id, channel: 'email', recipient: to, attempts: 1 });
        if (to.startsWith('rollback')) throw new Error('refused');
        return row!.id;
      });
    sentEvents.length = 0;
    const committedId = await publishFor('event.committed@example.com');
    await expect(publishFor('rollback@example.com')).rejects.toThrow('refused');
    // A later committed event: heard after anything the rollback would have let out.
    const markerId = await publishFor('event.marker@example.com');

    await eventually(
      async () => [sentEvents, heard].map((seen) => JSON.stringify(seen).includes(markerId)),
      (both) => both.every(Boolean),
    );
    // The durable handlers' jobs all done: one of the rollback's would have run by then too.
    await jobsSettled('event.message.sent.test-recorder');
    const withoutMarker = <T>(seen: T[]) => seen.filter((entry) => !JSON.stringify(entry).includes(markerId));
    expect(withoutMarker(sentEvents)).toEqual([
      { messageId: committedId, channel: 'email', recipient: 'event.committed@example.com', attempts: 1 },
    ]);
    expect(withoutMarker(heard)).toEqual([
      { name: 'message.sent', payload: expect.objectContaining({ messageId: committedId }), committed: true },
    ]);
    stop();
    await stopWorkers();
  });

  it('publishes message.failed when a send gives up, with the error the outbox shows', async () => {
    await startWorker();
    const account = await t.createUser({ email: 'refused.sms@example.com', phoneNumber: '5531900005555' });
    expect((await t.api.post('/auth/send-password-reset-email', { email: account.email, method: 'sms' })).status).toBe(200);
    await eventually(
      async () => failedEvents.length,
      (count) => count === 1,
    );
    expect(failedEvents[0]).toMatchObject({ channel: 'sms', recipient: '5531900005555', error: 'Invalid destination number', attempts: 1 });

    // The gateway refused the number: no retry would change that, so one attempt and done.
    const owner = await t.createUser({ roles: ['owner'] });
    const list = await owner.api.get('/outbox', { filter: { recipient: '5531900005555' } });
    expect(list.body.rows).toMatchObject([{ status: 'failed', attempts: 1, error: 'Invalid destination number', linkHidden: true }]);
    await stopWorkers();
  });
});

describe('durability', () => {
  it("commits a job's transactions without waiting for the log's flush, and any other caller's once it is on disk", async () => {
    await startWorker();
    await enqueueJob({ deps: t.app.deps }, commitModeJob, {});
    await jobsSettled('test.commit-mode', 1);
    // Lost in a crash, a job's work goes with its completion, and the job runs again.
    expect(commitModes).toEqual(['off']);
    // A request's or a locker's change is answered only once it is durable.
    expect(await inTransaction(systemContext(t.app.deps, 'messageSender'), readCommitMode)).toBe('on');
    await stopWorkers();
  });
});

describe('rights of a job', () => {
  it('refuses a job what its actor may not do, fails it without retrying, and shows the failure to the owner', async () => {
    await startWorker();
    await enqueueJob({ deps: t.app.deps }, readOutboxJob, {});
    const owner = await t.createUser({ roles: ['owner'] });
    const state = await eventually(
      async () => (await owner.api.get('/jobs')).body,
      (body) => body.failures.some((failure: { name: string }) => failure.name === 'test.read-outbox'),
    );
    expect(state.failures.find((failure: { name: string }) => failure.name === 'test.read-outbox')).toMatchObject({
      error: 'errors.forbidden',
      attempts: 1,
    });
    expect(state.queues.find((queue: { name: string }) => queue.name === 'messages.send')).toMatchObject({ queued: 0, active: 0 });
    await stopWorkers();
  });

  it('shows the queue only to holders of settingsEdit', async () => {
    const viewer = await t.createUser({ roles: ['viewer'] });
    expect((await viewer.api.get('/jobs')).status).toBe(403);
    expect((await t.api.get('/jobs')).status).toBe(401);
    const owner = await t.createUser({ roles: ['owner'] });
    const state = await owner.api.get('/jobs');
    expect(state.status).toBe(200);
    expect(state.body.queues.map((queue: { name: string }) => queue.name)).toEqual(
      expect.arrayContaining(['messages.send', 'auth.purge-revoked-tokens']),
    );
    expect(state.body.queues.find((queue: { name: string }) => queue.name === 'messages.send').completed).toBeGreaterThan(10);
  });
});

let other: Database | undefined;
function otherConnection(): Database {
  if (!other) {
    other = connectDatabase(t.databaseUrl, 1);
    otherDatabases.push(other);
  }
  return other;
}

function spawnWorker(env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT_DIR, 'apps/api/src/worker.ts')], {
    cwd: ROOT_DIR,
    env: { ...process.env, LOG_FORMAT: 'json', LOG_LEVEL: 'warn', JOBS_WORKER: 'true', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return child;
}
