import { dashboardAnswerSchema } from '@ebox/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDashboard } from '../src/modules/dashboard/dashboard-service';
import { loadCurrentUser } from '../src/platform/auth/current-user';
import { contextOf } from '../src/platform/context';
import type { Db } from '../src/platform/db/client';
import { ok } from './support/answers';
import { startTestApp, type TestApp, type TestUser } from './support/test-app';

/**
 * Issue 28: occupancy over time (GET /dashboard `occupancyHistory`), from hourly samples written by
 * hand, read at a fixed moment (Wednesday 18 November 2026, 12:00 in São Paulo): yesterday hour by
 * hour, the past seven days day by day (the mean of the day's hourly rates), null where no sample;
 * the counted lockers only (company, locker, cluster filters, a user limited to a company: another
 * company's locker never counts); every locker from the hours' totals; at most 90 days back.
 */

let t: TestApp;
let db: Db;
let owner: TestUser;
let limited: TestUser;
let shopA: string;
let shopB: string;
let lockerA1: string;
let lockerA2: string;
let lockerB: string;
let clusterA: string;

const NOW = new Date('2026-11-18T15:00:00Z');
/** A São Paulo wall time (UTC-3 in November 2026) as an ISO instant. */
const local = (day: string, time: string) => new Date(`2026-11-${day}T${time}:00-03:00`).toISOString();

async function sample(at: string, ebox: string, company: string, enabled: number, used: number) {
  await db.execute(sql`insert into dashboard_occupancy_hour (at, ebox_id, company_id, enabled, used)
                       values (${at}::timestamptz, ${ebox}, ${company}, ${enabled}, ${used})`);
}

async function sampleAll(at: string, enabled: number, used: number) {
  await db.execute(sql`insert into dashboard_occupancy_hour_all (at, enabled, used) values (${at}::timestamptz, ${enabled}, ${used})
                       on conflict (at) do update set enabled = excluded.enabled, used = excluded.used`);
}

async function historyOf(user: TestUser, filter: Record<string, string>) {
  const current = await loadCurrentUser(t.database.db, user.id);
  if (!current) throw new Error('user not found');
  const answer = await readDashboard(contextOf(t.app.deps, { kind: 'user', user: current }), { filter }, NOW);
  return dashboardAnswerSchema.parse(answer).occupancyHistory;
}

const rateAt = (history: { points: { at: string; rate: number | null }[] }, at: string) =>
  history.points.find((point) => point.at === at)?.rate;

beforeAll(async () => {
  t = await startTestApp();
  db = t.app.deps.db as Db;
  owner = await t.createUser({ roles: ['owner'] });
  const company = async (name: string) => ok(await owner.api.post('/company', { data: { name, type: 'shipper' } })).id as string;
  shopA = await company('Loja Lotação A');
  shopB = await company('Loja Lotação B');
  limited = await t.createUser({ roles: ['owner'], allowedCompanies: [shopA] });
  // Lockers without compartments: the sampling job adds no sample of its own.
  const locker = async (company: string, code: string) =>
    ok(await owner.api.post('/ebox', { data: { name: `Armário ${code}`, code, company, enable: true } })).id as string;
  lockerA1 = await locker(shopA, 'OCA01');
  lockerA2 = await locker(shopA, 'OCA02');
  lockerB = await locker(shopB, 'OCB01');
  clusterA = ok(await owner.api.post('/cluster', { data: { name: 'Cluster Lotação', company: shopA, enable: true } })).id;
  await owner.api.post('/clusterEbox', {
    data: { cluster: clusterA, ebox: lockerA2, sequenceCompartiments: 'LR-TB', clusterPosition: 1, enable: true },
  });
  // Yesterday 10:00: A1 3 of 10, A2 5 of 10 (A: 8 of 20 = 40 %), B 9 of 10 (never in A's rate).
  await sample(local('17', '10:00'), lockerA1, shopA, 10, 3);
  await sample(local('17', '10:00'), lockerA2, shopA, 10, 5);
  await sample(local('17', '10:00'), lockerB, shopB, 10, 9);
  // Yesterday 14:00: A1 alone, 6 of 10; B 10 of 10.
  await sample(local('17', '14:00'), lockerA1, shopA, 10, 6);
  await sample(local('17', '14:00'), lockerB, shopB, 10, 10);
  // Monday the 16th, 09:00: A1 1 of 10.
  await sample(local('16', '09:00'), lockerA1, shopA, 10, 1);
  // The hours' totals, as the job writes them beside the lockers' rows (what who sees every locker reads).
  await sampleAll(local('17', '10:00'), 200, 50);
  await sampleAll(local('17', '14:00'), 200, 100);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('occupancy over time', () => {
  it("draws yesterday hour by hour: the company's lockers together, null where no sample", async () => {
    const history = await historyOf(owner, { period: 'yesterday', company: shopA });
    expect(history.step).toBe('hour');
    expect(history.from).toBe(local('17', '00:00'));
    expect(history.to).toBe(local('18', '00:00'));
    expect(history.points).toHaveLength(24);
    expect(history.points[0]?.at).toBe(local('17', '00:00'));
    expect(rateAt(history, local('17', '10:00'))).toBe(0.4);
    expect(rateAt(history, local('17', '14:00'))).toBe(0.6);
    expect(history.points.filter((point) => point.rate !== null)).toHaveLength(2);
  });

  it("never counts another company's locker for a user limited to a company", async () => {
    const history = await historyOf(limited, { period: 'yesterday' });
    expect(rateAt(history, local('17', '10:00'))).toBe(0.4);
    expect(rateAt(history, local('17', '14:00'))).toBe(0.6);
    const onlyB = await historyOf(owner, { period: 'yesterday', company: shopB });
    expect(rateAt(onlyB, local('17', '10:00'))).toBe(0.9);
    expect(rateAt(onlyB, local('17', '14:00'))).toBe(1);
  });

  it('narrows to a locker and to a cluster as the other parts do', async () => {
    const a1 = await historyOf(owner, { period: 'yesterday', ebox: lockerA1 });
    expect(rateAt(a1, local('17', '10:00'))).toBe(0.3);
    const cluster = await historyOf(owner, { period: 'yesterday', cluster: clusterA });
    expect(rateAt(cluster, local('17', '10:00'))).toBe(0.5);
    // A2 was not sampled at 14:00.
    expect(rateAt(cluster, local('17', '14:00'))).toBeNull();
  });

  it("reads every locker from the hours' totals for who sees them all", async () => {
    const history = await historyOf(owner, { period: 'yesterday' });
    expect(rateAt(history, local('17', '10:00'))).toBe(0.25);
    expect(rateAt(history, local('17', '14:00'))).toBe(0.5);
  });

  it("draws the past seven days day by day, each the mean of its hours' rates", async () => {
    const history = await historyOf(owner, { period: 'past7Days', company: shopA });
    expect(history.step).toBe('day');
    expect(history.points.map((point) => point.at)).toEqual([
      '2026-11-12',
      '2026-11-13',
      '2026-11-14',
      '2026-11-15',
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
    ]);
    expect(rateAt(history, '2026-11-16')).toBe(0.1);
    // (40 % + 60 %) / 2.
    expect(rateAt(history, '2026-11-17')).toBe(0.5);
    expect(rateAt(history, '2026-11-18')).toBeNull();
  });

  it('goes at most 90 days back', async () => {
    const history = await historyOf(owner, { period: 'lastYear', company: shopA });
    expect(history.points).toEqual([]);
    const year = await historyOf(owner, { period: 'thisYear', company: shopA });
    expect(year.step).toBe('day');
    expect(year.points).toHaveLength(91);
    expect(year.from).toBe(local('18', '00:00').replace('2026-11-18', '2026-08-20'));
    expect(rateAt(year, '2026-11-17')).toBe(0.5);
  });
});
