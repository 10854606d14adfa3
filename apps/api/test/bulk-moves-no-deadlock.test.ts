import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VirtualTerminal } from '../../terminal-sim/src';
import { ok, orderDataFor } from './support/answers';
import { eventually } from './support/eventually';
import { startOnlineLocker } from './support/online-locker';
import { startTestApp, type TestApp, type TestUser } from './support/test-app';

/**
 * Bulk moves of orders at shared lockers, side by side: each move asks in its transaction for its
 * locker's access codes (one waiting job per locker; its alerts' evaluation was one too, now a row
 * the fold claims), so two bulk cancels reaching two lockers in opposite order once waited on each
 * other's job and one died of a deadlock (500). Every answer is now 200, every order canceled, and
 * each locker's terminal is sent its codes again (the job each locker's change queued has run).
 */

let t: TestApp;
let owner: TestUser;
let clerk: TestUser;
let shop: string;
const lockers: { id: string; terminal: VirtualTerminal }[] = [];

type Order = { id: string; accessCode: string; ebox: string };

beforeAll(async () => {
  t = await startTestApp({ mqtt: true, env: { MQTT_PORT: '0', MQTT_HOST: '127.0.0.1', TERMINAL_HEARTBEAT_SECONDS: '1.5' } });
  owner = await t.createUser({ roles: ['owner'] });
  clerk = await t.createUser({ roles: ['owner'] });
  shop = ok(await owner.api.post('/company', { data: { name: 'Loja Cancelamentos', type: 'shipper', maxDaysOverdueDateDelivery: 5 } })).id;
  for (const code of ['BLK01', 'BLK02', 'BLK03', 'BLK04']) {
    const { lockerId, terminal } = await startOnlineLocker(t, owner, { company: shop, name: `Armário ${code}`, code, compartments: 8 });
    lockers.push({ id: lockerId, terminal });
  }
}, 120_000);

afterAll(async () => {
  for (const { terminal } of lockers) await terminal.stop().catch(() => {});
  await t?.close();
});

async function createOrderAt(ebox: string): Promise<Order> {
  const order = ok(await owner.api.post('/order', { data: orderDataFor(shop, { ebox, compartimentSize: 'P' }, 'BLK') }));
  return { id: order.id, accessCode: order.accessCode, ebox };
}

function terminalOf(ebox: string): VirtualTerminal {
  const locker = lockers.find((candidate) => candidate.id === ebox);
  if (!locker) throw new Error(`no terminal for ${ebox}`);
  return locker.terminal;
}

/** Each order's locker holds its code (`held`) or none of them (`!held`): what the locker's last access-code job sent. */
async function waitForCodes(orders: readonly Order[], held: boolean): Promise<void> {
  await eventually(
    async () =>
      orders.filter(
        (order) =>
          terminalOf(order.ebox)
            .accessCodes()
            .some((entry) => entry.access_code === order.accessCode) !== held,
      ),
    (wrong) => wrong.length === 0,
  );
}

/**
 * Two bulks over the same two lockers whose moves (in order id order) reach the lockers in opposite
 * order (the lower id of one at each locker).
 */
async function crossedPair(first: string, second: string): Promise<[Order[], Order[]]> {
  const atFirst = [await createOrderAt(first), await createOrderAt(first)];
  const atSecond = [await createOrderAt(second), await createOrderAt(second)];
  const leadsWith = (bulk: Order[]) => [...bulk].sort((x, y) => (x.id < y.id ? -1 : 1))[0]?.ebox;
  for (const a of [0, 1]) {
    const one = [atFirst[0], atSecond[a]] as Order[];
    const two = [atSecond[1 - a], atFirst[1]] as Order[];
    if (leadsWith(one) !== leadsWith(two)) return [one, two];
  }
  // Every id at one locker below every id at the other: no crossing in these four, draw again.
  ok(await owner.api.delete('/order', { ids: [...atFirst, ...atSecond].map((order) => order.id) }));
  return crossedPair(first, second);
}

async function statusesOf(orders: readonly Order[]): Promise<string[]> {
  return Promise.all(orders.map(async (order) => ok(await owner.api.get(`/order/${order.id}`)).status as string));
}

describe('bulk moves at shared lockers', () => {
  it('two bulk cancels reaching two lockers in opposite order, 20 times: every answer 200, every order canceled, each locker sent its codes', async () => {
    const [first, second] = lockers.map((locker) => locker.id) as [string, string];
    const statuses: number[] = [];
    const leftOpen: string[] = [];
    for (let n = 0; n < 20; n += 1) {
      const [one, two] = await crossedPair(first, second);
      const orders = [...one, ...two];
      await waitForCodes(orders, true);
      const answers = await Promise.all([
        owner.api.delete('/order', { ids: one.map((order) => order.id) }),
        clerk.api.delete('/order', { ids: two.map((order) => order.id) }),
      ]);
      statuses.push(...answers.map((answer) => answer.status));
      const open = orders.filter((_, i) => answers[i < one.length ? 0 : 1]?.status !== 200);
      if (open.length) {
        // A lost bulk: noted, and its orders canceled alone so the next pair finds compartments free.
        leftOpen.push(...open.map((order) => order.id));
        ok(await owner.api.delete('/order', { ids: open.map((order) => order.id) }));
      }
      expect(new Set(await statusesOf(orders))).toEqual(new Set(['CANCELED']));
      await waitForCodes(orders, false);
    }
    expect(statuses).toEqual(Array(40).fill(200));
    expect(leftOpen).toEqual([]);
  }, 120_000);

  it('eight bulk cancels side by side, each over four shared lockers in its own order: every answer 200, every order canceled', async () => {
    const bulks: Order[][] = [];
    for (let b = 0; b < 8; b += 1) {
      const bulk: Order[] = [];
      for (const locker of lockers) bulk.push(await createOrderAt(locker.id));
      bulks.push(bulk);
    }
    const orders = bulks.flat();
    await waitForCodes(orders, true);
    const answers = await Promise.all(
      bulks.map((bulk, b) => (b % 2 ? clerk : owner).api.delete('/order', { ids: bulk.map((order) => order.id) })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    expect(new Set(await statusesOf(orders))).toEqual(new Set(['CANCELED']));
    await waitForCodes(orders, false);
  }, 120_000);
});
