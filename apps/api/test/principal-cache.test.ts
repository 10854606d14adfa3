import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_MAX_AGE_MS } from '../src/platform/auth/session-cache';
import type { ApiResponse } from './support/test-app';
import { startTestApp, type TestApp, type TestUser } from './support/test-app';

/**
 * Sessions are kept in memory per API process (platform/auth/session-cache.ts). Two apps on one
 * database stand for two API processes: each has its own pool, its own kept sessions and its own
 * listening connection, so what one changes reaches the other only through PostgreSQL. A change
 * takes effect on the next request of the process that made it, and on another process as soon as
 * its notice arrives (milliseconds), at the latest SESSION_MAX_AGE_MS after the change.
 */
let a: TestApp;
let b: TestApp;
let owner: TestUser;

beforeAll(async () => {
  a = await startTestApp();
  b = await startTestApp({ databaseUrl: a.databaseUrl });
  owner = await a.createUser({ roles: ['owner'] });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

/** The same user's session on process B. */
const onB = (user: TestUser) => b.client(user.token);

/**
 * Asks B until it answers `expected`; any other answer must come from a request that started
 * within the bound after the change, and the first request started past the bound must see it.
 */
async function expectOnBWithinBound(request: () => Promise<ApiResponse>, expected: number, changedAt: number): Promise<void> {
  for (;;) {
    const startedAt = Date.now();
    const response = await request();
    if (response.status === expected) return;
    expect(startedAt - changedAt, `answered ${response.status} to a request started past the bound`).toBeLessThan(SESSION_MAX_AGE_MS);
  }
}

/** A user whose session process B has just kept (one answered request). */
async function userKeptOnB(permissions: Parameters<TestApp['createUser']>[0] = { permissions: ['customerRead'] }) {
  const user = await a.createUser(permissions);
  expect((await onB(user).get('/customer')).status).toBe(200);
  expect((await onB(user).get('/customer')).status).toBe(200);
  return user;
}

describe('kept sessions follow changes made by another API process', () => {
  it('refuses a user disabled on the other process', async () => {
    const user = await userKeptOnB();
    expect((await owner.api.put('/iam/status', { ids: [user.id], disabled: true })).status).toBe(200);
    await expectOnBWithinBound(() => onB(user).get('/customer'), 401, Date.now());
    // the process that made the change refuses at once
    expect((await user.api.get('/customer')).status).toBe(401);
  });

  it('applies a role taken away on the other process', async () => {
    const user = await userKeptOnB();
    const viewer = await a.roleId('viewer');
    const edited = await owner.api.put('/iam', { data: { id: user.id, roles: [viewer] } });
    expect(edited.status).toBe(200);
    const changedAt = Date.now();
    // customerRead came from the custom role only; the viewer role reads customers too, so ask what it lacks
    await expectOnBWithinBound(
      async () => {
        const me = await onB(user).get('/auth/me');
        return { ...me, status: me.body.roles.some((role: { id: string }) => role.id === viewer) ? 299 : me.status };
      },
      299,
      changedAt,
    );
    expect((await user.api.get('/auth/me')).body.roles.map((role: { id: string }) => role.id)).toEqual([viewer]);
  });

  it('applies a permission removed from a role on the other process', async () => {
    const role = await owner.api.post('/role', { data: { name: 'Cache readers', permissions: ['customerRead', 'companyRead'] } });
    expect(role.status).toBe(200);
    const member = await a.createUser();
    await a.database.pool.query('UPDATE "user" SET roles = ARRAY[$1]::uuid[] WHERE id = $2', [role.body.id, member.id]);
    expect((await onB(member).get('/customer')).status).toBe(200);
    expect((await onB(member).get('/customer')).status).toBe(200);
    const edited = await owner.api.put(`/role/${role.body.id}`, { data: { name: 'Cache readers', permissions: ['companyRead'] } });
    expect(edited.status).toBe(200);
    await expectOnBWithinBound(() => onB(member).get('/customer'), 403, Date.now());
    expect((await member.api.get('/customer')).status).toBe(403);
  });

  it('ends a token signed out on the other process', async () => {
    const user = await userKeptOnB();
    expect((await user.api.post('/auth/sign-out')).status).toBe(200);
    await expectOnBWithinBound(() => onB(user).get('/customer'), 401, Date.now());
  });

  it('follows a change made outside the API (SQL), on both processes', async () => {
    const user = await userKeptOnB();
    expect((await user.api.get('/customer')).status).toBe(200);
    await a.database.pool.query('UPDATE "user" SET disabled = true WHERE id = $1', [user.id]);
    const changedAt = Date.now();
    // the app whose pool ran the statement heard its notice before the statement returned
    expect((await user.api.get('/customer')).status).toBe(401);
    await expectOnBWithinBound(() => onB(user).get('/customer'), 401, changedAt);
  });
});

describe('kept sessions in the process that made the change', () => {
  it('answers the very next request with the new state, every time', async () => {
    const user = await a.createUser({ permissions: ['customerRead'] });
    for (let round = 0; round < 5; round += 1) {
      expect((await user.api.get('/customer')).status).toBe(200);
      expect((await owner.api.put('/iam/status', { ids: [user.id], disabled: true })).status).toBe(200);
      expect((await user.api.get('/customer')).status).toBe(401);
      expect((await owner.api.put('/iam/status', { ids: [user.id], disabled: false })).status).toBe(200);
      // enabling again does not revive older tokens (their version is older)
      expect((await user.api.get('/customer')).status).toBe(401);
      const token = await a.app.deps.tokens.sign({
        sub: user.id,
        tv: (await a.database.pool.query('SELECT token_version FROM "user" WHERE id = $1', [user.id])).rows[0].token_version,
      });
      user.api = a.client(token);
    }
  });
});
