import { DASHBOARD_PERIODS, dashboardAnswerSchema, networkDayOf, percentileOfHistogram } from '@ebox/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDashboard } from '../src/modules/dashboard/dashboard-service';
import { foldRollups } from '../src/modules/dashboard/rollup-repository';
import { rebuildAllRollups } from '../src/modules/dashboard/rollup-service';
import { loadCurrentUser } from '../src/platform/auth/current-user';
import { contextOf } from '../src/platform/context';
import type { Db } from '../src/platform/db/client';
import { ok, orderDataFor } from './support/answers';
import { addCompartments } from './support/compartments';
import { startTestApp, type TestApp, type TestUser } from './support/test-app';

/**
 * Issue 28, item 1: GET /dashboard. A seeded network whose every figure has a hand-known answer, read
 * at a fixed moment (Wednesday 18 November 2026, 12:00 in São Paulo): today against yesterday until
 * the same hour (a partial day read from the order history), the past seven days against the seven
 * before, the series, the locker ranking, the occupancy and the parcels waiting now; another
 * company's parcels never show for a user limited to one; the denials; an order created a moment
 * ago counts at the next request.
 */

let t: TestApp;
let owner: TestUser;
let db: Db;
let shopA: string;
let shopB: string;
let carrier1: string;
let carrier2: string;
let lockerA: string;
let lockerB: string;

const NOW = new Date('2026-11-18T15:00:00Z');
/** A São Paulo wall time (UTC-3 in November 2026) as an ISO instant. */
const local = (day: string, time: string) => new Date(`2026-11-${day}T${time}:00-03:00`).toISOString();

type Step = { status: string; at: string };

/** An order of the API, then moved through `steps` at chosen times (its history and stamps written as the lifecycle would). */
async function seedOrder(company: string, ebox: string, carrier: string, steps: Step[]) {
  const order = ok(await owner.api.post('/order', { data: { ...orderDataFor(company, { carrier }), ebox, bookOrder: false } }));
  await db.execute(sql`delete from order_history where order_id = ${order.id}`);
  let from: string | null = null;
  for (const step of steps) {
    await db.execute(sql`
      insert into order_history (order_id, company_id, from_status, to_status, trigger, actor_kind, actor_label, at)
      values (${order.id}, ${company}, ${from}, ${step.status}, 'test.seed', 'system', 'test', ${step.at}::timestamptz)`);
    from = step.status;
  }
  const at = (statuses: string[]) => steps.find((step) => statuses.includes(step.status))?.at ?? null;
  await db.execute(sql`
    update "order" set status = ${from}, created_at = ${steps[0]?.at}::timestamptz,
      inbound_at = ${at(['INBOUND'])}::timestamptz, stored_at = ${at(['STORED'])}::timestamptz, collected_at = ${at(['CUSTOMER_TAKEN'])}::timestamptz,
      expired_at = ${at(['EXPIRED'])}::timestamptz
     where id = ${order.id}`);
  return order.id as string;
}

async function lockerWith(company: string, code: string, statuses: string[]) {
  const id = ok(await owner.api.post('/ebox', { data: { name: `Armário ${code}`, code, company, enable: true } })).id as string;
  const compartments = await addCompartments(owner, id, statuses.length);
  for (const [index, status] of statuses.entries()) {
    await db.execute(sql`update compartiment set status = ${status} where id = ${compartments[index]}`);
  }
  return id;
}

async function dashboardAt(userId: string, filter: Record<string, string>) {
  const user = await loadCurrentUser(t.database.db, userId);
  if (!user) throw new Error('user not found');
  return readDashboard(contextOf(t.app.deps, { kind: 'user', user }), { filter }, NOW);
}

let expiredId: string;
let waitingId: string;

beforeAll(async () => {
  t = await startTestApp();
  db = t.app.deps.db as Db;
  owner = await t.createUser({ roles: ['owner'] });
  const company = async (name: string, type: string) => ok(await owner.api.post('/company', { data: { name, type } })).id as string;
  shopA = await company('Loja Painel A', 'shipper');
  shopB = await company('Loja Painel B', 'shipper');
  carrier1 = await company('Transportadora Um', 'carrier');
  carrier2 = await company('Transportadora Dois', 'carrier');
  lockerA = await lockerWith(shopA, 'PNA01', ['OCCUPIED', 'BOOKED', 'DAMAGE', 'AVAILABLE']);
  lockerB = await lockerWith(shopB, 'PNB01', ['OCCUPIED', 'AVAILABLE']);
  // Company A. Picked up today after a day inside (stored yesterday morning).
  await seedOrder(shopA, lockerA, carrier1, [
    { status: 'CREATED', at: local('17', '08:00') },
    { status: 'STORED', at: local('17', '09:00') },
    { status: 'CUSTOMER_TAKEN', at: local('18', '09:00') },
  ]);
  // Created yesterday afternoon (after "the same hour"), stored this morning, still inside.
  waitingId = await seedOrder(shopA, lockerA, carrier1, [
    { status: 'CREATED', at: local('17', '13:00') },
    { status: 'INBOUND', at: local('18', '07:00') },
    { status: 'STORED', at: local('18', '08:00') },
  ]);
  // Stored eight days ago, expired this morning, still inside.
  expiredId = await seedOrder(shopA, lockerA, carrier1, [
    { status: 'CREATED', at: local('10', '09:00') },
    { status: 'STORED', at: local('10', '10:00') },
    { status: 'EXPIRED', at: local('18', '10:00') },
  ]);
  // The second carrier: created and cancelled this morning; and a parcel in and out yesterday morning.
  await seedOrder(shopA, lockerA, carrier2, [
    { status: 'CREATED', at: local('18', '09:30') },
    { status: 'CANCELED', at: local('18', '10:00') },
  ]);
  await seedOrder(shopA, lockerA, carrier2, [
    { status: 'CREATED', at: local('17', '07:00') },
    { status: 'STORED', at: local('17', '07:30') },
    { status: 'CUSTOMER_TAKEN', at: local('17', '11:00') },
  ]);
  // Last month the second carrier took a parcel three days before storing it (over its 48 hours).
  const october = (day: string, time: string) => new Date(`2026-10-${day}T${time}:00-03:00`).toISOString();
  await seedOrder(shopA, lockerA, carrier2, [
    { status: 'CREATED', at: october('05', '06:00') },
    { status: 'INBOUND', at: october('05', '07:00') },
    { status: 'STORED', at: october('08', '07:00') },
    { status: 'CUSTOMER_TAKEN', at: october('08', '11:30') },
  ]);
  // Company B: in and out this morning.
  await seedOrder(shopB, lockerB, carrier1, [
    { status: 'CREATED', at: local('18', '08:00') },
    { status: 'STORED', at: local('18', '08:00') },
    { status: 'CUSTOMER_TAKEN', at: local('18', '10:00') },
  ]);
  // A trigger the machine refused this morning (a wrong compartment): in the history, counted nowhere.
  await db.execute(sql`
    insert into order_history (order_id, company_id, from_status, to_status, trigger, refusal, actor_kind, actor_label, at)
    values (${waitingId}, ${shopA}, 'STORED', null, 'terminal.CUSTOMER_TAKEN', 'wrongCompartment', 'terminal', 'test', ${local('18', '11:00')}::timestamptz)`);
  // Messages to A's customers: an SMS sent and delivered this morning, a WhatsApp failed, an e-mail sent yesterday.
  const message = async (channel: string, status: string, stamps: Record<string, string>) => {
    await db.execute(sql`
      insert into order_message (company_id, order_id, trigger, channel, language, status, sent_at, delivered_at, updated_at)
      values (${shopA}, ${waitingId}, 'STORED', ${channel}, 'pt-BR', ${status}, ${stamps.sent ?? null}::timestamptz,
              ${stamps.delivered ?? null}::timestamptz, ${stamps.updated}::timestamptz)`);
  };
  await message('sms', 'delivered', { sent: local('18', '08:01'), delivered: local('18', '08:02'), updated: local('18', '08:02') });
  await message('whatsapp', 'failed', { updated: local('18', '08:03') });
  await message('email', 'sent', { sent: local('17', '09:00'), updated: local('17', '09:00') });
  await rebuildAllRollups(t.app.deps);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

/** The geometric middle of the histogram bucket a stay falls in, as the dashboard answers a percentile. */
const dwellOf = (seconds: number) => Math.round(percentileOfHistogram(new Map([[bucketOfSeconds(seconds), 1]]), 50) ?? 0);
function bucketOfSeconds(seconds: number) {
  return Math.floor(Math.log(seconds / 60) / Math.log(1.1));
}

describe('GET /dashboard', () => {
  it("answers today against yesterday until the same hour, for one company's parcels", async () => {
    const answer = await dashboardAt(owner.id, { period: 'today', company: shopA });
    expect({ from: answer.from, to: answer.to, previous: answer.previous }).toEqual({
      from: local('18', '00:00'),
      to: local('18', '12:00'),
      previous: { from: local('17', '00:00'), to: local('17', '12:00') },
    });
    expect(answer.figures).toEqual({
      created: { value: 1, previous: 2 },
      canceled: { value: 1, previous: 0 },
      stored: { value: 1, previous: 2 },
      collected: { value: 1, previous: 1 },
      expired: { value: 1, previous: 0 },
      uncollectedRate: { value: 1, previous: 0 },
      dwellP50: { value: dwellOf(86_400), previous: dwellOf(3.5 * 3600) },
      dwellP90: { value: dwellOf(86_400), previous: dwellOf(3.5 * 3600) },
      dwellP95: { value: dwellOf(86_400), previous: dwellOf(3.5 * 3600) },
    });
    // Within 5 % of the exact stays.
    expect(Math.abs((answer.figures.dwellP50.value ?? 0) / 86_400 - 1)).toBeLessThan(0.05);
    expect(answer.byCarrier.map(({ name, stored, collected, expired }) => ({ name, stored, collected, expired }))).toEqual([
      { name: 'Transportadora Um', stored: 1, collected: 1, expired: 1 },
      { name: 'Transportadora Dois', stored: 0, collected: 0, expired: 0 },
    ]);
    // The first carrier stored this morning's parcel an hour after taking it: within its 48 hours.
    expect(answer.byCarrier[0]).toMatchObject({
      name: 'Transportadora Um',
      promiseHours: 48,
      storedInTime: 1,
      inboundToStoredP95: dwellOf(3600),
    });
    expect(dashboardAnswerSchema.parse(answer)).toEqual(answer);
  });

  it("counts the customers' messages of the period by channel and trigger, from each step's own time", async () => {
    const today = await dashboardAt(owner.id, { period: 'today', company: shopA });
    expect(today.messages).toEqual([
      { channel: 'sms', trigger: 'STORED', sent: 1, delivered: 1, read: 0, failed: 0 },
      { channel: 'whatsapp', trigger: 'STORED', sent: 0, delivered: 0, read: 0, failed: 1 },
    ]);
    const week = await dashboardAt(owner.id, { period: 'past7Days' });
    expect(week.messages.map(({ channel, sent }) => ({ channel, sent }))).toEqual([
      { channel: 'email', sent: 1 },
      { channel: 'sms', sent: 1 },
      { channel: 'whatsapp', sent: 0 },
    ]);
    // Not kept per locker.
    expect((await dashboardAt(owner.id, { period: 'today', ebox: lockerA })).messages).toEqual([]);
  });

  it("measures each carrier's deposits against its promise: last month's, three days after the inbound", async () => {
    const answer = await dashboardAt(owner.id, { period: 'lastMonth', company: shopA });
    expect(answer.byCarrier).toEqual([
      expect.objectContaining({ name: 'Transportadora Dois', stored: 1, storedInTime: 0, inboundToStoredP95: dwellOf(72 * 3600) }),
    ]);
    // A carrier that promises four days (its company settings) kept that promise.
    ok(
      await owner.api.put(`/company/${carrier2}`, {
        data: { name: 'Transportadora Dois', type: 'carrier', companySettings: { carrierPromiseHours: 96 } },
      }),
    );
    const promised = await dashboardAt(owner.id, { period: 'lastMonth', company: shopA });
    expect(promised.byCarrier).toEqual([expect.objectContaining({ name: 'Transportadora Dois', promiseHours: 96, storedInTime: 1 })]);
    ok(await owner.api.put(`/company/${carrier2}`, { data: { name: 'Transportadora Dois', type: 'carrier', companySettings: {} } }));
  });

  it('counts every company for a user who sees them all', async () => {
    const answer = await dashboardAt(owner.id, { period: 'today' });
    expect(answer.figures.stored).toEqual({ value: 2, previous: 2 });
    expect(answer.figures.collected).toEqual({ value: 2, previous: 1 });
    expect(answer.now.occupancy).toEqual({ enabled: 6, occupied: 2, booked: 1, available: 2, damaged: 1, dirty: 0, rate: 0.5 });
  });

  it('answers the past seven days by day against the seven before (whole days and a partial one)', async () => {
    const answer = await dashboardAt(owner.id, { period: 'past7Days', company: shopA });
    expect(answer.figures.created).toEqual({ value: 4, previous: 1 });
    expect(answer.figures.stored).toEqual({ value: 3, previous: 1 });
    expect(answer.figures.collected).toEqual({ value: 2, previous: 0 });
    expect(answer.series.map((point) => point.at)).toEqual(['12', '13', '14', '15', '16', '17', '18'].map((day) => `2026-11-${day}`));
    expect(answer.series.slice(-2).map(({ stored, collected, expired }) => ({ stored, collected, expired }))).toEqual([
      { stored: 2, collected: 1, expired: 0 },
      { stored: 1, collected: 1, expired: 1 },
    ]);
    // Each day's dwell from its own pickups: yesterday's three and a half hours, today's day.
    const dwellByDay = (series: typeof answer.series) => series.slice(-2).map(({ dwellP50, dwellP95 }) => ({ dwellP50, dwellP95 }));
    const expectedDwell = [
      { dwellP50: dwellOf(3.5 * 3600), dwellP95: dwellOf(3.5 * 3600) },
      { dwellP50: dwellOf(86_400), dwellP95: dwellOf(86_400) },
    ];
    expect(dwellByDay(answer.series)).toEqual(expectedDwell);
    // The week's two pickups by type: the longer is the median of two.
    expect(answer.byType.map(({ type, dwellP50, dwellP95 }) => ({ type, dwellP50, dwellP95 }))).toEqual([
      { type: 'DELIVERY', dwellP50: dwellOf(86_400), dwellP95: dwellOf(86_400) },
    ]);
    // The same days read per locker (its own dwell table).
    expect(dwellByDay((await dashboardAt(owner.id, { period: 'past7Days', company: shopA, ebox: lockerA })).series)).toEqual(expectedDwell);
    expect(answer.lockers.mostUsed).toEqual([
      { id: lockerA, name: 'Armário PNA01', code: 'PNA01', compartments: 4, deposits: 3, pickups: 2, expiries: 1, utilization: 3 / 7 / 4 },
    ]);
  });

  it('answers the occupancy and the parcels waiting now, oldest first', async () => {
    const answer = await dashboardAt(owner.id, { period: 'today', company: shopA });
    expect(answer.now.occupancy).toEqual({ enabled: 4, occupied: 1, booked: 1, available: 1, damaged: 1, dirty: 0, rate: 0.5 });
    expect(answer.now.aged).toEqual([
      { bucket: 'upTo1Day', count: 1 },
      { bucket: 'from1To3Days', count: 0 },
      { bucket: 'from3To7Days', count: 0 },
      { bucket: 'over7Days', count: 1 },
    ]);
    expect(answer.now.oldest.map((parcel) => parcel.id)).toEqual([expiredId, waitingId]);
    expect(answer.now.lockers).toEqual({
      online: 0,
      offline: 1,
      offlineList: [{ id: lockerA, name: 'Armário PNA01', code: 'PNA01', lastHeartBeat: null }],
    });
  });

  it("reads one locker's figures with filterEbox", async () => {
    const answer = await dashboardAt(owner.id, { period: 'today', ebox: lockerB });
    expect(answer.figures.created).toEqual({ value: null, previous: null });
    expect(answer.figures.stored).toEqual({ value: 1, previous: 0 });
    expect(answer.figures.dwellP50.value).toBe(dwellOf(7200));
    expect(answer.now.occupancy.enabled).toBe(2);
  });

  it("reads a cluster's lockers with filterCluster, and only the lockers of a company's group for its users", async () => {
    const cluster = ok(await owner.api.post('/cluster', { data: { name: 'Cluster Painel', company: shopB } })).id;
    ok(
      await owner.api.post('/clusterEbox', {
        data: { cluster, ebox: lockerB, sequenceCompartiments: 'LR-TB', clusterPosition: 1, enable: true },
      }),
    );
    const inCluster = await dashboardAt(owner.id, { period: 'today', cluster });
    expect(inCluster.figures.stored).toEqual({ value: 1, previous: 0 });
    expect(inCluster.now.occupancy.enabled).toBe(2);
    expect(inCluster.now.byCluster.map(({ name, enabled, occupied }) => ({ name, enabled, occupied }))).toEqual([
      { name: 'Cluster Painel', enabled: 2, occupied: 1 },
    ]);
    // A company limited to a group holding locker B only: its users see that locker's compartments, not its own locker A's.
    const group = ok(await owner.api.post('/group', { data: { name: 'Grupo Painel', ebox: [lockerB] } })).id;
    const grouped = ok(await owner.api.post('/company', { data: { name: 'Loja Painel Agrupada', type: 'shipper', group } })).id;
    const member = await t.createUser({ permissions: ['orderRead'], allowedCompanies: [grouped] });
    const seen = ok(await member.api.get('/dashboard?filter[period]=today'));
    expect(seen.now.occupancy.enabled).toBe(2);
    expect(seen.now.lockers.offlineList.map((locker: { id: string }) => locker.id)).toEqual([lockerB]);
    // ...and none of the other companies' parcels.
    expect(seen.figures.stored).toEqual({ value: 0, previous: 0 });
  });

  it("never shows another company's parcels to a user limited to one, not even in a total", async () => {
    const limited = await t.createUser({ roles: ['orderEditor'], allowedCompanies: [shopA] });
    const all = ok(await limited.api.get('/dashboard?filter[period]=today'));
    const own = ok(await owner.api.get(`/dashboard?filter[period]=today&filter[company]=${shopA}`));
    expect(all.figures).toEqual(own.figures);
    expect(all.now.occupancy.enabled).toBe(4);
    const refused = await limited.api.get(`/dashboard?filter[company]=${shopB}`);
    expect(refused.status).toBe(403);
  });

  it('refuses a user without orderRead, a locker filter without filterEbox, and a locker out of scope', async () => {
    const stranger = await t.createUser({ permissions: ['customerRead'] });
    expect((await stranger.api.get('/dashboard')).status).toBe(403);
    const reader = await t.createUser({ permissions: ['orderRead'], allowedCompanies: [shopA] });
    const noFilter = await reader.api.get(`/dashboard?filter[ebox]=${lockerA}`);
    expect(noFilter.status).toBe(403);
    const filterer = await t.createUser({ permissions: ['orderRead', 'filterEbox'], allowedCompanies: [shopA] });
    expect((await filterer.api.get(`/dashboard?filter[ebox]=${lockerB}`)).status).toBe(404);
    ok(await filterer.api.get(`/dashboard?filter[ebox]=${lockerA}`));
    expect((await owner.api.get('/dashboard?filter[period]=someday')).status).toBe(400);
  });

  it('reads whole months from the month rollups and every company together from their own, folded or not, as the day rows sum', async () => {
    // A move now: its rows are not folded yet, so no derived table holds them.
    ok(await owner.api.post('/order', { data: { ...orderDataFor(shopA), ebox: lockerA, bookOrder: false } }));
    const now = new Date();
    const user = await loadCurrentUser(t.database.db, owner.id);
    if (!user) throw new Error('owner not found');
    const ctx = contextOf(t.app.deps, { kind: 'user', user });
    const read = async () => {
      const answers = [];
      for (const period of DASHBOARD_PERIODS)
        for (const company of [undefined, shopA]) {
          const answer = await readDashboard(ctx, { filter: { period, ...(company ? { company } : {}) } }, now);
          const first = networkDayOf(new Date(answer.from));
          const last = networkDayOf(new Date(Date.parse(answer.to) - 1));
          const [expected] = (
            await db.execute<{ created: number; stored: number }>(sql`
              select coalesce(sum(count) filter (where status = 'CREATED'), 0)::int as created,
                     coalesce(sum(count) filter (where status = 'STORED'), 0)::int as stored
                from dashboard_order_day where day between ${first}::date and ${last}::date ${company ? sql`and company_id = ${company}` : sql``}`)
          ).rows;
          expect({ period, company, created: answer.figures.created.value, stored: answer.figures.stored.value }).toEqual({
            period,
            company,
            created: expected?.created,
            stored: expected?.stored,
          });
          answers.push(answer);
        }
      return answers;
    };
    const unfolded = await read();
    // Every company's parcels stored this year: five of A's (one in October), one of B's.
    expect(unfolded.find((answer) => answer.period === 'thisYear')?.figures.stored.value).toBe(6);
    await db.transaction((tx) => foldRollups(tx));
    expect(await read()).toEqual(unfolded);
  });

  it('counts an order created a moment ago at the next request', async () => {
    const before = ok(await owner.api.get(`/dashboard?filter[period]=past7Days&filter[company]=${shopB}`));
    ok(await owner.api.post('/order', { data: { ...orderDataFor(shopB), ebox: lockerB, bookOrder: false } }));
    const after = ok(await owner.api.get(`/dashboard?filter[period]=past7Days&filter[company]=${shopB}`));
    expect(after.figures.created.value).toBe(before.figures.created.value + 1);
  });
});
