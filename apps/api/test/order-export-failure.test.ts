import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeExportInWorker } from '../src/kit/export-thread';
import { serviceOf } from '../src/kit/service';
import { loadCurrentUser } from '../src/platform/auth/current-user';
import { contextOf } from '../src/platform/context';
import { connectDatabase } from '../src/platform/db/client';
import { domainErrorOf } from '../src/platform/errors';
import { ok } from './support/answers';
import { eventually } from './support/eventually';
import { startTestApp, type TestApp, type TestUser } from './support/test-app';

/**
 * The order export by mail runs in a worker thread (kit/export-thread.ts). When the export fails
 * there (the database refuses the query, or cannot be reached) the API goes on, no file is left in
 * the data folder, and the job fails as any job does: PostgreSQL's code crosses the thread, so the
 * refusal is the same domain error (translated, retried or not) it was when the export ran in the API.
 */

let t: TestApp;
let owner: TestUser;

const FROM = '2026-10-01T03:00:00.000Z';
const TO = '2026-10-31T02:59:59.999Z';

/** Files under a folder of the data directory, if it exists. */
function filesIn(folder: string): string[] {
  const full = path.join(t.config.dataDir, folder);
  return existsSync(full)
    ? readdirSync(full, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => entry.name)
    : [];
}

/** The owner's export of the period, checked and built as the job does. */
async function ownerTask() {
  const user = await loadCurrentUser(t.database.db, owner.id);
  if (!user) throw new Error('no owner');
  const ctx = contextOf(t.app.deps, { kind: 'user', user }, { language: 'en', log: t.app.log });
  return serviceOf('order').exportTask(ctx, { filter: { createdAt: [FROM, TO] } }, ['trackingCode']);
}

beforeAll(async () => {
  t = await startTestApp();
  owner = await t.createUser({ roles: ['owner'] });
  const company = ok(await owner.api.post('/company', { data: { name: 'Loja Falha', type: 'shipper' } })).id;
  const order = ok(await owner.api.post('/order', { data: { type: 'DELIVERY', trackingCode: 'EXFAIL0001', shipper: company, company } }));
  await t.database.db.execute(sql`UPDATE "order" SET created_at = ${'2026-10-10T12:00:00.000Z'} WHERE id = ${order.id}`);
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe('an export that fails in its worker thread', () => {
  it('an unreachable database: the error keeps its code (503, worth a retry) and no file is left', async () => {
    const task = await ownerTask();
    // a port nobody listens on
    const away = connectDatabase('postgres://postgres:postgres@127.0.0.1:9/ebox', 1);
    const filePath = path.join(t.config.dataDir, 'away.xlsx');
    try {
      const failure = await writeExportInWorker({ db: away.db, task, filePath }).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(Error);
      expect(domainErrorOf(failure)?.kind).toBe('unavailable');
      expect(existsSync(filePath)).toBe(false);
    } finally {
      await away.close();
    }
  }, 60_000);

  it('a worker that dies (out of its heap): the API goes on, the error says so, no file is left', async () => {
    const task = await ownerTask();
    const filePath = path.join(t.config.dataDir, 'dead.xlsx');
    const failure = await writeExportInWorker({ db: t.database.db, task, filePath, resourceLimits: { maxOldGenerationSizeMb: 2 } }).catch(
      (error: unknown) => error,
    );
    expect(String(failure)).toMatch(/export worker stopped/);
    expect((failure as Error).cause).toMatchObject({ code: 'ERR_WORKER_OUT_OF_MEMORY' });
    expect(existsSync(filePath)).toBe(false);
    expect((await owner.api.get('/company', { limit: 1 })).status).toBe(200);
  }, 60_000);

  it('the database refuses the query: the job fails at once with the refusal, the API goes on, no file', async () => {
    // The orders seen through a view whose condition PostgreSQL cannot evaluate (22P02, a value
    // that is no integer): refused when the worker's cursor runs, not when the API builds the SQL.
    await t.database.db.execute(sql.raw(`ALTER TABLE "order" RENAME TO order_hidden`));
    await t.database.db.execute(sql.raw(`CREATE VIEW "order" AS SELECT * FROM order_hidden WHERE (SELECT 'x'::text)::int > 0`));
    expect(ok(await owner.api.get('/order/export', { filter: { createdAt: [FROM, TO] } }))).toEqual({ success: true });
    const state = await eventually(
      async () => (await owner.api.get('/jobs')).body,
      (body) => body.failures.some((failure: { name: string }) => failure.name === 'order.export'),
      60_000,
    );
    // One attempt: a 22P02 is the caller's input (domainErrorOf: errors.validation), never worth a
    // retry, as when the export ran in the API; a code lost on the way would have been retried.
    expect(state.failures.find((failure: { name: string }) => failure.name === 'order.export')).toMatchObject({
      error: 'invalid input syntax for type integer: "x"',
      attempts: 1,
    });
    expect(filesIn('tmp')).toEqual([]);
    expect(filesIn('files')).toEqual([]);
    // the API still answers
    expect((await owner.api.get('/company', { limit: 1 })).status).toBe(200);
  }, 90_000);
});
