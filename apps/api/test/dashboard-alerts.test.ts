import { dashboardAnswerSchema } from '@ebox/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VirtualTerminal } from '../../terminal-sim/src';
import { evaluateAlerts } from '../src/modules/dashboard/alert-service';
import { readDashboard } from '../src/modules/dashboard/dashboard-service';
import { rebuildAllRollups, runFoldRollups, sampleOccupancyAt } from '../src/modules/dashboard/rollup-service';
import { loadCurrentUser } from '../src/platform/auth/current-user';
import { contextOf, inTransaction, systemContext } from '../src/platform/context';
import type { Db } from '../src/platform/db/client';
import { publishEvent } from '../src/platform/events';
import { ok, orderDataFor } from './support/answers';
import { addCompartments } from './support/compartments';
import { eventually } from './support/eventually';
import { startOnlineLocker } from './support/online-locker';
import { startTestApp, type TestApp, type TestUser } from './support/test-app';

/**
 * Issue 28, item 4: the dashboard's alerts. Each raised once when its condition reaches the company's
 * warning threshold (occupancy: after it lasted), changed to critical, resolved by itself when the
 * condition clears, audited on the locker; door failures raised at once from what a live locker
 * reports; only the users who see the locker (or the company's parcels) see its alerts.
 */

let t: TestApp;
let owner: TestUser;
let db: Db;
let shop: string;
let otherShop: string;

const MINUTE = 60_000;
const ctxOf = () => systemContext(t.app.deps, 'dashboardAlerts');

type AlertRow = { kind: string; level: string | null; value: number; opened_at: string | null; resolved_at: string | null };

async function alertsOf(eboxId: string): Promise<AlertRow[]> {
  const result = await db.execute<AlertRow>(
    sql`select kind, level, value, opened_at, resolved_at from dashboard_alert where ebox_id = ${eboxId} order by updated_at, kind`,
  );
  return result.rows;
}

async function auditActionsOf(eboxId: string): Promise<string[]> {
  const result = await db.execute<{ action: string }>(
    sql`select action from audit_log where entity_id = ${eboxId} and action like 'alert%' order by timestamp, id`,
  );
  return result.rows.map((row) => row.action);
}

async function lockerWith(company: string, code: string, compartments: number) {
  const id = ok(await owner.api.post('/ebox', { data: { name: `Armário ${code}`, code, company, enable: true } })).id as string;
  await addCompartments(owner, id, compartments);
  return id;
}

async function dashboardOf(user: TestUser, filter: Record<string, string> = {}) {
  return dashboardAnswerSchema.parse(ok(await user.api.get('/dashboard', { filter })));
}

beforeAll(async () => {
  t = await startTestApp({ mqtt: true, env: { MQTT_PORT: '0', MQTT_HOST: '127.0.0.1', TERMINAL_HEARTBEAT_SECONDS: '1.5' } });
  db = t.app.deps.db as Db;
  owner = await t.createUser({ roles: ['owner'] });
  const company = async (name: string, companySettings: Record<string, number>) =>
    ok(await owner.api.post('/company', { data: { name, type: 'shipper', companySettings } })).id as string;
  shop = await company('Loja Alertas', { alertOccupancyPercent: 75, alertOccupancyMinutes: 30 });
  otherShop = await company('Loja Sem Alertas', {});
});

afterAll(async () => {
  await t?.close();
});

describe('alerts raised once, changed and resolved by themselves', () => {
  it('a locker silent past 10 minutes is a warning, past 60 critical, and resolves when it is heard again', async () => {
    const locker = await lockerWith(shop, 'ALOFF1', 2);
    const heartbeat = new Date(Date.now() - 5 * MINUTE);
    await db.execute(sql`update ebox set status = 'offline', terminal_id = ${`term-${locker}`}, last_heart_beat = ${heartbeat.toISOString()}::timestamptz
                          where id = ${locker}`);
    const at = (minutes: number) => new Date(heartbeat.getTime() + minutes * MINUTE);

    expect(await evaluateAlerts(ctxOf(), [locker], at(5))).toEqual([]);
    // Not an alert yet, but due at its tenth minute: a job waits for then.
    const due = await db.execute<{ start_after: string }>(
      sql`select start_after from pgboss.job where name = 'dashboard.evaluate-alerts' and singleton_key like ${`${locker}@%`}`,
    );
    expect(due.rows.map((row) => new Date(row.start_after).getTime())).toContain(Math.ceil(at(10).getTime() / MINUTE) * MINUTE);

    expect(await evaluateAlerts(ctxOf(), [locker], at(11))).toEqual([
      { action: 'alertRaised', kind: 'lockerOffline', subject: locker, level: 'warning' },
    ]);
    // Seen again, and by two evaluations at once: still one alert.
    await Promise.all([evaluateAlerts(ctxOf(), [locker], at(12)), evaluateAlerts(ctxOf(), null, at(12))]);
    expect(await alertsOf(locker)).toMatchObject([{ kind: 'lockerOffline', level: 'warning', value: 11, resolved_at: null }]);

    expect(await evaluateAlerts(ctxOf(), [locker], at(61))).toEqual([
      { action: 'alertLevelChanged', kind: 'lockerOffline', subject: locker, level: 'critical' },
    ]);
    const open = await dashboardOf(owner);
    expect(open.alerts.open.find((alert) => alert.ebox?.id === locker)).toMatchObject({
      kind: 'lockerOffline',
      level: 'critical',
      value: 61,
      ebox: { code: 'ALOFF1' },
      company: { id: shop, name: 'Loja Alertas' },
      since: heartbeat.toISOString(),
    });

    await db.execute(sql`update ebox set status = 'online', last_heart_beat = ${at(62).toISOString()}::timestamptz where id = ${locker}`);
    expect(await evaluateAlerts(ctxOf(), [locker], at(62))).toEqual([
      { action: 'alertResolved', kind: 'lockerOffline', subject: locker, level: 'critical' },
    ]);
    expect((await alertsOf(locker)).every((row) => row.resolved_at !== null)).toBe(true);
    expect((await dashboardOf(owner)).alerts.open.some((alert) => alert.ebox?.id === locker)).toBe(false);
    expect(await auditActionsOf(locker)).toEqual(['alertRaised', 'alertLevelChanged', 'alertResolved']);
  });

  it('occupancy at the company threshold (75 %) is an alert only after it lasted 30 minutes; full is critical; freeing resolves it', async () => {
    const locker = await lockerWith(shop, 'ALFUL1', 4);
    const start = new Date();
    const at = (minutes: number) => new Date(start.getTime() + minutes * MINUTE);
    const setOccupied = (count: number) =>
      db.execute(
        sql`update compartiment set status = case when number <= ${count} then 'OCCUPIED' else 'AVAILABLE' end where ebox_id = ${locker}`,
      );

    await setOccupied(3);
    expect(await evaluateAlerts(ctxOf(), [locker], at(0))).toEqual([]);
    expect(await evaluateAlerts(ctxOf(), [locker], at(29))).toEqual([]);
    expect((await dashboardOf(owner)).alerts.open.some((alert) => alert.ebox?.id === locker)).toBe(false);
    expect(await evaluateAlerts(ctxOf(), [locker], at(31))).toEqual([
      { action: 'alertRaised', kind: 'lockerFull', subject: locker, level: 'warning' },
    ]);
    await setOccupied(4);
    expect(await evaluateAlerts(ctxOf(), [locker], at(32))).toEqual([
      { action: 'alertLevelChanged', kind: 'lockerFull', subject: locker, level: 'critical' },
    ]);
    await setOccupied(2);
    expect(await evaluateAlerts(ctxOf(), [locker], at(33))).toEqual([
      { action: 'alertResolved', kind: 'lockerFull', subject: locker, level: 'critical' },
    ]);
    // Above the threshold again for a moment only: it never becomes an alert.
    await setOccupied(3);
    expect(await evaluateAlerts(ctxOf(), [locker], at(40))).toEqual([]);
    await setOccupied(1);
    expect(await evaluateAlerts(ctxOf(), [locker], at(80))).toEqual([]);
    expect((await alertsOf(locker)).filter((row) => row.resolved_at === null)).toEqual([]);
  });

  it("a cluster's lockers together: its own alert, seen by the cluster's company, resolved with the lockers", async () => {
    const first = await lockerWith(otherShop, 'ALCLU1', 2);
    const second = await lockerWith(otherShop, 'ALCLU2', 2);
    const cluster = ok(await owner.api.post('/cluster', { data: { name: 'Cluster Cheio', company: otherShop, enable: true } }))
      .id as string;
    for (const [index, ebox] of [first, second].entries()) {
      ok(
        await owner.api.post('/clusterEbox', {
          data: { cluster, ebox, sequenceCompartiments: 'LR-TB', clusterPosition: index + 1, enable: true },
        }),
      );
    }
    await db.execute(sql`update compartiment set status = 'OCCUPIED' where ebox_id in (${first}, ${second})`);
    const start = new Date();
    const at = (minutes: number) => new Date(start.getTime() + minutes * MINUTE);
    expect(await evaluateAlerts(ctxOf(), [first], at(0))).toEqual([]);
    const raised = await evaluateAlerts(ctxOf(), [first, second], at(31));
    expect(raised.filter((change) => change.kind === 'clusterFull')).toEqual([
      { action: 'alertRaised', kind: 'clusterFull', subject: cluster, level: 'critical' },
    ]);
    const member = await t.createUser({ roles: ['owner'], allowedCompanies: [otherShop] });
    expect((await dashboardOf(member)).alerts.open.find((alert) => alert.kind === 'clusterFull')).toMatchObject({
      ebox: null,
      cluster: { id: cluster, name: 'Cluster Cheio' },
      value: 100,
      company: { id: otherShop },
    });
    const outsider = await t.createUser({ roles: ['owner'], allowedCompanies: [shop] });
    expect((await dashboardOf(outsider)).alerts.open.some((alert) => alert.kind === 'clusterFull')).toBe(false);
    // Half of the second locker freed: the cluster at 75 %, under the default 90 %.
    await db.execute(sql`update compartiment set status = 'AVAILABLE' where ebox_id = ${second} and number = 2`);
    const freed = await evaluateAlerts(ctxOf(), [second], at(32));
    expect(freed.filter((change) => change.kind === 'clusterFull')).toEqual([
      { action: 'alertResolved', kind: 'clusterFull', subject: cluster, level: 'critical' },
    ]);
    expect(await auditActionsOf(cluster)).toEqual(['alertRaised', 'alertResolved']);
  });

  it("a company's parcels past their overdue date: an alert its users see, other companies' users do not; resolved once taken", async () => {
    const locker = await lockerWith(shop, 'ALDUE1', 2);
    const order = ok(await owner.api.post('/order', { data: { ...orderDataFor(shop), ebox: locker, bookOrder: false } }));
    await db.execute(sql`update "order" set status = 'STORED', stored_at = now() - interval '3 days', overdue_date = now() - interval '1 hour'
                          where id = ${order.id}`);
    expect(await evaluateAlerts(ctxOf(), [locker])).toEqual([
      { action: 'alertRaised', kind: 'parcelsOverdue', subject: `${locker}:${shop}`, level: 'warning' },
    ]);
    const ownUser = await t.createUser({ roles: ['owner'], allowedCompanies: [shop] });
    const stranger = await t.createUser({ roles: ['owner'], allowedCompanies: [otherShop] });
    expect((await dashboardOf(ownUser)).alerts.open).toMatchObject([{ kind: 'parcelsOverdue', value: 1, ebox: { id: locker } }]);
    const foreign = await dashboardOf(stranger);
    expect(foreign.alerts.open.filter((alert) => alert.kind === 'parcelsOverdue')).toEqual([]);

    await db.execute(sql`update "order" set status = 'CUSTOMER_TAKEN', collected_at = now() where id = ${order.id}`);
    expect(await evaluateAlerts(ctxOf(), [locker])).toEqual([
      { action: 'alertResolved', kind: 'parcelsOverdue', subject: `${locker}:${shop}`, level: 'warning' },
    ]);
  });

  it("an order's move at a locker has its alerts evaluated by the minute's fold: a parcel past its date taken, its alert resolved", async () => {
    const locker = await lockerWith(shop, 'ALDUE2', 2);
    const order = ok(await owner.api.post('/order', { data: { ...orderDataFor(shop), ebox: locker, bookOrder: false } }));
    await db.execute(sql`update "order" set status = 'STORED', stored_at = now() - interval '3 days', overdue_date = now() - interval '1 hour'
                          where id = ${order.id}`);
    expect(await evaluateAlerts(ctxOf(), [locker])).toHaveLength(1);
    // The pickup as the order's transaction records it: its rollup statement asks for its locker's evaluation.
    await inTransaction(systemContext(t.app.deps, 'dashboardRollups'), async (tx) => {
      await tx.tx.execute(sql`update "order" set status = 'CUSTOMER_TAKEN', collected_at = now() where id = ${order.id}`);
      await publishEvent(tx, 'order.statusChanged', {
        orderId: order.id,
        trackingCode: order.trackingCode,
        referenceNumber: null,
        companyId: shop,
        carrierId: null,
        eboxId: locker,
        compartimentId: null,
        type: 'DELIVERY',
        from: 'STORED',
        to: 'CUSTOMER_TAKEN',
        trigger: 'customerTookParcel',
        at: new Date().toISOString(),
      });
    });
    // This fold, or the scheduled one if it came first, claims the request; the job evaluates the locker.
    await runFoldRollups(systemContext(t.app.deps, 'dashboardRollups'));
    const resolved = await eventually(
      () => alertsOf(locker),
      (alerts) => alerts.some((alert) => alert.kind === 'parcelsOverdue' && alert.resolved_at !== null),
    );
    expect(resolved.filter((alert) => alert.resolved_at === null)).toEqual([]);
    const left = await db.execute<{ n: number }>(sql`select count(*)::int as n from dashboard_alert_request where ebox_id = ${locker}`);
    expect(left.rows[0]?.n).toBe(0);
  });
});

describe('door failures at a live locker', () => {
  let terminal: VirtualTerminal | undefined;
  afterAll(async () => {
    await terminal?.stop();
  });

  it('two jammed openings and a door forced open raise the alert at once; the dashboard lists the door by kind', async () => {
    const started = await startOnlineLocker(t, owner, {
      company: shop,
      name: 'Armário Portas',
      code: 'ALDOOR1',
      compartments: 3,
      failureRate: 1,
    });
    terminal = started.terminal;
    const compartments = ok(await owner.api.get('/compartiment', { filter: { ebox: started.lockerId }, limit: 10 })).rows as {
      id: string;
      number: number;
    }[];
    const door2 = compartments.find((compartment) => compartment.number === 2);
    if (!door2) throw new Error('no door 2');
    for (let i = 0; i < 2; i++) {
      const refused = await owner.api.get(`/compartiment/open/${door2.id}`);
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ outcome: 'jammed' });
    }
    expect((await dashboardOf(owner)).alerts.open.some((alert) => alert.ebox?.id === started.lockerId)).toBe(false);
    await terminal.forceDoor(2);
    const answer = await eventually(
      () => dashboardOf(owner, { ebox: started.lockerId }),
      (read) => read.alerts.open.length > 0,
    );
    expect(answer.alerts.open).toMatchObject([
      { kind: 'doorFailures', level: 'warning', value: 3, compartiment: { id: door2.id, number: 2 }, ebox: { id: started.lockerId } },
    ]);
    expect(answer.doors.failures.value).toBe(3);
    expect(answer.doors.failing).toMatchObject([
      { compartiment: { number: 2 }, failures: 3, byKind: { jammed: 2, failed: 0, unanswered: 0, openedWithoutCommand: 1 } },
    ]);
    // The command's own audit row is there beside the alert's.
    expect(await auditActionsOf(started.lockerId)).toEqual(['alertRaised']);

    // The locker drops off the network and comes back: one outage in today's availability.
    await terminal.goOffline();
    await eventually(
      async () => ok(await owner.api.get(`/ebox/${started.lockerId}`)).status,
      (status) => status === 'offline',
    );
    await terminal.goOnline();
    const back = await eventually(
      () => dashboardOf(owner, { ebox: started.lockerId, period: 'today' }),
      (read) => read.availability.lockers[0]?.outages === 1,
    );
    expect(back.availability.lockers).toMatchObject([{ id: started.lockerId, outages: 1 }]);
    await eventually(
      async () => ok(await owner.api.get(`/ebox/${started.lockerId}`)).status,
      (status) => status === 'online',
    );
    const closed = await db.execute<{ to_at: string | null }>(sql`select to_at from locker_offline where ebox_id = ${started.lockerId}`);
    expect(closed.rows.map((row) => row.to_at !== null)).toEqual([true]);
  });
});

describe("the lockers' availability", () => {
  it('offline minutes and the share of time online come from the intervals the status changes keep, cut at the period', async () => {
    const locker = await lockerWith(shop, 'ALAVL1', 1);
    // A second locker of the cluster never went offline: it counts no minute (and shares the time).
    const steady = await lockerWith(shop, 'ALAVL2', 1);
    const cluster = ok(await owner.api.post('/cluster', { data: { name: 'Cluster Disponível', company: shop } })).id as string;
    for (const [index, ebox] of [locker, steady].entries()) {
      ok(
        await owner.api.post('/clusterEbox', {
          data: { cluster, ebox, sequenceCompartiments: 'LR-TB', clusterPosition: index + 1, enable: true },
        }),
      );
    }
    // São Paulo, Wednesday 18 November 2026 at 12:00: offline yesterday 10:00 to 12:00 and since 11:00 today.
    const now = new Date('2026-11-18T15:00:00Z');
    await db.execute(sql`insert into locker_offline (ebox_id, company_id, from_at, to_at) values
      (${locker}, ${shop}, '2026-11-17T13:00:00Z', '2026-11-17T15:00:00Z'),
      (${locker}, ${shop}, '2026-11-18T14:00:00Z', null)`);
    const user = await loadCurrentUser(t.database.db, owner.id);
    if (!user) throw new Error('no owner');
    const ctx = contextOf(t.app.deps, { kind: 'user', user });
    const read = await readDashboard(ctx, { filter: { period: 'today', ebox: locker } }, now);
    expect(read.availability.offlineMinutes).toEqual({ value: 60, previous: 120 });
    // Twelve hours so far today, one of them offline; yesterday until noon, two of twelve.
    expect(read.availability.rate.value).toBeCloseTo(11 / 12, 6);
    expect(read.availability.rate.previous).toBeCloseTo(10 / 12, 6);
    expect(read.availability.lockers).toEqual([{ id: locker, name: 'Armário ALAVL1', code: 'ALAVL1', offlineMinutes: 60, outages: 1 }]);
    // The two lockers together: the same minutes over twice the time.
    const both = await readDashboard(ctx, { filter: { period: 'today', cluster } }, now);
    expect(both.availability.offlineMinutes).toEqual({ value: 60, previous: 120 });
    expect(both.availability.rate.value).toBeCloseTo(23 / 24, 6);
    expect(both.availability.lockers.map((row) => row.id)).toEqual([locker]);
  });
});

describe('the weekday × hour grid', () => {
  it("pickups by the network clock's weekday and hour, and the free compartments sampled each hour, averaged", async () => {
    const locker = await lockerWith(shop, 'ALGRD1', 2);
    const sample = async (occupied: number, at: string) => {
      await db.execute(
        sql`update compartiment set status = case when number <= ${occupied} then 'OCCUPIED' else 'AVAILABLE' end where ebox_id = ${locker}`,
      );
      await sampleOccupancyAt(ctxOf(), new Date(at));
      // A second run in the same hour adds nothing.
      await sampleOccupancyAt(ctxOf(), new Date(at));
    };
    // Wednesdays at 10:00 in São Paulo: one compartment free, then two a week before.
    await sample(1, '2026-11-18T13:30:00Z');
    await sample(0, '2026-11-11T13:10:00Z');
    // A parcel picked up on Tuesday 17 November at 18:30 in São Paulo.
    const order = ok(await owner.api.post('/order', { data: { ...orderDataFor(shop), ebox: locker, bookOrder: false } }));
    await db.execute(sql`delete from order_history where order_id = ${order.id}`);
    let from: string | null = null;
    for (const [status, at] of [
      ['CREATED', '2026-11-17T10:00:00Z'],
      ['STORED', '2026-11-17T11:00:00Z'],
      ['CUSTOMER_TAKEN', '2026-11-17T21:30:00Z'],
    ] as const) {
      await db.execute(sql`insert into order_history (order_id, company_id, from_status, to_status, trigger, actor_kind, actor_label, at)
                            values (${order.id}, ${shop}, ${from}, ${status}, 'test.seed', 'system', 'test', ${at}::timestamptz)`);
      from = status;
    }
    await db.execute(sql`update "order" set status = 'CUSTOMER_TAKEN', stored_at = '2026-11-17T11:00:00Z', collected_at = '2026-11-17T21:30:00Z'
                          where id = ${order.id}`);
    await rebuildAllRollups(t.app.deps);

    const user = await loadCurrentUser(t.database.db, owner.id);
    if (!user) throw new Error('no owner');
    const now = new Date('2026-11-18T15:00:00Z');
    const { weekGrid } = await readDashboard(
      contextOf(t.app.deps, { kind: 'user', user }),
      { filter: { period: 'past30Days', ebox: locker } },
      now,
    );
    // The last four weeks of the period.
    expect(weekGrid).toMatchObject({ from: '2026-10-21T15:00:00.000Z', to: now.toISOString() });
    expect(weekGrid.pickups[2]?.[18]).toBe(1);
    expect(weekGrid.pickups.flat().reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(weekGrid.free[3]?.[10]).toBe(1.5);
    expect(weekGrid.free.flat().filter((free) => free !== null)).toEqual([1.5]);
    // Who sees every locker reads the hours' totals (one row an hour), the same as the lockers' rows summed.
    const totals = await db.execute<{ free: number }>(sql`
      select avg(free)::float8 as free from (select at, sum(enabled - used) as free from dashboard_occupancy_hour
        where at in ('2026-11-18T13:00:00Z', '2026-11-11T13:00:00Z') group by at) h`);
    const network = await readDashboard(contextOf(t.app.deps, { kind: 'user', user }), { filter: { period: 'past30Days' } }, now);
    expect(network.weekGrid.free[3]?.[10]).toBe(Math.round(Number(totals.rows[0]?.free) * 10) / 10);
    const hours = await db.execute(
      sql`select count(*)::int as n from dashboard_occupancy_hour_all where at in ('2026-11-18T13:00:00Z', '2026-11-11T13:00:00Z')`,
    );
    expect(hours.rows[0]).toEqual({ n: 2 });
  });
});

describe('full lockers', () => {
  it('a booking that finds no free compartment of its size is refused and still counted, by locker and size', async () => {
    const locker = await lockerWith(shop, 'ALFULL2', 1);
    const booking = (reference: string) =>
      owner.api.post('/order', { data: { ...orderDataFor(shop, {}, reference), ebox: locker, compartimentSize: 'P', bookOrder: true } });
    ok(await booking('FULL-1'));
    const refused = await booking('FULL-2');
    expect(refused.status).toBe(409);
    const read = await dashboardOf(owner, { ebox: locker, period: 'today' });
    expect(read.fullLockers).toEqual({
      refusals: { value: 1, previous: 0 },
      lockers: [{ id: locker, name: 'Armário ALFULL2', code: 'ALFULL2', refusals: 1, bySize: [{ size: 'P', count: 1 }] }],
    });
    // The refused order itself was not written.
    const orders = ok(await owner.api.get('/order', { filter: { ebox: locker } }));
    expect(orders.count).toBe(1);
  });
});
