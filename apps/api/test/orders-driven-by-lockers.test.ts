import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VirtualTerminal } from '../../terminal-sim/src';
import type { MqttLink } from '../src/platform/mqtt';
import { eventually } from './support/eventually';
import { type ApiResponse, startWithTwoCompanies, type TestApp, type TestUser } from './support/test-app';

/**
 * Orders moved by what happens at the lockers (issue 15 item 3), over the real terminal link: a
 * virtual terminal (apps/terminal-sim) deposits and hands out parcels with the access codes of the
 * orders, and the console moves each order, its compartment and its history. A code used in
 * another compartment, or an event the order does not accept, changes nothing and is kept with its
 * reason; events a locker held while offline are applied in order, with their own times.
 */

let t: TestApp;
let owner: TestUser;
let companyA: string;
let link: MqttLink;
let locker: { id: string; terminalId: string };
let terminal: VirtualTerminal;

function ok<T = any>(response: ApiResponse<T>): T {
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

let tracking = 0;
async function createOrder(type: string, extra: Record<string, unknown> = {}) {
  tracking += 1;
  return ok(
    await owner.api.post('/order', {
      data: {
        type,
        trackingCode: `LK${Date.now().toString(36).toUpperCase()}${tracking}`,
        shipper: companyA,
        company: companyA,
        customerName: 'Joana Lima',
        customerPhone: '(21) 98765-4321',
        ebox: locker.id,
        compartimentSize: 'P',
        ...extra,
      },
    }),
  );
}

const orderOf = async (id: string) => ok(await owner.api.get(`/order/${id}`));
const historyOf = async (id: string) => ok(await owner.api.get(`/order/${id}/history`)) as any;
const compartmentStatus = async (id: string) => ok(await owner.api.get(`/compartiment/${id}`)).status as string;

async function waitForStatus(id: string, status: string) {
  return eventually(
    () => orderOf(id),
    (order) => order.status === status,
  );
}

beforeAll(async () => {
  ({ t, owner, companyA } = await startWithTwoCompanies(
    { name: 'Loja Armário', type: 'shipper', maxDaysOverdueDateDelivery: 5 },
    { name: 'Loja Vizinha', type: 'shipper' },
    undefined,
    { mqtt: true, env: { MQTT_PORT: '0', MQTT_HOST: '127.0.0.1', TERMINAL_HEARTBEAT_SECONDS: '1.5' } },
  ));
  link = t.app.deps.mqtt as MqttLink;
  const terminalId = randomUUID();
  const id = ok(
    await owner.api.post('/ebox', { data: { name: 'Armário Pedidos', code: 'PED01', company: companyA, enable: true, terminalId } }),
  ).id;
  locker = { id, terminalId };
  for (let number = 1; number <= 6; number++) {
    ok(
      await owner.api.post('/compartiment', {
        data: { ebox: id, number, boardNumber: 1, numberInColumn: number, comNumber: number, size: 'P', width: 1, height: 1, depth: 1 },
      }),
    );
  }
  const credentials = await link.admin.createTerminalCredentials({ lockerId: id, username: terminalId });
  terminal = new VirtualTerminal({
    brokerUrl: link.url,
    lockerUuid: terminalId,
    username: credentials.username,
    password: credentials.password,
    compartments: Array.from({ length: 6 }, (_, i) => ({ number: i + 1, boardNumber: 1, channel: i + 1 })),
    heartbeatIntervalSeconds: 1,
    doorCloseAfterMs: 50,
  });
  await terminal.start();
  await eventually(
    async () => ok(await owner.api.get(`/ebox/${id}`)).status,
    (status) => status === 'online',
  );
}, 120_000);

afterAll(async () => {
  await terminal?.stop().catch(() => {});
  await t?.close();
});

describe('orders driven by the locker', () => {
  it('a delivery: the courier deposits with the code (STORED, compartment OCCUPIED), the customer takes it (CUSTOMER_TAKEN, AVAILABLE)', async () => {
    const order = await createOrder('DELIVERY');
    const compartment = order.compartiment.id as string;
    expect(await compartmentStatus(compartment)).toBe('BOOKED');

    await terminal.depositParcel({ compartmentNumber: order.compartimentNumber, accessCode: order.accessCode });
    const stored = await waitForStatus(order.id, 'STORED');
    expect(stored.storedAt).toBeTruthy();
    expect(await compartmentStatus(compartment)).toBe('OCCUPIED');

    await terminal.takeParcel({ compartmentNumber: order.compartimentNumber, accessCode: order.accessCode });
    await waitForStatus(order.id, 'CUSTOMER_TAKEN');
    expect(await compartmentStatus(compartment)).toBe('AVAILABLE');

    const history = await historyOf(order.id);
    const rows = (history.rows ?? history) as any[];
    const moves = rows.filter((row) => row.to).map((row) => [row.trigger, row.to, row.actor.kind]);
    expect(moves).toEqual(
      expect.arrayContaining([
        ['terminal.COURIER', 'STORED', 'terminal'],
        ['terminal.CUSTOMER_TAKEN', 'CUSTOMER_TAKEN', 'terminal'],
      ]),
    );
  });

  it('a return: the customer drops it (STORED) and the carrier collects it', async () => {
    const order = await createOrder('RETURN');
    await terminal.depositParcel({ compartmentNumber: order.compartimentNumber, accessCode: order.accessCode });
    await waitForStatus(order.id, 'STORED');
    await terminal.takeParcel({ compartmentNumber: order.compartimentNumber, accessCode: order.accessCode });
    const collected = await eventually(
      () => orderOf(order.id),
      (row) => row.status !== 'STORED',
    );
    expect(collected.status).not.toBe('STORED');
    expect(await compartmentStatus(order.compartiment.id)).toBe('AVAILABLE');
  });

  it('a code used in another compartment opens nothing: the order stays as it was and its history says why', async () => {
    const order = await createOrder('DELIVERY');
    const other = order.compartimentNumber === 6 ? 5 : 6;
    await terminal.depositParcel({ compartmentNumber: other, accessCode: order.accessCode });
    const history = await eventually(
      async () => {
        const answer = await historyOf(order.id);
        return (answer.rows ?? answer) as any[];
      },
      (rows) => rows.some((row) => row.refusal === 'wrongCompartment'),
    );
    expect(history.find((row) => row.refusal === 'wrongCompartment').to).toBeNull();
    expect((await orderOf(order.id)).status).toBe('CREATED');
  });

  it('an event the order does not accept (taking a parcel never deposited) changes nothing and is kept as refused', async () => {
    const order = await createOrder('DELIVERY');
    await terminal.takeParcel({ compartmentNumber: order.compartimentNumber, accessCode: order.accessCode });
    const history = await eventually(
      async () => {
        const answer = await historyOf(order.id);
        return (answer.rows ?? answer) as any[];
      },
      (rows) => rows.some((row) => row.refusal),
    );
    expect(history.some((row) => row.refusal === 'notAllowed')).toBe(true);
    expect((await orderOf(order.id)).status).toBe('CREATED');
    expect(await compartmentStatus(order.compartiment.id)).toBe('BOOKED');
  });

  it('applies the events a locker held while offline, in order and with their own times, when it reconnects', async () => {
    const order = await createOrder('DELIVERY');
    await terminal.goOffline();
    const depositedAt = Date.now();
    await terminal.depositParcel({ compartmentNumber: order.compartimentNumber, accessCode: order.accessCode });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await terminal.takeParcel({ compartmentNumber: order.compartimentNumber, accessCode: order.accessCode });
    expect((await orderOf(order.id)).status).toBe('CREATED');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await terminal.goOnline();
    const taken = await waitForStatus(order.id, 'CUSTOMER_TAKEN');
    // The stamps are the terminal's times, before the reconnection.
    expect(new Date(taken.storedAt).getTime()).toBeGreaterThanOrEqual(depositedAt - 1_000);
    expect(new Date(taken.storedAt).getTime()).toBeLessThan(depositedAt + 1_000);
    expect(new Date(taken.storedAt).getTime()).toBeLessThanOrEqual(new Date(taken.collectedAt ?? taken.storedAt).getTime());
  });
});
