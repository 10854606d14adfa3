import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MODULES } from '../src/composition';
import { type JobWorker, startJobWorker } from '../src/platform/jobs/worker';
import { ok } from './support/answers';
import { eventually } from './support/eventually';
import { type SmtpTestServer, startSmtpServer } from './support/smtp';
import { startTestApp, type TestApp, type TestUser } from './support/test-app';

/**
 * The order export job runs later than its request, as the user who asked as they are then
 * (export-service.ts runOrderExport): a user who lost orderExport (their role changed) or was
 * disabled in between gets no file and no link (issue 26). The API runs no job itself here, so
 * the change lands between the request and the run for sure; a worker started afterwards runs it.
 */

let t: TestApp;
let smtp: SmtpTestServer;
let owner: TestUser;
let exporterRole: string;
let readerRole: string;
let worker: JobWorker | undefined;

const FROM = '2026-10-01T03:00:00.000Z';
const TO = '2026-10-31T02:59:59.999Z';

type ExportJob = { state: string; retry_count: number };

/** Runs the queued jobs and answers the user's export job once it has ended, one way or the other. */
async function runExportJobOf(user: TestUser): Promise<ExportJob> {
  worker = await startJobWorker(t.app.deps, { jobs: MODULES.jobs, pollingSeconds: 0.5 });
  const job = await eventually(
    async () =>
      (
        await t.database.pool.query<ExportJob>(
          `SELECT state, retry_count FROM pgboss.job WHERE name = 'order.export' AND data->>'userId' = $1`,
          [user.id],
        )
      ).rows,
    (rows) => rows.length === 1 && ['completed', 'failed'].includes(rows[0]?.state ?? ''),
    60_000,
  );
  return job[0] as ExportJob;
}

/** The messages the outbox holds for an address: a link mailed is one of them, written by the job before it ends. */
async function outboxOf(email: string): Promise<string[]> {
  const { rows } = await t.database.pool.query<{ subject: string }>('SELECT subject FROM outbox_message WHERE recipient = $1', [email]);
  return rows.map((row) => row.subject);
}

/** The exports in storage (one folder each), to tell the one a job stored from earlier ones. */
function storedExports(): string[] {
  const folder = path.join(t.config.dataDir, 'files', 'exports', 'order');
  return existsSync(folder) ? readdirSync(folder).sort() : [];
}

async function requestExport(user: TestUser): Promise<void> {
  expect(ok(await t.client(user.token, 'en').get('/order/export', { filter: { createdAt: [FROM, TO] } }))).toEqual({ success: true });
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await startTestApp({ smtpUrl: smtp.url, env: { JOBS_WORKER: 'false' } });
  owner = await t.createUser({ roles: ['owner'] });
  const company = ok(await owner.api.post('/company', { data: { name: 'Loja Revisão', type: 'shipper' } })).id;
  const order = ok(await owner.api.post('/order', { data: { type: 'DELIVERY', trackingCode: 'EXREV0001', shipper: company, company } }));
  await t.database.db.execute(sql`UPDATE "order" SET created_at = ${'2026-10-10T12:00:00.000Z'} WHERE id = ${order.id}`);
  exporterRole = ok(await owner.api.post('/role', { data: { name: 'Exportadores', permissions: ['orderRead', 'orderExport'] } })).id;
  readerRole = ok(await owner.api.post('/role', { data: { name: 'Leitores de pedidos', permissions: ['orderRead'] } })).id;
}, 180_000);

afterEach(async () => {
  await worker?.stop();
  worker = undefined;
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('the export job checks its requester again when it runs', () => {
  it('refuses a user whose role lost orderExport after the request: the job fails at once, no file, no link', async () => {
    const user = await t.createUser({ roles: ['Exportadores'] });
    await requestExport(user);
    // Their role changes through the console before any worker takes the job: they still read orders.
    ok(await owner.api.put('/iam', { data: { id: user.id, roles: [readerRole] } }));
    expect((await user.api.get('/order/export', { filter: { createdAt: [FROM, TO] } })).status).toBe(403);

    const stored = storedExports();
    const job = await runExportJobOf(user);
    // A refusal is the caller's, never worth a retry: one attempt, failed.
    expect(job).toEqual({ state: 'failed', retry_count: 0 });
    const failures = ok(await owner.api.get('/jobs')).failures as { name: string; error: string; attempts: number }[];
    expect(failures.filter((failure) => failure.name === 'order.export')).toEqual([
      expect.objectContaining({ name: 'order.export', attempts: 1, error: 'errors.forbidden' }),
    ]);
    expect(await outboxOf(user.email)).toEqual([]);
    expect(smtp.messages.filter((mail) => mail.to.includes(user.email))).toEqual([]);
    expect(storedExports()).toEqual(stored);
  }, 120_000);

  it('drops the export of a user disabled after the request: no file, no link', async () => {
    const user = await t.createUser({ roles: ['Exportadores'] });
    await requestExport(user);
    ok(await owner.api.put('/iam/status', { ids: [user.id], disabled: true }));

    const stored = storedExports();
    const job = await runExportJobOf(user);
    // Nothing to retry for a user who is gone: the job ends without its work.
    expect(job.state).toBe('completed');
    expect(await outboxOf(user.email)).toEqual([]);
    expect(smtp.messages.filter((mail) => mail.to.includes(user.email))).toEqual([]);
    expect(storedExports()).toEqual(stored);
  }, 120_000);

  it('still mails the link to a user who keeps orderExport until the job runs (the same set-up, the other way)', async () => {
    const user = await t.createUser({ roles: ['Exportadores'] });
    await requestExport(user);
    // A change that keeps the right: the job goes on.
    ok(await owner.api.put('/iam', { data: { id: user.id, roles: [exporterRole, readerRole] } }));

    const stored = storedExports();
    expect(await runExportJobOf(user)).toEqual({ state: 'completed', retry_count: 0 });
    expect(await outboxOf(user.email)).toEqual(['Your order export from Ebox Console is ready']);
    const mail = await smtp.waitFor((m) => m.to.includes(user.email), 60_000);
    expect(mail.text).toContain('/order/export/file/');
    expect(storedExports()).toHaveLength(stored.length + 1);
  }, 120_000);
});
