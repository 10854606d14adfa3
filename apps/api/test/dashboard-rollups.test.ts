import { dwellBucketOf, percentileOfHistogram } from '@ebox/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VirtualTerminal } from '../../terminal-sim/src';
import {
  bucketOf,
  findCompartmentCountDrift,
  findDerivedDrift,
  foldRollups,
  summarizeRollups,
} from '../src/modules/dashboard/rollup-repository';
import { checkRollupDrift, rebuildAllRollups } from '../src/modules/dashboard/rollup-service';
import { systemContext } from '../src/platform/context';
import type { Db } from '../src/platform/db/client';
import { ok, orderDataFor } from './support/answers';
import { eventually } from './support/eventually';
import { startOnlineLocker } from './support/online-locker';
import { startTestApp, type TestApp, type TestUser } from './support/test-app';

/**
 * Issue 28, item 2 (rollups): every order move adds its dashboard rows in its own transaction (a
 * locker's deposit and pickup count on their day, with the dwell time and the locker's figures; a
 * deposit an offline locker replays counts on the day it happened);
 * the fold changes no sum; a rebuild from the order history gives what the moves wrote; the nightly
 * check finds no drift, and names a key that drifts; eight bulk
 * cancels side by side all succeed, none waiting on a shared row. The live compartment counters
 * (the "now" figures) follow every write of the compartments, through the fold and a rebuild.
 */

let t: TestApp;
let owner: TestUser;
let company: string;
let carrier: string;
let terminal: VirtualTerminal;
let lockerId: string;
let db: Db;

beforeAll(async () => {
  t = await startTestApp({ mqtt: true, env: { MQTT_PORT: '0', MQTT_HOST: '127.0.0.1', TERMINAL_HEARTBEAT_SECONDS: '1.5' } });
  db = t.app.deps.db as Db;
  owner = await t.createUser({ roles: ['owner'] });
  company = ok(await owner.api.post('/company', { data: { name: 'Loja Painel', type: 'shipper', maxDaysOverdueDateDelivery: 5 } })).id;
  carrier = ok(await owner.api.post('/company', { data: { name: 'Transportadora Painel', type: 'carrier' } })).id;
  ({ lockerId, terminal } = await startOnlineLocker(t, owner, { company, name: 'Armário Painel', code: 'PNL01', compartments: 2 }));
}, 120_000);

afterAll(async () => {
  await terminal?.stop().catch(() => {});
  await t?.close();
});

/** Today in the network's zone (São Paulo by default), as the rollups write their days. */
function todayInNetwork(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
}

/** The company's rollups, summed per key. */
async function rollupsOf(companyId: string) {
  const summary = await summarizeRollups(db);
  const own = (rows: unknown[]) => (rows as Record<string, unknown>[]).filter((row) => row.company_id === companyId);
  return {
    statuses: own(summary.dashboard_order_day ?? []),
    dwell: own(summary.dashboard_dwell_day ?? []),
    lockers: own(summary.dashboard_locker_day ?? []),
  };
}

describe('dashboard rollups', () => {
  it("read p50, p90 and p95 of 100,000 synthetic stays from the SQL buckets within 5 % of PostgreSQL's percentile_cont", async () => {
    // Stays from a minute to ten days, log-uniform with a bulge around a day, as parcels wait. Any draw
    // holds: a bucket's middle is never more than 4.9 % from a stay inside it.
    const stays = sql`select case when i % 3 = 0 then 86400 * (0.5 + random()) else exp(ln(60) + random() * ln(864000 / 60.0)) end as s
                        from generate_series(1, 100000) i`;
    const result = await db.execute<{ bucket: number; count: number; p50: number; p90: number; p95: number }>(sql`
      with stays as materialized (${stays}),
      exact as (select percentile_cont(array[0.5, 0.9, 0.95]) within group (order by s) as p from stays)
      select ${bucketOf(sql`s`)} as bucket, count(*)::int as count, (select p[1] from exact) as p50, (select p[2] from exact) as p90, (select p[3] from exact) as p95
        from stays group by 1`);
    const histogram = new Map(result.rows.map((row) => [Number(row.bucket), Number(row.count)]));
    const exact = result.rows[0];
    for (const [p, value] of [
      [50, exact?.p50],
      [90, exact?.p90],
      [95, exact?.p95],
    ] as const) {
      const read = percentileOfHistogram(histogram, p) ?? 0;
      expect(Math.abs(read / Number(value) - 1), `p${p}: ${read} against ${value}`).toBeLessThan(0.05);
    }
  });

  it("count a locker's deposit and pickup on their day, with the parcel's dwell time and the locker's figures", async () => {
    const order = ok(
      await owner.api.post('/order', { data: { ...orderDataFor(company, { carrier }), ebox: lockerId, compartimentSize: 'P' } }),
    );
    await eventually(
      async () => terminal.accessCodes().some((entry) => entry.access_code === order.accessCode && entry.allows === 'deposit'),
      Boolean,
    );
    await terminal.depositParcel({ compartmentNumber: order.compartimentNumber, accessCode: order.accessCode });
    await eventually(
      async () => terminal.accessCodes().some((entry) => entry.access_code === order.accessCode && entry.allows === 'pickup'),
      Boolean,
    );
    await terminal.takeParcel({ compartmentNumber: order.compartimentNumber, accessCode: order.accessCode });
    const taken = await eventually(
      async () => ok(await owner.api.get(`/order/${order.id}`)),
      (found) => found.status === 'CUSTOMER_TAKEN',
    );
    const day = todayInNetwork();
    const rollups = await rollupsOf(company);
    expect(rollups.statuses).toEqual(
      ['CREATED', 'CUSTOMER_TAKEN', 'STORED'].map((status) => ({
        company_id: company,
        carrier_id: carrier,
        type: 'DELIVERY',
        day,
        status,
        count: 1,
      })),
    );
    const dwellSeconds = (Date.parse(taken.collectedAt) - Date.parse(taken.storedAt)) / 1000;
    expect(rollups.dwell).toEqual([
      { company_id: company, carrier_id: carrier, type: 'DELIVERY', day, bucket: dwellBucketOf(dwellSeconds), count: 1 },
    ]);
    // Kept by carrier too: a distribution company counts at its lockers the parcels it carries.
    expect(rollups.lockers).toEqual([
      { ebox_id: lockerId, company_id: company, carrier_id: carrier, day, deposits: 1, pickups: 1, expiries: 0 },
    ]);
  });

  it('count a deposit an offline locker replays on the day it happened, not the day it arrived', async () => {
    const shop = ok(
      await owner.api.post('/company', { data: { name: 'Loja Painel Atrasada', type: 'shipper', maxDaysOverdueDateDelivery: 5 } }),
    ).id;
    const late = await startOnlineLocker(t, owner, { company: shop, name: 'Armário Atrasado', code: 'PNL02', compartments: 1 });
    try {
      const order = ok(await owner.api.post('/order', { data: { ...orderDataFor(shop), ebox: late.lockerId, compartimentSize: 'P' } }));
      await eventually(
        async () => late.terminal.accessCodes().some((entry) => entry.access_code === order.accessCode && entry.allows === 'deposit'),
        Boolean,
      );
      // Offline since three days ago: the deposit it holds carries that day's time.
      const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000);
      await late.terminal.goOffline();
      late.terminal.setEventClock(() => threeDaysAgo);
      await late.terminal.depositParcel({ compartmentNumber: order.compartimentNumber, accessCode: order.accessCode });
      late.terminal.setEventClock();
      await late.terminal.goOnline();
      const stored = await eventually(
        async () => ok(await owner.api.get(`/order/${order.id}`)),
        (found) => found.status === 'STORED',
      );
      expect(Date.parse(stored.storedAt)).toBe(threeDaysAgo.getTime());
      const pastDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(threeDaysAgo);
      const { statuses, lockers } = await rollupsOf(shop);
      // By day: the deposit three days back, before the order's creation today.
      expect(statuses.map((row) => [row.status, row.day])).toEqual([
        ['STORED', pastDay],
        ['CREATED', todayInNetwork()],
      ]);
      expect(lockers).toEqual([
        { ebox_id: late.lockerId, company_id: shop, carrier_id: null, day: pastDay, deposits: 1, pickups: 0, expiries: 0 },
      ]);
    } finally {
      await late.terminal.stop().catch(() => {});
    }
  });

  it('keep every sum through the fold, and equal a rebuild from the order history after random moves', async () => {
    const other = ok(await owner.api.post('/company', { data: { name: 'Loja Painel Sorteio', type: 'shipper' } })).id;
    const orders = [];
    for (let i = 0; i < 12; i += 1) {
      orders.push(ok(await owner.api.post('/order', { data: orderDataFor(other, { carrier: i % 2 ? carrier : null }, `RB${i}`) })));
    }
    // A seeded walk: each order moves by the console actions the machine offers, or is canceled.
    let seed = 28;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    for (const order of orders) {
      const roll = next();
      if (roll < 0.3) ok(await owner.api.delete('/order', { ids: [order.id] }));
      else if (roll < 0.7) ok(await owner.api.post('/order/update-status', { data: { id: order.id, status: 'INBOUND', reason: 'no CD' } }));
    }
    const before = await summarizeRollups(db);
    // The derived tables plus the rows not yet folded into them sum as the base rows, before and after the fold.
    expect(await findDerivedDrift(db)).toEqual([]);
    const folded = await db.transaction((tx) => foldRollups(tx));
    expect(folded).toBeGreaterThan(0);
    expect(await summarizeRollups(db)).toEqual(before);
    expect(await findDerivedDrift(db)).toEqual([]);
    const derived = await db.execute(sql`select count(*)::int as n from dashboard_order_month_all where folded`);
    expect(derived.rows[0]?.n).toBeGreaterThan(0);
    const unfolded = await db.execute(sql`select count(*)::int as n from dashboard_order_day where not folded`);
    expect(unfolded.rows[0]).toEqual({ n: 0 });

    const rebuilt = await rebuildAllRollups(t.app.deps);
    expect(rebuilt.moves).toBeGreaterThan(orders.length);
    expect(await summarizeRollups(db)).toEqual(before);
    expect(await findDerivedDrift(db)).toEqual([]);
  });

  it('find no drift on a day whose rollups match the order history, and name the key of one that does not', async () => {
    const ctx = systemContext(t.app.deps, 'dashboardRollups');
    // The nightly check of tomorrow looks at today, when this file's orders moved.
    const tomorrow = new Date(Date.now() + 86_400_000);
    const clean = await checkRollupDrift(ctx, tomorrow);
    expect(clean.day).toBe(todayInNetwork());
    expect(clean.drift).toEqual([]);
    // A row no move wrote: two expiries that never happened.
    await db.execute(sql`
      insert into dashboard_order_day (company_id, carrier_id, type, day, status, count)
      values (${company}, ${carrier}, 'DELIVERY', ${clean.day}::date, 'EXPIRED', 2)`);
    const found = await checkRollupDrift(ctx, tomorrow);
    expect(found.drift).toEqual([
      {
        table: 'dashboard_order_day',
        key: { company_id: company, carrier_id: carrier, type: 'DELIVERY', day: clean.day, status: 'EXPIRED' },
        expected: { count: 0 },
        found: { count: 2 },
      },
    ]);
    await db.execute(sql`delete from dashboard_order_day where company_id = ${company} and status = 'EXPIRED'`);
    expect((await checkRollupDrift(ctx, tomorrow)).drift).toEqual([]);
  });

  it('keep the live compartment counters equal to the compartments through every kind of write, the fold and a rebuild', async () => {
    const other = ok(await owner.api.post('/ebox', { data: { name: 'Armário Contado', code: 'CNT01', company } })).id;
    const counters = async () =>
      (
        await db.execute(sql`
          select size, sum(enabled)::int as enabled, sum(occupied)::int as occupied, sum(available)::int as available,
                 sum(damaged)::int as damaged, sum(dirty)::int as dirty
            from dashboard_compartment_count where ebox_id = ${other} group by size having sum(enabled) <> 0 order by size`)
      ).rows;
    const data = (number: number, size: string) => ({
      ebox: other,
      number,
      boardNumber: 1,
      comNumber: number,
      numberInColumn: 1,
      size,
      enable: true,
      width: 1,
      height: 1,
      depth: 1,
    });
    // Through the API: two compartments added, one changed to another size and damaged, then disabled.
    const first = ok(await owner.api.post('/compartiment', { data: data(1, 'G') })).id;
    const second = ok(await owner.api.post('/compartiment', { data: data(2, 'G') })).id;
    expect(await counters()).toEqual([{ size: 'G', enabled: 2, occupied: 0, available: 2, damaged: 0, dirty: 0 }]);
    ok(await owner.api.put(`/compartiment/${second}`, { data: { size: 'M', status: 'DAMAGE' } }));
    expect(await counters()).toEqual([
      { size: 'G', enabled: 1, occupied: 0, available: 1, damaged: 0, dirty: 0 },
      { size: 'M', enabled: 1, occupied: 0, available: 0, damaged: 1, dirty: 0 },
    ]);
    ok(await owner.api.put(`/compartiment/${second}`, { data: { enable: false } }));
    expect(await counters()).toEqual([{ size: 'G', enabled: 1, occupied: 0, available: 1, damaged: 0, dirty: 0 }]);
    // In bulk, as an import writes; a write rolled back changes nothing.
    await db.execute(sql`update compartiment set status = 'DIRTY', enable = true where ebox_id = ${other}`);
    await db
      .transaction(async (tx) => {
        await tx.execute(sql`update compartiment set status = 'OCCUPIED' where ebox_id = ${other}`);
        tx.rollback();
      })
      .catch(() => {});
    expect(await counters()).toEqual([
      { size: 'G', enabled: 1, occupied: 0, available: 0, damaged: 0, dirty: 1 },
      { size: 'M', enabled: 1, occupied: 0, available: 0, damaged: 0, dirty: 1 },
    ]);
    ok(await owner.api.delete('/compartiment', { ids: [first] }));
    expect(await counters()).toEqual([{ size: 'M', enabled: 1, occupied: 0, available: 0, damaged: 0, dirty: 1 }]);
    expect(await findCompartmentCountDrift(db)).toEqual([]);
    await db.transaction((tx) => foldRollups(tx));
    const folded = await db.execute(
      sql`select count(*)::int as n from dashboard_compartment_count where ebox_id = ${other} and not folded`,
    );
    expect(folded.rows[0]).toEqual({ n: 0 });
    expect(await counters()).toEqual([{ size: 'M', enabled: 1, occupied: 0, available: 0, damaged: 0, dirty: 1 }]);
    // A counter no write made: the nightly check names it, and a rebuild repairs it.
    await db.execute(sql`insert into dashboard_compartment_count (ebox_id, size, enabled, occupied) values (${other}, 'M', 1, 1)`);
    const ctx = systemContext(t.app.deps, 'dashboardRollups');
    expect((await checkRollupDrift(ctx)).drift).toEqual([
      {
        table: 'dashboard_compartment_count',
        key: { ebox_id: other, size: 'M' },
        expected: { enabled: 1, occupied: 0, booked: 0, available: 0, damaged: 0, dirty: 1 },
        found: { enabled: 2, occupied: 1, booked: 0, available: 0, damaged: 0, dirty: 1 },
      },
    ]);
    await rebuildAllRollups(t.app.deps);
    expect(await findCompartmentCountDrift(db)).toEqual([]);
    expect(await counters()).toEqual([{ size: 'M', enabled: 1, occupied: 0, available: 0, damaged: 0, dirty: 1 }]);
  });

  it('take eight bulk cancels side by side without a deadlock, each counted', async () => {
    const shop = ok(await owner.api.post('/company', { data: { name: 'Loja Painel Concorrente', type: 'shipper' } })).id;
    const batches: string[][] = [];
    for (let b = 0; b < 8; b += 1) {
      const ids: string[] = [];
      for (let i = 0; i < 5; i += 1) ids.push(ok(await owner.api.post('/order', { data: orderDataFor(shop, {}, `CC${b}x${i}`) })).id);
      batches.push(ids);
    }
    const answers = await Promise.all(batches.map((ids) => owner.api.delete('/order', { ids })));
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    const { statuses } = await rollupsOf(shop);
    expect(statuses.map((row) => [row.status, row.count])).toEqual([
      ['CANCELED', 40],
      ['CREATED', 40],
    ]);
  });
});
