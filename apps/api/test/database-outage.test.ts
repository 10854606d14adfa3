import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { defineJob } from '../src/platform/jobs/job';
import { installJobQueues } from '../src/platform/jobs/queue';
import { startJobWorker, startJobWorkerOnceReachable } from '../src/platform/jobs/worker';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy';
import { startTestApp, type TestApp, type TestUser } from './support/test-app';

/**
 * With DATABASE_URL the console does not manage the server: while it is unreachable the API says
 * so (503 on /health, a translated 503 on calls), and it reconnects by itself when it is back.
 */
let proxy: TcpProxy;
let t: TestApp;
let owner: TestUser;

beforeAll(async () => {
  const server = new URL(inject('databaseAdminUrl'));
  proxy = await startTcpProxy({ host: server.hostname, port: Number(server.port || 5432) });
  t = await startTestApp({
    databaseUrlOf: (url) => {
      const through = new URL(url);
      through.hostname = '127.0.0.1';
      through.port = String(proxy.port);
      return through.toString();
    },
  });
  owner = await t.createUser({ roles: ['owner'] });
});
afterAll(async () => {
  await proxy?.close();
  await t?.close();
});

async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('an external database that goes away', () => {
  it('answers 503 on /health and translated 503s on calls while unreachable, then recovers without a restart', async () => {
    expect((await fetch(`${t.baseUrl}/health`)).status).toBe(200);
    expect((await owner.api.get('/auth/me')).status).toBe(200);

    await proxy.cut();
    const health = await fetch(`${t.baseUrl}/health`);
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({ status: 'unavailable' });
    const me = await t.client(owner.token, 'en').get('/auth/me');
    expect(me.status).toBe(503);
    expect(me.body.error).toEqual({
      code: 'databaseUnavailable',
      message: 'The database is unavailable right now. Try again in a moment',
    });
    const signIn = await t.client(undefined, 'pt-BR').post('/auth/sign-in', { email: owner.email, password: owner.password });
    expect(signIn.status).toBe(503);
    expect(signIn.body.error.code).toBe('databaseUnavailable');

    await proxy.restore();
    await waitFor(async () => (await fetch(`${t.baseUrl}/health`)).status === 200, 15_000);
    expect((await owner.api.get('/auth/me')).status).toBe(200);
  });

  it('starts its job worker once the database answers again, instead of going down with it', async () => {
    // `npm start` starts the jobs after it answers: a database lost right then once ended the console.
    await proxy.cut();
    let waited!: () => void;
    const waiting = new Promise<void>((resolve) => {
      waited = resolve;
    });
    const log = Object.assign(Object.create(t.app.deps.log), { warn: () => waited() });
    const starting = startJobWorkerOnceReachable({ ...t.app.deps, log }, { jobs: t.app.deps.modules.jobs, stopped: () => false });
    await waiting;
    await proxy.restore();
    const worker = await starting;
    expect(worker).not.toBeNull();
    expect(await worker?.boss.getQueue(t.app.deps.modules.jobs[0]?.name ?? '')).toMatchObject({ name: t.app.deps.modules.jobs[0]?.name });
    await worker?.stop();
    await waitFor(async () => (await fetch(`${t.baseUrl}/health`)).status === 200, 15_000);
  });

  it('logs a job that ends while the database is away and goes on, where pg-boss would have ended the process', async () => {
    // pg-boss records a job's end without awaiting it: a refused statement was an unhandled rejection.
    let started!: () => void;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const heldJob = defineJob({
      name: 'test.held-through-outage',
      payload: z.object({}),
      actor: 'messageSender',
      retry: { limit: 1, delaySeconds: 1 },
      handler: async () => async () => {
        started();
        await released;
      },
    });
    await installJobQueues(t.database.db, [heldJob]);
    let logged!: (message: string) => void;
    const unrecorded = new Promise<string>((resolve) => {
      logged = resolve;
    });
    const log = Object.assign(Object.create(t.app.deps.log), { warn: (_fields: unknown, message: string) => logged(message) });
    const worker = await startJobWorker({ ...t.app.deps, log }, { jobs: [heldJob], pollingSeconds: 0.5 });
    await worker.boss.send(heldJob.name, {});
    await running;
    await proxy.cut();
    release();
    expect(await unrecorded).toMatch(/could not be recorded/);
    await proxy.restore();
    await worker.stop();
    await waitFor(async () => (await fetch(`${t.baseUrl}/health`)).status === 200, 15_000);
  });
});
