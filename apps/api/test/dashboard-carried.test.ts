import { DASHBOARD_PERIODS, type DashboardAnswer, networkDayOf, percentileOfHistogram } from '@ebox/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDashboard } from '../src/modules/dashboard/dashboard-service';
import { findDerivedDrift, findRollupDrift } from '../src/modules/dashboard/rollup-repository';
import { rebuildAllRollups } from '../src/modules/dashboard/rollup-service';
import { loadCurrentUser } from '../src/platform/auth/current-user';
import { contextOf } from '../src/platform/context';
import type { Db } from '../src/platform/db/client';
import { ok, orderDataFor } from './support/answers';
import { addCompartments } from './support/compartments';
import { startTestApp, type TestApp, type TestUser } from './support/test-app';

/**
 * Issue 28, item 1: a `distributionLogistic` company's dashboard counts what it operates, the orders
 * it carries, beside its own, each once (docs/dashboard.md "Who sees what"). A seeded network read
 * at a fixed moment (Wednesday 18 November 2026, 12:00 in São Paulo) whose answers are known by
 * hand: a distributor carrying the parcels of two shippers and one of its own, a plain carrier, a
 * third shipper it does not carry for; a shipper's user never sees the distributor's other
 * customers; a user limited to a shipper and the distributor counts their shared order once; the
 * lockers counted stay the ones the company sees; the rollups answer as the raw rows do; denials.
 */

let t: TestApp;
let owner: TestUser;
let db: Db;
let distributor: string;
let plainCarrier: string;
let shipperOne: string;
let shipperTwo: string;
let shipperOut: string;
let lockerD: string;
let lockerS: string;
let waitingCarried: string;
let waitingOwn: string;

const NOW = new Date('2026-11-18T15:00:00Z');
/** A São Paulo wall time (UTC-3 in November 2026) as an ISO instant. */
const local = (day: string, time: string, month = '11') => new Date(`2026-${month}-${day}T${time}:00-03:00`).toISOString();

type Step = { status: string; at: string };

/** An order of the API, then moved through `steps` at chosen times (its history and stamps written as the lifecycle would). */
async function seedOrder(company: string, ebox: string, carrier: string, steps: Step[]) {
  const order = ok(await owner.api.post('/order', { data: { ...orderDataFor(company, { carrier }, 'DC'), ebox, bookOrder: false } }));
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
      inbound_at = ${at(['INBOUND'])}::timestamptz, stored_at = ${at(['STORED'])}::timestamptz, collected_at = ${at(['CUSTOMER_TAKEN'])}::timestamptz
     where id = ${order.id}`);
  return order.id as string;
}

async function lockerOf(company: string, code: string, compartments: number) {
  const id = ok(await owner.api.post('/ebox', { data: { name: `Armário ${code}`, code, company, enable: true } })).id as string;
  await addCompartments(owner, id, compartments);
  return id;
}

async function dashboardAt(userId: string, filter: Record<string, string>): Promise<DashboardAnswer> {
  const user = await loadCurrentUser(t.database.db, userId);
  if (!user) throw new Error('user not found');
  return readDashboard(contextOf(t.app.deps, { kind: 'user', user }), { filter }, NOW);
}

const counts = (answer: DashboardAnswer) => ({
  created: answer.figures.created,
  stored: answer.figures.stored,
  collected: answer.figures.collected,
});
const carriersOf = (answer: DashboardAnswer) =>
  answer.byCarrier.map(({ name, stored, collected, expired }) => ({ name, stored, collected, expired }));
const dwellOf = (seconds: number) =>
  Math.round(percentileOfHistogram(new Map([[Math.floor(Math.log(seconds / 60) / Math.log(1.1)), 1]]), 50) ?? 0);

beforeAll(async () => {
  t = await startTestApp();
  db = t.app.deps.db as Db;
  owner = await t.createUser({ roles: ['owner'] });
  const company = async (data: Record<string, unknown>) => ok(await owner.api.post('/company', { data })).id as string;
  distributor = await company({ name: 'Distribuidora Painel', type: 'carrier', distributionLogistic: true });
  plainCarrier = await company({ name: 'Transportes Painel', type: 'carrier' });
  shipperOne = await company({ name: 'Loja Carregada Um', type: 'shipper' });
  shipperTwo = await company({ name: 'Loja Carregada Dois', type: 'shipper' });
  shipperOut = await company({ name: 'Loja de Fora', type: 'shipper' });
  lockerD = await lockerOf(distributor, 'DCD01', 4);
  lockerS = await lockerOf(shipperOne, 'DCS01', 2);
  // Shipper one's parcel the distributor carries: stored yesterday morning, picked up this morning.
  await seedOrder(shipperOne, lockerD, distributor, [
    { status: 'CREATED', at: local('17', '08:00') },
    { status: 'STORED', at: local('17', '09:00') },
    { status: 'CUSTOMER_TAKEN', at: local('18', '09:00') },
  ]);
  // Shipper two's parcel it carries, waiting this morning in shipper one's locker (one it does not see).
  waitingCarried = await seedOrder(shipperTwo, lockerS, distributor, [
    { status: 'CREATED', at: local('18', '08:00') },
    { status: 'STORED', at: local('18', '09:00') },
  ]);
  // The distributor's own parcel it carries itself: in and out this morning (counted once).
  await seedOrder(distributor, lockerD, distributor, [
    { status: 'CREATED', at: local('18', '07:00') },
    { status: 'STORED', at: local('18', '08:00') },
    { status: 'CUSTOMER_TAKEN', at: local('18', '10:00') },
  ]);
  // The distributor's own parcel a plain carrier brought, waiting in its locker.
  waitingOwn = await seedOrder(distributor, lockerD, plainCarrier, [
    { status: 'CREATED', at: local('18', '07:30') },
    { status: 'STORED', at: local('18', '08:30') },
  ]);
  // Parcels it neither owns nor carries: shipper one's by the plain carrier, and a stranger's in the distributor's own locker.
  await seedOrder(shipperOne, lockerS, plainCarrier, [
    { status: 'CREATED', at: local('18', '08:00') },
    { status: 'STORED', at: local('18', '08:00') },
  ]);
  await seedOrder(shipperOut, lockerD, plainCarrier, [
    { status: 'CREATED', at: local('18', '08:00') },
    { status: 'STORED', at: local('18', '08:15') },
  ]);
  // Last month the distributor took shipper one's parcel at its hub a day before storing it, picked up 4 hours later.
  await seedOrder(shipperOne, lockerD, distributor, [
    { status: 'CREATED', at: local('05', '06:00', '10') },
    { status: 'INBOUND', at: local('05', '07:00', '10') },
    { status: 'STORED', at: local('06', '07:00', '10') },
    { status: 'CUSTOMER_TAKEN', at: local('06', '11:00', '10') },
  ]);
  // And its own parcel it carried itself, in and out the next day (counted once, its dwell too).
  await seedOrder(distributor, lockerD, distributor, [
    { status: 'CREATED', at: local('07', '06:00', '10') },
    { status: 'STORED', at: local('07', '07:00', '10') },
    { status: 'CUSTOMER_TAKEN', at: local('07', '11:00', '10') },
  ]);
  // A message to shipper two's customer: shipper two's, not the distributor's.
  await db.execute(sql`
    insert into order_message (company_id, order_id, trigger, channel, language, status, sent_at, updated_at)
    values (${shipperTwo}, ${waitingCarried}, 'STORED', 'sms', 'pt-BR', 'sent', ${local('18', '09:01')}::timestamptz, ${local('18', '09:01')}::timestamptz)`);
  await rebuildAllRollups(t.app.deps);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('GET /dashboard for a distributionLogistic company: what it carries and what it owns, each once', () => {
  it('counts the parcels it carries for two shippers beside its own, by carrier, today against yesterday until the same hour', async () => {
    const answer = await dashboardAt(owner.id, { period: 'today', company: distributor });
    // Created today: shipper two's carried parcel and its own two; yesterday morning: shipper one's carried one.
    expect(counts(answer)).toEqual({
      created: { value: 3, previous: 1 },
      stored: { value: 3, previous: 1 },
      collected: { value: 2, previous: 0 },
    });
    expect(carriersOf(answer)).toEqual([
      { name: 'Distribuidora Painel', stored: 2, collected: 2, expired: 0 },
      { name: 'Transportes Painel', stored: 1, collected: 0, expired: 0 },
    ]);
    // Its messages are its own customers': the shipper's message stays the shipper's.
    expect(answer.messages).toEqual([]);
    const shipper = await dashboardAt(owner.id, { period: 'today', company: shipperTwo });
    expect(shipper.messages.map(({ channel, sent }) => ({ channel, sent }))).toEqual([{ channel: 'sms', sent: 1 }]);
  });

  it('answers its own users as the company filter does, and counts only the lockers it sees', async () => {
    const member = await t.createUser({ permissions: ['orderRead', 'filterEbox'], allowedCompanies: [distributor] });
    const own = await dashboardAt(member.id, { period: 'today' });
    const filtered = await dashboardAt(owner.id, { period: 'today', company: distributor });
    expect(own.figures).toEqual(filtered.figures);
    expect(own.byCarrier).toEqual(filtered.byCarrier);
    // Its locker only: its compartments, and the parcels waiting in it that it owns or carries (not the stranger's).
    expect(own.now.occupancy.enabled).toBe(4);
    expect(own.now.oldest.map((parcel) => parcel.id)).toEqual([waitingOwn]);
    expect(own.lockers.mostUsed.map(({ id, deposits, pickups }) => ({ id, deposits, pickups }))).toEqual([
      { id: lockerD, deposits: 2, pickups: 2 },
    ]);
    // Its locker's figures: its own two deposits today (not the stranger's), yesterday's carried one, both pickups.
    const atLocker = await dashboardAt(member.id, { period: 'today', ebox: lockerD });
    expect(atLocker.figures.stored).toEqual({ value: 2, previous: 1 });
    expect(atLocker.figures.collected).toEqual({ value: 2, previous: 0 });
    expect(atLocker.figures.dwellP50.value).toBe(dwellOf(86_400));
    // Shipper one's locker is not one it sees.
    expect((await member.api.get(`/dashboard?filter[ebox]=${lockerS}`)).status).toBe(404);
  });

  it("reads whole months from the carrier's month rollups: last month's carried parcel, its own carried once, and the service", async () => {
    const answer = await dashboardAt(owner.id, { period: 'lastMonth', company: distributor });
    expect(counts(answer)).toEqual({
      created: { value: 2, previous: 0 },
      stored: { value: 2, previous: 0 },
      collected: { value: 2, previous: 0 },
    });
    expect(answer.figures.dwellP50.value).toBe(dwellOf(4 * 3600));
    // Both pickups' stays, the one it carried for itself once.
    expect(answer.dwellHistogram.reduce((sum, bucket) => sum + bucket.count, 0)).toBe(2);
    expect(answer.byCarrier).toEqual([
      // Its own parcel was never taken in at a hub: stored, but no time from inbound.
      expect.objectContaining({ name: 'Distribuidora Painel', stored: 2, storedInTime: 1, inboundToStoredP95: dwellOf(24 * 3600) }),
    ]);
  });

  it("never shows a shipper's user the distributor's other customers or its own parcels", async () => {
    const shipperUser = await t.createUser({ permissions: ['orderRead'], allowedCompanies: [shipperOne] });
    const answer = await dashboardAt(shipperUser.id, { period: 'today' });
    // Its parcel the plain carrier stored this morning, and the one the distributor brought yesterday, picked up today.
    expect(counts(answer)).toEqual({
      created: { value: 1, previous: 1 },
      stored: { value: 1, previous: 1 },
      collected: { value: 1, previous: 0 },
    });
    expect(carriersOf(answer)).toEqual([
      { name: 'Transportes Painel', stored: 1, collected: 0, expired: 0 },
      { name: 'Distribuidora Painel', stored: 0, collected: 1, expired: 0 },
    ]);
    expect(answer.now.oldest.map((parcel) => parcel.id)).not.toContain(waitingCarried);
    // Neither the distributor's figures nor a company outside its scope.
    expect((await shipperUser.api.get(`/dashboard?filter[company]=${distributor}`)).status).toBe(403);
    expect((await shipperUser.api.get(`/dashboard?filter[company]=${shipperTwo}`)).status).toBe(403);
  });

  it("refuses the distributor's user a shipper it carries for as a filter, and a reader without orderRead", async () => {
    const member = await t.createUser({ permissions: ['orderRead'], allowedCompanies: [distributor] });
    expect((await member.api.get(`/dashboard?filter[company]=${shipperOne}`)).status).toBe(403);
    expect((await member.api.get(`/dashboard?filter[ebox]=${lockerD}`)).status).toBe(403);
    const stranger = await t.createUser({ permissions: ['customerRead'], allowedCompanies: [distributor] });
    expect((await stranger.api.get('/dashboard')).status).toBe(403);
    // A carrier without the flag counts its own company's orders only, not the ones it carries.
    const plain = await t.createUser({ permissions: ['orderRead'], allowedCompanies: [plainCarrier] });
    const answer = ok(await plain.api.get('/dashboard?filter[period]=today')) as DashboardAnswer;
    expect(answer.figures.stored).toEqual({ value: 0, previous: 0 });
  });

  it('counts once an order a user sees both as its company and as carried', async () => {
    const both = await t.createUser({ permissions: ['orderRead'], allowedCompanies: [shipperOne, distributor] });
    const answer = await dashboardAt(both.id, { period: 'today' });
    // Today: shipper two's carried, the distributor's two, shipper one's by the plain carrier; shipper
    // one's carried parcel picked up today is its own and carried, and counts once.
    expect(counts(answer)).toEqual({
      created: { value: 4, previous: 1 },
      stored: { value: 4, previous: 1 },
      collected: { value: 2, previous: 0 },
    });
    // The stranger's parcel is in no total.
    const everyone = await dashboardAt(owner.id, { period: 'today' });
    expect(everyone.figures.stored.value).toBe(5);
  });

  it('answers every period as the raw rows do, and the rollups keep no drift with the carrier', async () => {
    for (const period of DASHBOARD_PERIODS) {
      const answer = await dashboardAt(owner.id, { period, company: distributor });
      const [raw] = (
        await db.execute<{ created: number; stored: number; collected: number }>(sql`
          select (count(*) filter (where h.to_status = 'CREATED'))::int as created,
                 (count(*) filter (where h.to_status = 'STORED'))::int as stored,
                 (count(*) filter (where h.to_status = 'CUSTOMER_TAKEN'))::int as collected
            from order_history h join "order" o on o.id = h.order_id
           where h.at >= ${answer.from}::timestamptz and h.at < ${answer.to}::timestamptz
             and (h.company_id = ${distributor} or o.carrier_id = ${distributor})`)
      ).rows;
      expect({ period, ...raw }).toEqual({
        period,
        created: answer.figures.created.value,
        stored: answer.figures.stored.value,
        collected: answer.figures.collected.value,
      });
    }
    const timeZone = t.app.deps.config.networkTimeZone;
    expect(await db.transaction((tx) => findRollupDrift(tx, networkDayOf(NOW, timeZone), timeZone))).toEqual([]);
    expect(await db.transaction((tx) => findDerivedDrift(tx))).toEqual([]);
    // The carrier is kept per locker: shipper one's two carried deposits, shipper two's and its own two.
    const [lockerRows] = (
      await db.execute<{ carried: number }>(
        sql`select coalesce(sum(deposits), 0)::int as carried from dashboard_locker_day where carrier_id = ${distributor}`,
      )
    ).rows;
    expect(lockerRows?.carried).toBe(5);
  });
});
