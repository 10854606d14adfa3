import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VirtualTerminal } from '../../terminal-sim/src';
import { API_PREFIX } from '../src/app';
import { ok, orderDataFor } from './support/answers';
import { eventually } from './support/eventually';
import { openLiveStream } from './support/live-stream';
import { startOnlineLocker } from './support/online-locker';
import { readTagPdf } from './support/read-tag-pdf';
import { startWithTwoCompanies, type TestApp, type TestUser } from './support/test-app';

/**
 * The courier's run at the lockers (issue 30, item 3), over the real terminal link: a saved packing
 * gives its courier a code and a window, its lockers' terminals receive the run with their access
 * codes, and what the courier does there (virtual terminals playing the run) moves each order
 * through the lifecycle and marks the packing's rows: done at the right locker, refused at a locker
 * the run does not plan for the parcel, not made at the finish. The code opens nothing outside the
 * run's window or after its finish.
 */

let t: TestApp;
let owner: TestUser;
let companyA: string;
let warehouse: string;

type Locker = { id: string; code: string; terminal: VirtualTerminal };
type Order = { id: string; trackingCode: string };

const sql = (text: string, values: unknown[] = []) => t.database.pool.query(text, values);
const terminals: VirtualTerminal[] = [];

async function createLocker(code: string): Promise<Locker> {
  const { lockerId, terminal } = await startOnlineLocker(t, owner, { company: companyA, name: `Armário ${code}`, code, compartments: 4 });
  terminals.push(terminal);
  return { id: lockerId, code, terminal };
}

/** An order at the locker put in `status`; a parcel in a locker (EXPIRED, STORED) fills `compartment`. */
async function createOrder(locker: Locker, status: string, type = 'DELIVERY', compartment?: number): Promise<Order> {
  const order = ok(
    await owner.api.post('/order', { data: orderDataFor(companyA, { ebox: locker.id, compartimentSize: 'P', bookOrder: false }, 'RUN') }),
  );
  await sql(`UPDATE "order" SET status = $1, type = $2, inbound_at = now() WHERE id = $3`, [status, type, order.id]);
  if (compartment !== undefined) {
    const { rows } = await sql(`UPDATE compartiment SET status = 'OCCUPIED' WHERE ebox_id = $1 AND number = $2 RETURNING id`, [
      locker.id,
      compartment,
    ]);
    await sql(`UPDATE "order" SET compartiment_id = $1, compartiment_number = $2 WHERE id = $3`, [rows[0]?.id, compartment, order.id]);
  }
  return { id: order.id, trackingCode: order.trackingCode };
}

const packingRows = async (id: string) =>
  ok(await owner.api.get(`/packing/${id}/orders`)).rows as { orderId: string; outcome: string | null; step: string }[];
const outcomes = async (id: string) => Object.fromEntries((await packingRows(id)).map((row) => [row.orderId, row.outcome]));
const statusOf = async (id: string) => ok(await owner.api.get(`/order/${id}`)).status as string;
const runsAt = (locker: Locker) => locker.terminal.courierRuns();

/** The romaneio's text, as the courier reads it. */
async function romaneioText(id: string): Promise<string> {
  const response = await fetch(`${t.baseUrl}${API_PREFIX}/packing/${id}/romaneio`, { headers: { authorization: `Bearer ${owner.token}` } });
  expect(response.status).toBe(200);
  return readTagPdf(Buffer.from(await response.arrayBuffer()))
    .pages.map((page) => page.text)
    .join('\n');
}

beforeAll(async () => {
  ({ t, owner, companyA } = await startWithTwoCompanies(
    { name: 'Distribuidora Rota', type: 'carrier' },
    { name: 'Loja Vizinha', type: 'shipper' },
    undefined,
    { mqtt: true, env: { MQTT_PORT: '0', MQTT_HOST: '127.0.0.1', TERMINAL_HEARTBEAT_SECONDS: '1.5' } },
  ));
  warehouse = ok(await owner.api.post('/warehouse', { data: { name: 'CD Rota', company: companyA } })).id;
}, 120_000);

afterAll(async () => {
  await Promise.all(terminals.map((terminal) => terminal.stop()));
  await t?.close();
});

describe('a courier’s run at the lockers', () => {
  it('reaches the run’s lockers with its code, and the courier’s deposits and collections move the orders and mark the packing', async () => {
    const first = await createLocker(`RUN-A-${Date.now().toString(36)}`);
    const second = await createLocker(`RUN-B-${Date.now().toString(36)}`);
    const toFirst = [await createOrder(first, 'INBOUND'), await createOrder(first, 'INBOUND')];
    const expired = await createOrder(first, 'EXPIRED', 'DELIVERY', 4);
    const toSecond = await createOrder(second, 'INBOUND');
    const orders = [...toFirst, expired, toSecond];
    const packing = ok(
      await owner.api.post('/packing', {
        data: { company: companyA, warehouse, picking: 'collectDelivery', orders: orders.map((o) => o.id) },
      }),
    );

    // Who plans runs reads the courier's code on the packing, never in a list.
    const record = ok(await owner.api.get(`/packing/${packing.id}`));
    expect(record.runCode).toMatch(/^\d{8}$/);
    expect(Date.parse(record.runUntil) - Date.parse(record.runFrom)).toBe(12 * 3_600_000);
    const listed = ok(await owner.api.get('/packing', { filter: { id: packing.id } })).rows[0];
    expect(listed.runCode ?? null).toBeNull();
    const code = record.runCode as string;

    // Each terminal holds only its own part of the run.
    const atFirst = await eventually(
      async () => runsAt(first),
      (runs) => runs.length === 1,
    );
    expect(atFirst[0]).toMatchObject({ run_code: code, packing_id: packing.id });
    expect(atFirst[0]?.deposits.map((p) => p.tracking_code).sort()).toEqual(toFirst.map((o) => o.trackingCode).sort());
    expect(atFirst[0]?.deposits.every((p) => typeof p.compartment_number === 'number' && p.compartment_number !== 4)).toBe(true);
    expect(atFirst[0]?.collections).toEqual([{ order_id: expired.id, tracking_code: expired.trackingCode, compartment_number: 4 }]);
    const atSecond = await eventually(
      async () => runsAt(second),
      (runs) => runs.length === 1,
    );
    expect(atSecond[0]?.deposits.map((p) => p.tracking_code)).toEqual([toSecond.trackingCode]);

    // A parcel of the first locker reported under the run at the second: nothing moves, the row says where.
    second.terminal.checksAccessCodes = false;
    await second.terminal.depositParcel({ compartmentNumber: 1, accessCode: code, trackingCode: toFirst[0]?.trackingCode ?? '' });
    second.terminal.checksAccessCodes = true;
    await eventually(
      () => outcomes(packing.id),
      (now) => now[toFirst[0]?.id ?? ''] === 'wrongLocker',
    );
    expect(await statusOf(toFirst[0]?.id ?? '')).toBe('INBOUND');

    // The courier works the run at both lockers, followed live by the packing's page.
    const live = await openLiveStream(t, owner.token);
    expect(live.response.status).toBe(200);
    expect(await first.terminal.playCourierRun(code)).toMatchObject({ ok: true, collected: [expired.trackingCode] });
    expect(await second.terminal.playCourierRun(code)).toMatchObject({ ok: true, deposited: [toSecond.trackingCode] });
    const done = await eventually(
      () => outcomes(packing.id),
      (now) => orders.every((order) => now[order.id] === 'done'),
    );
    expect(Object.values(done)).toEqual(['done', 'done', 'done', 'done']);
    const heard = await eventually(
      async () => live.received.filter((m) => m.event === 'packing.progress' && m.data.packingId === packing.id),
      (events) => events.length === 4,
    );
    live.close();
    expect(heard.map((m) => [m.data.orderId, m.data.outcome]).sort()).toEqual(orders.map((o) => [o.id, 'done']).sort());
    expect(heard.find((m) => m.data.orderId === expired.id)?.data).toMatchObject({ step: 'expiredCollection', eboxId: first.id });
    expect(await statusOf(toFirst[0]?.id ?? '')).toBe('STORED');
    expect(await statusOf(toSecond.id)).toBe('STORED');
    expect(await statusOf(expired.id)).toBe('EXPIRED_TAKEN');
    // A deposited parcel is in the compartment the terminal opened, which is occupied now.
    const stored = ok(await owner.api.get(`/order/${toSecond.id}`));
    expect(stored.compartimentNumber).toBe(atSecond[0]?.deposits[0]?.compartment_number);
    expect(ok(await owner.api.get(`/compartiment/${stored.compartiment.id ?? stored.compartiment}`)).status).toBe('OCCUPIED');
    expect(ok(await owner.api.get(`/packing/${packing.id}`)).packingOrders).toBe(0);
    // The run is over at both lockers: nothing left to send them.
    await eventually(
      async () => [...runsAt(first), ...runsAt(second)],
      (runs) => runs.length === 0,
    );
  });

  it('counts on each inbound how many of its orders a packing picked, and none once the packing is deleted', async () => {
    const locker = await createLocker(`RUN-D-${Date.now().toString(36)}`);
    const received = [await createOrder(locker, 'CREATED'), await createOrder(locker, 'CREATED'), await createOrder(locker, 'CREATED')];
    const inbound = ok(
      await owner.api.post('/inbound', { data: { company: companyA, warehouse, orders: received.map((order) => order.id) } }),
    );
    expect(inbound.packingOrders).toBe(0);
    const packing = ok(
      await owner.api.post('/packing', {
        data: { company: companyA, warehouse, picking: 'collectDelivery', orders: received.slice(0, 2).map((order) => order.id) },
      }),
    );
    expect(ok(await owner.api.get(`/inbound/${inbound.id}`)).packingOrders).toBe(2);
    ok(await owner.api.delete('/packing', { ids: [packing.id] }));
    expect(ok(await owner.api.get(`/inbound/${inbound.id}`)).packingOrders).toBe(0);
    // Its lockers forget the deleted run.
    await eventually(
      async () => runsAt(locker),
      (runs) => runs.length === 0,
    );
  });

  it('opens nothing outside the run’s window, and at the finish what was not done is marked and the lockers forget the run', async () => {
    const locker = await createLocker(`RUN-C-${Date.now().toString(36)}`);
    const parcel = await createOrder(locker, 'INBOUND');
    const uncollected = await createOrder(locker, 'STORED', 'RETURN', 3);
    const packing = ok(
      await owner.api.post('/packing', {
        data: { company: companyA, warehouse, picking: 'collectDelivery', orders: [parcel.id, uncollected.id] },
      }),
    );
    const code = ok(await owner.api.get(`/packing/${packing.id}`)).runCode as string;
    // The courier carries the code on the romaneio.
    expect(await romaneioText(packing.id)).toContain(`Código do entregador: ${code}`);
    await eventually(
      async () => runsAt(locker),
      (runs) => runs.length === 1,
    );

    // A terminal that reports what is typed, a day after the window: the console refuses it too.
    locker.terminal.checksAccessCodes = false;
    locker.terminal.setEventClock(() => new Date(Date.now() + 24 * 3_600_000));
    await locker.terminal.depositParcel({ compartmentNumber: 1, accessCode: code, trackingCode: parcel.trackingCode });
    locker.terminal.setEventClock();
    // The same parcel inside the window afterwards: once it is applied, the first report has changed nothing.
    await locker.terminal.depositParcel({ compartmentNumber: 2, accessCode: code, trackingCode: parcel.trackingCode });
    locker.terminal.checksAccessCodes = true;
    await eventually(
      () => outcomes(packing.id),
      (now) => now[parcel.id] === 'done',
    );
    const history = ok(await owner.api.get(`/order/${parcel.id}/history`));
    const moves = (history.rows ?? history).filter((row: { trigger: string }) => row.trigger === 'terminal.COURIER');
    expect(moves).toHaveLength(1);
    expect(ok(await owner.api.get(`/order/${parcel.id}`)).compartimentNumber).toBe(2);

    // Finished with the return still in its compartment: not made, and the run is gone from the locker.
    ok(await owner.api.put(`/packing/finish/${packing.id}`, { id: packing.id, data: {} }));
    expect((await outcomes(packing.id))[uncollected.id]).toBe('notMade');
    await eventually(
      async () => runsAt(locker),
      (runs) => runs.length === 0,
    );
    // The finished packing's code is no longer shown, and a collection under it now moves nothing.
    expect(ok(await owner.api.get(`/packing/${packing.id}`)).runCode ?? null).toBeNull();
    expect(await romaneioText(packing.id)).not.toContain(code);
    expect(await statusOf(uncollected.id)).toBe('STORED');
  });
});
