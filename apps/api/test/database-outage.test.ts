import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
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
});
