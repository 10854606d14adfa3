import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VirtualTerminal } from '../../terminal-sim/src';
import type { MqttLink } from '../src/platform/mqtt';
import { ok } from './support/answers';
import { eventually, pause } from './support/eventually';
import { OpenLockerDevice } from './support/open-locker-device';
import { startWithTwoCompanies, type TestApp, type TestUser } from './support/test-app';

/**
 * Orders moved by what happens at the lockers (issue 15 item 3), over the real terminal link: a
 * virtual terminal (apps/terminal-sim) deposits and hands out parcels with the access codes of the
 * orders, and the console moves each order, its compartment and its history. The terminal holds its
 * orders' codes (apply_access_codes, sent after every change) and opens nothing for another code; a
 * terminal that does not check (an older application) meets the console's own checks: a code used in
 * another compartment, or an event the order does not accept, changes nothing and is kept with its
 * reason. A locker offline serves the codes it holds, and its events are applied in order, with
 * their own times, when it is back. An Open-Locker device, which has no keypad of ours, answers
 * apply_access_codes INVALID_COMMAND once and is not asked again.
 */

let t: TestApp;
let owner: TestUser;
let companyA: string;
let link: MqttLink;
let locker: { id: string; terminalId: string };
let terminal: VirtualTerminal;

let tracking = 0;
async function createOrder(type: string, extra: Record<string, unknown> = {}, ebox = locker.id) {
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
        ebox,
        compartimentSize: 'P',
        ...extra,
      },
    }),
  );
}

const orderOf = async (id: string) => ok(await owner.api.get(`/order/${id}`));
const historyOf = async (id: string) => ok(await owner.api.get(`/order/${id}/history`)) as any;
const historyRows = async (id: string) => {
  const answer = await historyOf(id);
  return (answer.rows ?? answer) as any[];
};
const auditOf = async (entityName: string, entityId: string) =>
  ok(await owner.api.get('/auditLog', { filter: { entityName, entityId }, orderBy: 'timestamp_ASC', limit: 100 })).rows;
const compartmentStatus = async (id: string) => ok(await owner.api.get(`/compartiment/${id}`)).status as string;

/** The terminal holds the order's code for `allows` (or no longer holds it: null), as the console last sent it. */
async function waitForCode(order: { accessCode: string }, allows: 'deposit' | 'pickup' | null) {
  return eventually(
    async () => terminal.accessCodes().find((entry) => entry.access_code === order.accessCode) ?? null,
    (entry) => (allows === null ? entry === null : entry?.allows === allows),
  );
}

/** Runs `play` as a terminal application that reports whatever code is typed: the console's checks are then the only ones. */
async function withoutTerminalChecks(play: () => Promise<unknown>) {
  terminal.checksAccessCodes = false;
  try {
    await play();
  } finally {
    terminal.checksAccessCodes = true;
  }
}

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
    // The terminal learns the new order's code, for a deposit in its booked compartment, and nothing else about it.
    const held = await waitForCode(order, 'deposit');
    expect(held).toEqual({
      compartment_number: order.compartimentNumber,
      access_code: order.accessCode,
      allows: 'deposit',
      order_id: order.id,
      tracking_code: order.trackingCode,
    });
    // The audit says the codes went, never which.
    const sent = await eventually(
      async () => ((await auditOf('ebox', locker.id)) as any[]).filter((row) => row.action === 'apply_access_codes'),
      (rows) => rows.length > 0,
    );
    expect(JSON.stringify(sent)).not.toContain(order.accessCode);
    expect(sent.at(-1).values.after).toMatchObject({ outcome: 'done' });

    await terminal.depositParcel({ compartmentNumber: order.compartimentNumber, accessCode: order.accessCode });
    const stored = await waitForStatus(order.id, 'STORED');
    expect(stored.storedAt).toBeTruthy();
    // Stamped with the locker's code, as the timeline names it, not its terminal's UUID.
    expect(stored.storedBy).toBe('terminal:PED01');
    expect(await compartmentStatus(compartment)).toBe('OCCUPIED');
    // In the locker is not delivered yet.
    expect(stored.delivered).not.toBe(true);

    await waitForCode(order, 'pickup');
    await terminal.takeParcel({ compartmentNumber: order.compartimentNumber, accessCode: order.accessCode });
    const taken = await waitForStatus(order.id, 'CUSTOMER_TAKEN');
    // Taken by the customer: delivered, as the order page says beside "Retirado pelo cliente".
    expect(taken.delivered).toBe(true);
    expect(await compartmentStatus(compartment)).toBe('AVAILABLE');
    await waitForCode(order, null);

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

  // Every other type from creation to its end: the locker's deposit and pickup (whose events the
  // order's type names: PARCEL_EVENT_CODES), then the console's steps the machine leads to.
  const JOURNEYS = [
    {
      type: 'RETURN',
      byLocker: [
        ['terminal.CUSTOMER_RETURN', 'STORED'],
        ['terminal.COURIER_TAKEN', 'COURIER_TAKEN'],
      ],
      byConsole: ['COURIER_INBOUND', 'COURIER_RETURNED'],
    },
    {
      type: 'SEND',
      byLocker: [
        ['terminal.CUSTOMER_SEND', 'STORED'],
        ['terminal.COURIER_TAKEN', 'COURIER_TAKEN'],
      ],
      byConsole: ['SEND_INBOUND', 'SEND_RETURNED'],
    },
    {
      type: 'STORAGE',
      byLocker: [
        ['terminal.CUSTOMER_STORAGE', 'CUSTOMER_STORED'],
        ['terminal.CUSTOMER_TAKEN', 'CUSTOMER_TAKEN'],
      ],
      byConsole: [],
    },
    {
      type: 'SMARTDROP',
      byLocker: [
        ['terminal.COURIER', 'COURIER_STORED'],
        ['terminal.CUSTOMER_TAKEN', 'CUSTOMER_TAKEN_AND_WAITING_FOR_RELEASE'],
      ],
      byConsole: ['CUSTOMER_TAKEN'],
    },
  ] as const;

  for (const journey of JOURNEYS) {
    it(`a ${journey.type.toLowerCase()} from creation to its end: deposit and pickup at the locker, then ${journey.byConsole.join(', ') || 'nothing more'} from the console`, async () => {
      const order = await createOrder(journey.type);
      const [deposited, taken] = journey.byLocker;
      await waitForCode(order, 'deposit');
      await terminal.depositParcel({ compartmentNumber: order.compartimentNumber, accessCode: order.accessCode });
      await waitForStatus(order.id, deposited[1]);
      expect(await compartmentStatus(order.compartiment.id)).toBe('OCCUPIED');
      await waitForCode(order, 'pickup');
      await terminal.takeParcel({ compartmentNumber: order.compartimentNumber, accessCode: order.accessCode });
      await waitForStatus(order.id, taken[1]);
      expect(await compartmentStatus(order.compartiment.id)).toBe('AVAILABLE');
      for (const status of journey.byConsole) {
        ok(await owner.api.post('/order/update-status', { data: { id: order.id, status, reason: `passo ${status}` } }));
        expect((await orderOf(order.id)).status).toBe(status);
      }
      const moves = (await historyRows(order.id)).filter((row) => row.to).map((row) => [row.trigger, row.to, row.actor.kind]);
      expect(moves).toEqual([
        [expect.any(String), 'CREATED', 'user'],
        [deposited[0], deposited[1], 'terminal'],
        [taken[0], taken[1], 'terminal'],
        ...journey.byConsole.map((status) => [expect.stringMatching(/^console\./), status, 'user']),
      ]);
      // Ended: the terminal no longer holds its code.
      await waitForCode(order, null);
    });
  }

  it('a code the terminal does not hold, or typed at another compartment, opens nothing there', async () => {
    const order = await createOrder('DELIVERY');
    await waitForCode(order, 'deposit');
    const unknown = String((Number(order.accessCode) + 1) % 1_000_000).padStart(6, '0');
    expect(await terminal.depositParcel({ compartmentNumber: order.compartimentNumber, accessCode: unknown })).toEqual({
      ok: false,
      reason: 'unknownCode',
    });
    const other = order.compartimentNumber === 6 ? 5 : 6;
    expect(await terminal.depositParcel({ compartmentNumber: other, accessCode: order.accessCode })).toEqual({
      ok: false,
      reason: 'wrongCompartment',
    });
    expect(await terminal.takeParcel({ accessCode: order.accessCode })).toEqual({ ok: false, reason: 'notAllowed' });
    // Then a door of its own, reported after whatever those tries made it send: the console handles
    // a locker's messages in order, so once this one is in its history the tries' ones were handled.
    const compartments = ok(await owner.api.get('/compartiment', { filter: { ebox: locker.id }, limit: 10 })).rows as any[];
    const marker = compartments.find((compartment) => compartment.number === other).id as string;
    await terminal.forceDoor(other);
    await eventually(
      async () => (await auditOf('compartiment', marker)) as any[],
      (rows) => rows.some((row) => row.action === 'door_opened_without_command'),
    );
    // Nothing reached the console: the timeline holds only the order's creation.
    expect((await historyRows(order.id)).map((row) => row.trigger)).toEqual(['create']);
    expect((await orderOf(order.id)).status).toBe('CREATED');
    expect(await compartmentStatus(order.compartiment.id)).toBe('BOOKED');
  });

  it('a code used in another compartment of a terminal that does not check: the order stays as it was and its history says why', async () => {
    const order = await createOrder('DELIVERY');
    const other = order.compartimentNumber === 6 ? 5 : 6;
    await withoutTerminalChecks(() => terminal.depositParcel({ compartmentNumber: other, accessCode: order.accessCode }));
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
    await withoutTerminalChecks(() => terminal.takeParcel({ compartmentNumber: order.compartimentNumber, accessCode: order.accessCode }));
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
    // A parcel already inside when the connection goes: its customer can still take it.
    const stored = await createOrder('STORAGE');
    await waitForCode(stored, 'deposit');
    await terminal.depositParcel({ compartmentNumber: stored.compartimentNumber, accessCode: stored.accessCode });
    await waitForStatus(stored.id, 'CUSTOMER_STORED');
    await waitForCode(stored, 'pickup');
    await waitForCode(order, 'deposit');

    await terminal.goOffline();
    await eventually(
      async () => ok(await owner.api.get(`/ebox/${locker.id}`)).status,
      (status) => status === 'offline',
    );
    const depositedAt = Date.now();
    expect(await terminal.depositParcel({ compartmentNumber: order.compartimentNumber, accessCode: order.accessCode })).toMatchObject({
      ok: true,
    });
    await pause(300);
    // Offline, the code of the parcel just put in now takes it out; a code it never held opens nothing.
    expect(await terminal.takeParcel({ compartmentNumber: order.compartimentNumber, accessCode: order.accessCode })).toMatchObject({
      ok: true,
    });
    expect(await terminal.takeParcel({ accessCode: '000001' })).toEqual({ ok: false, reason: 'unknownCode' });
    await pause(300);
    const takenAt = Date.now();
    expect(await terminal.takeParcel({ accessCode: stored.accessCode })).toEqual({
      ok: true,
      compartmentNumber: stored.compartimentNumber,
    });
    expect((await orderOf(order.id)).status).toBe('CREATED');
    expect((await orderOf(stored.id)).status).toBe('CUSTOMER_STORED');
    await pause(1_000);
    const backAt = Date.now();
    await terminal.goOnline();
    const taken = await waitForStatus(order.id, 'CUSTOMER_TAKEN');
    // The stamps are the terminal's times, before the reconnection.
    expect(new Date(taken.storedAt).getTime()).toBeGreaterThanOrEqual(depositedAt - 1_000);
    expect(new Date(taken.storedAt).getTime()).toBeLessThan(depositedAt + 1_000);
    expect(new Date(taken.storedAt).getTime()).toBeLessThanOrEqual(new Date(taken.collectedAt ?? taken.storedAt).getTime());
    const collected = await waitForStatus(stored.id, 'CUSTOMER_TAKEN');
    expect(new Date(collected.collectedAt).getTime()).toBeGreaterThanOrEqual(takenAt - 1_000);
    expect(new Date(collected.collectedAt).getTime()).toBeLessThan(backAt);
    // In the order they happened: the delivery's deposit and pickup, then the storage's pickup.
    const moves = async (id: string) => (await historyRows(id)).filter((row) => row.to).map((row) => row.at as string);
    const [storedAtMove, deliveredAt] = await moves(order.id);
    expect(Date.parse(String(storedAtMove))).toBeLessThan(Date.parse(String(deliveredAt)));
    expect(Date.parse(String(deliveredAt))).toBeLessThan(Date.parse(String((await moves(stored.id)).at(-1))));
    expect(await compartmentStatus(stored.compartiment.id)).toBe('AVAILABLE');
    // Back online, the list it is sent again no longer holds either code.
    await waitForCode(order, null);
    await waitForCode(stored, null);
  });

  it('an Open-Locker device answers apply_access_codes INVALID_COMMAND: marked as not supporting it, and not asked again', async () => {
    const terminalId = randomUUID();
    const id = ok(
      await owner.api.post('/ebox', { data: { name: 'Armário Open-Locker', code: 'PED02', company: companyA, enable: true, terminalId } }),
    ).id as string;
    ok(
      await owner.api.post('/compartiment', {
        data: { ebox: id, number: 1, boardNumber: 1, numberInColumn: 1, comNumber: 1, size: 'P', width: 1, height: 1, depth: 1 },
      }),
    );
    const credentials = await link.admin.createTerminalCredentials({ lockerId: id, username: terminalId });
    const device = new OpenLockerDevice({
      brokerUrl: link.url,
      lockerUuid: terminalId,
      password: credentials.password,
      heartbeatIntervalSeconds: 1,
    });
    try {
      await device.start();
      await device.waitForCommand('apply_access_codes', 15_000);
      await eventually(
        async () => ok(await owner.api.get(`/ebox/${id}`)).unsupportedActions as string[],
        (actions) => actions.includes('apply_access_codes'),
      );
      // An order for it changes its codes: the console does not send them again. Once the sending
      // job that change queued has run, it would have sent them.
      const changedAt = new Date().toISOString();
      await createOrder('DELIVERY', {}, id);
      await eventually(
        async () =>
          (
            await t.database.db.execute<{ state: string; queuedAfter: boolean }>(
              sql`SELECT state::text AS state, created_on >= ${changedAt}::timestamptz AS "queuedAfter" FROM pgboss.job WHERE name = 'terminal.apply-access-codes' AND data->>'eboxId' = ${id}`,
            )
          ).rows,
        (jobs) => jobs.some((job) => job.queuedAfter) && jobs.every((job) => ['completed', 'failed', 'cancelled'].includes(job.state)),
      );
      expect(device.received.filter((m) => m.payload.action === 'apply_access_codes')).toHaveLength(1);
      const audit = ((await auditOf('ebox', id)) as any[]).filter((row) => row.action === 'apply_access_codes');
      expect(audit.map((row) => row.values.after.outcome)).toEqual(['unsupported']);
    } finally {
      await device.stop();
    }
  });
});
