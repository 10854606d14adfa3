import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rebuildAllRollups } from '../src/modules/dashboard/rollup-service';
import type { Db } from '../src/platform/db/client';
import { ok, orderDataFor } from './support/answers';
import { addCompartments } from './support/compartments';
import { eventually } from './support/eventually';
import { startTestApp, type TestApp, type TestUser } from './support/test-app';

/**
 * Issue 28 (docs/dashboard.md "Answers kept"): a dashboard answer is served again while nothing it
 * reads has changed, and read anew at the next request once something has, whichever API process
 * made the change. Two apps on one database stand for two API processes; they keep answers a minute
 * here (a second in production), so an answer served again is told by its `asOf`, never by timing.
 */
let a: TestApp;
let b: TestApp;
let owner: TestUser;
let ownerOnB: TestUser['api'];
let db: Db;
let shopA: string;
let shopB: string;
let lockerA: string;
let lockerB: string;
let compartmentsA: string[];

// No job worker: the hourly occupancy sample or an alert's evaluation would be a change of their own.
const KEPT = { DASHBOARD_ANSWER_MS: '60000', JOBS_WORKER: 'false' };

beforeAll(async () => {
  a = await startTestApp({ env: KEPT });
  b = await startTestApp({ databaseUrl: a.databaseUrl, env: KEPT });
  db = a.app.deps.db as Db;
  owner = await a.createUser({ roles: ['owner'] });
  ownerOnB = b.client(owner.token);
  const company = async (name: string) => ok(await owner.api.post('/company', { data: { name, type: 'shipper' } })).id as string;
  shopA = await company('Loja Guardada A');
  shopB = await company('Loja Guardada B');
  const locker = async (company: string, code: string) =>
    ok(await owner.api.post('/ebox', { data: { name: `Armário ${code}`, code, company, enable: true } })).id as string;
  lockerA = await locker(shopA, 'KPA01');
  lockerB = await locker(shopB, 'KPB01');
  compartmentsA = await addCompartments(owner, lockerA, 2);
  await addCompartments(owner, lockerB, 2);
  // Heard from: their heartbeats below change nothing the dashboard shows.
  await db.execute(sql`update ebox set status = 'online', last_heart_beat = now() where id in (${lockerA}, ${lockerB})`);
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const today = (company?: string) => `/dashboard?filter[period]=today${company ? `&filter[company]=${company}` : ''}`;

describe('a kept dashboard answer', () => {
  it('is served again while nothing changed, and read anew on the next request after an order is created on the other process', async () => {
    const first = ok(await owner.api.get(today(shopA)));
    const again = ok(await owner.api.get(today(shopA)));
    expect(again.asOf).toBe(first.asOf);
    expect(again.figures).toEqual(first.figures);

    ok(await ownerOnB.post('/order', { data: orderDataFor(shopA) }));
    const after = ok(await owner.api.get(today(shopA)));
    expect(after.asOf > first.asOf).toBe(true);
    expect(after.figures.created.value).toBe(first.figures.created.value + 1);
  });

  it("stays for one company while another company's order and an online locker's heartbeat change nothing it shows", async () => {
    const first = ok(await owner.api.get(today(shopA)));
    ok(await ownerOnB.post('/order', { data: orderDataFor(shopB) }));
    await db.execute(sql`update ebox set last_heart_beat = now() where id in (${lockerA}, ${lockerB})`);
    const kept = ok(await owner.api.get(today(shopA)));
    expect(kept.asOf).toBe(first.asOf);
    // Every company's answer counts the other company's order at once.
    const all = ok(await owner.api.get(today()));
    const allAgain = ok(await owner.api.get(today()));
    expect(allAgain.asOf).toBe(all.asOf);
    ok(await ownerOnB.post('/order', { data: orderDataFor(shopB) }));
    expect(ok(await owner.api.get(today())).figures.created.value).toBe(all.figures.created.value + 1);
  });

  it("stays for one company while another company's parcel moves at a locker it shares, and is read anew when its compartment fills", async () => {
    const other = ok(await ownerOnB.post('/order', { data: orderDataFor(shopB) })).id as string;
    const first = ok(await owner.api.get(today(shopA)));
    // Shop B's parcel stored in shop A's locker: no figure of shop A counts another company's orders.
    await db.execute(sql`update "order" set ebox_id = ${lockerA}, status = 'STORED', stored_at = now() where id = ${other}`);
    expect(ok(await owner.api.get(today(shopA))).asOf).toBe(first.asOf);
    // Its compartment filling is the locker's occupancy, which shop A's answer shows.
    await db.execute(sql`update compartiment set status = 'OCCUPIED' where id = ${compartmentsA[1]}`);
    const filled = ok(await owner.api.get(today(shopA)));
    expect(filled.asOf > first.asOf).toBe(true);
    expect(filled.now.occupancy.occupied).toBe(first.now.occupancy.occupied + 1);
  });

  it("is read anew when one of its lockers' compartments or the locker itself changes, by any writer", async () => {
    const first = ok(await owner.api.get(today(shopA)));
    await db.execute(sql`update compartiment set status = 'DAMAGE' where id = ${compartmentsA[0]}`);
    const damaged = ok(await owner.api.get(today(shopA)));
    expect(damaged.asOf > first.asOf).toBe(true);
    expect(damaged.now.occupancy.damaged).toBe(first.now.occupancy.damaged + 1);

    await db.execute(sql`update ebox set status = 'offline' where id = ${lockerA}`);
    const offline = ok(await owner.api.get(today(shopA)));
    expect(offline.now.lockers.offline).toBe(damaged.now.lockers.offline + 1);
    // An offline locker's silence shows on the dashboard: its last heartbeat moved by hand is read anew.
    await db.execute(sql`update ebox set last_heart_beat = now() - interval '3 hours' where id = ${lockerA}`);
    const silent = ok(await owner.api.get(today(shopA)));
    expect(silent.asOf > offline.asOf).toBe(true);
    expect(silent.now.lockers.offlineList[0]?.lastHeartBeat).not.toBe(offline.now.lockers.offlineList[0]?.lastHeartBeat);
  });

  it('is read anew after a rebuild of the rollups and after a company is edited', async () => {
    const first = ok(await owner.api.get(today(shopA)));
    await rebuildAllRollups(a.app.deps);
    const rebuilt = ok(await owner.api.get(today(shopA)));
    expect(rebuilt.asOf > first.asOf).toBe(true);
    expect(rebuilt.figures).toEqual(first.figures);
    ok(await ownerOnB.put(`/company/${shopB}`, { data: { name: 'Loja Guardada B (nova)' } }));
    expect(ok(await owner.api.get(today(shopA))).asOf > rebuilt.asOf).toBe(true);
  });

  it('is read again past half its life while it is still served, so a key asked without pause never waits for its reading', async () => {
    // The clock stands still (the app runs in this process), ten minutes before the real time near
    // the network's midnight, where an answer is kept no further.
    const real = Date.now();
    const minutesToMidnight = (86_400_000 - ((real - 3 * 3_600_000) % 86_400_000)) / 60_000;
    const readAt = minutesToMidnight < 5 ? real - 10 * 60_000 : real;
    const halfLife = Number(KEPT.DASHBOARD_ANSWER_MS) / 2;
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(readAt);
      // A change of every reading: the next answer is read at `readAt`.
      await db.execute(sql`insert into dashboard_change default values`);
      const first = ok(await owner.api.get(today(shopA)));
      expect(Date.parse(first.asOf)).toBe(readAt);
      vi.setSystemTime(readAt + halfLife + 1);
      // Past half its life: served as it is, and read again behind it.
      expect(ok(await owner.api.get(today(shopA))).asOf).toBe(first.asOf);
      const refreshed = await eventually(
        async () => ok(await owner.api.get(today(shopA))),
        (answer) => answer.asOf !== first.asOf,
      );
      expect(Date.parse(refreshed.asOf)).toBe(readAt + halfLife + 1);
      expect(refreshed.figures).toEqual(first.figures);
    } finally {
      vi.useRealTimers();
    }
  });

  it('is never served to a caller who may not see it: the scope is checked before, and a limited user has their own', async () => {
    const limited = await a.createUser({ permissions: ['orderRead'], allowedCompanies: [shopA] });
    const own = ok(await limited.api.get(today()));
    expect(ok(await owner.api.get(today(shopA))).figures).toEqual(own.figures);
    expect((await limited.api.get(today(shopB))).status).toBe(403);
    const stranger = await a.createUser({ permissions: ['customerRead'] });
    expect((await stranger.api.get(today(shopA))).status).toBe(403);
  });
});
