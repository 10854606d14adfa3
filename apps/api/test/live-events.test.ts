import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VirtualTerminal } from '../../terminal-sim/src';
import { API_PREFIX } from '../src/app';
import type { MqttLink } from '../src/platform/mqtt';
import { eventually } from './support/eventually';
import { type LiveReceived, openLiveStream } from './support/live-stream';
import { startTestApp, type TestApp, type TestUser } from './support/test-app';

/**
 * Issue 14, item 7: the live push. A terminal connected to process A reports a door; a browser
 * connected to process B (same database) receives it over GET /live within a second. Only users
 * who see the locker (company scope) and hold eboxRead receive anything.
 */

const HEARTBEAT_SECONDS = 1.5;
const env = { MQTT_PORT: '0', MQTT_HOST: '127.0.0.1', TERMINAL_HEARTBEAT_SECONDS: String(HEARTBEAT_SECONDS) };

let a: TestApp;
let b: TestApp;
let owner: TestUser;
let companyA: string;
let companyB: string;
const terminals: VirtualTerminal[] = [];
const streams: { abort: () => void }[] = [];

type Received = LiveReceived;

/** GET /live as the web reads it (support/live-stream.ts), ended with the file's other streams. */
async function openStream(app: TestApp, token: string) {
  const stream = await openLiveStream(app, token);
  streams.push({ abort: stream.close });
  return stream;
}

/**
 * Cancels a new order of company B on process A: its order.statusChanged reaches company B's
 * browsers after every event handled before it (one NOTIFY channel, delivered in commit order), so
 * a browser that hears it has heard by then anything wrongly sent to it before.
 */
async function cancelOrderOfCompanyB(): Promise<string> {
  const { orderId } = await createOrderAtNewLocker(companyB, 'LIVEM', 'Marcos Dias');
  expect((await owner.api.delete('/order', { ids: [orderId] })).status).toBe(200);
  return orderId;
}

/** An order of `company` booked at a new locker of its own (one compartment), by the owner. */
async function createOrderAtNewLocker(company: string, code: string, customerName: string): Promise<{ orderId: string; lockerId: string }> {
  const unique = `${code}${Date.now().toString(36).toUpperCase()}`;
  const locker = await owner.api.post('/ebox', { data: { name: `Armário ${unique}`, code: unique, enable: true, company } });
  expect(locker.status, JSON.stringify(locker.body)).toBe(200);
  const compartment = await owner.api.post('/compartiment', {
    data: { ebox: locker.body.id, number: 1, boardNumber: 1, numberInColumn: 1, comNumber: 1, size: 'P', width: 1, height: 1, depth: 1 },
  });
  expect(compartment.status, JSON.stringify(compartment.body)).toBe(200);
  const created = await owner.api.post('/order', {
    data: {
      type: 'DELIVERY',
      trackingCode: unique,
      shipper: company,
      company,
      customerName,
      ebox: locker.body.id,
      compartimentSize: 'P',
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return { orderId: created.body.id as string, lockerId: locker.body.id as string };
}

const markerHeard = (stream: { received: Received[] }, orderId: string) =>
  eventually(async () => stream.received.some((r) => r.event === 'order.statusChanged' && r.data.orderId === orderId), Boolean, 10_000);

beforeAll(async () => {
  a = await startTestApp({ mqtt: true, env });
  b = await startTestApp({ mqtt: true, env, databaseUrl: a.databaseUrl });
  owner = await a.createUser({ roles: ['owner'] });
  companyA = (await owner.api.post('/company', { data: { name: 'Transportes Live', type: 'carrier' } })).body.id;
  companyB = (await owner.api.post('/company', { data: { name: 'Outra Live', type: 'carrier' } })).body.id;
}, 90_000);

afterAll(async () => {
  for (const stream of streams) stream.abort();
  await Promise.all(terminals.map((terminal) => terminal.stop().catch(() => {})));
  await b?.close();
  await a?.close();
});

describe('GET /live', () => {
  it('pushes a door event handled by another process to the browsers that see the locker, and to no one else', async () => {
    const terminalId = randomUUID();
    const created = await owner.api.post('/ebox', {
      data: { name: 'Armário ao vivo', code: 'LIVE1', enable: true, terminalId, company: companyA },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const eboxId = created.body.id as string;
    const compartment = await owner.api.post('/compartiment', {
      data: { ebox: eboxId, number: 1, boardNumber: 1, numberInColumn: 1, comNumber: 1, size: 'P', width: 1, height: 1, depth: 1 },
    });
    expect(compartment.status, JSON.stringify(compartment.body)).toBe(200);

    // The browsers are on process B; the terminal is on process A's broker.
    const sameCompany = await b.createUser({ roles: ['owner'], allowedCompanies: [companyA] });
    const otherCompany = await b.createUser({ roles: ['owner'], allowedCompanies: [companyB] });
    const unlimited = await b.createUser({ roles: ['owner'] });
    const seeing = await openStream(b, sameCompany.token);
    const blind = await openStream(b, otherCompany.token);
    const everything = await openStream(b, unlimited.token);
    expect(seeing.response.status).toBe(200);
    expect(seeing.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    await eventually(
      async () => [seeing, blind, everything].map((stream) => stream.received.some((r) => r.event === 'ready')),
      (ready) => ready.every(Boolean),
    );

    const link = a.app.deps.mqtt as MqttLink;
    const credentials = await link.admin.createTerminalCredentials({ lockerId: eboxId, username: terminalId });
    const terminal = new VirtualTerminal({
      brokerUrl: link.url,
      lockerUuid: terminalId,
      username: credentials.username,
      password: credentials.password,
      heartbeatIntervalSeconds: HEARTBEAT_SECONDS,
      compartments: [{ number: 1, boardNumber: 1, channel: 1 }],
      doorCloseAfterMs: 300,
      mqttOptions: { reconnectPeriod: 0 },
    });
    terminals.push(terminal);
    await terminal.start();

    const online = await eventually(
      async () => seeing.received.find((r) => r.event === 'ebox.statusChanged' && r.data.status === 'online'),
      Boolean,
      15_000,
    );
    expect(online?.data).toMatchObject({ eboxId, terminalId, status: 'online' });

    const forcedAt = Date.now();
    await terminal.forceDoor(1);
    const opened = await eventually(
      async () => seeing.received.find((r) => r.event === 'compartiment.doorEvent' && r.data.event.startsWith('door_opened')),
      Boolean,
      10_000,
    );
    expect(opened?.data).toMatchObject({ eboxId, compartimentId: compartment.body.id, number: 1 });
    // Pushed, not polled: the browser hears of the door within a second or so of the terminal's report.
    expect((opened?.at ?? 0) - forcedAt).toBeLessThan(3_000);
    await eventually(
      async () => seeing.received.some((r) => r.event === 'compartiment.doorEvent' && r.data.event === 'door_closed'),
      Boolean,
      10_000,
    );
    await eventually(async () => everything.received.some((r) => r.event === 'compartiment.doorEvent'), Boolean, 10_000);

    await terminal.goOffline();
    await eventually(
      async () => seeing.received.some((r) => r.event === 'ebox.statusChanged' && r.data.status === 'offline'),
      Boolean,
      10_000,
    );
    // A later event of the other company's own: anything wrongly sent to it before has arrived by then.
    const marker = await cancelOrderOfCompanyB();
    await markerHeard(blind, marker);
    expect(blind.received.map((r) => r.event)).toEqual(['ready', 'order.created', 'order.statusChanged']);
  }, 90_000);

  it('refuses a user without eboxRead (403) and an anonymous caller (401)', async () => {
    const clerk = await b.createUser({ permissions: ['customerRead'] });
    const refused = await fetch(`${b.baseUrl}${API_PREFIX}/live`, { headers: { authorization: `Bearer ${clerk.token}` } });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBeTruthy();
    const anonymous = await fetch(`${b.baseUrl}${API_PREFIX}/live`);
    expect(anonymous.status).toBe(401);
  });
});

describe('GET /ebox/network-summary', () => {
  it('counts online and offline lockers in the caller scope and lists the silent ones', async () => {
    const inB = await owner.api.post('/ebox', { data: { name: 'Silencioso B', code: 'LIVEB', enable: true, company: companyB } });
    expect(inB.status, JSON.stringify(inB.body)).toBe(200);
    const limited = await a.createUser({ roles: ['owner'], allowedCompanies: [companyA] });
    const summary = await limited.api.get('/ebox/network-summary');
    expect(summary.status, JSON.stringify(summary.body)).toBe(200);
    expect(summary.body.online + summary.body.offline).toBe(1);
    expect(summary.body.silentLongest.map((row: { code: string }) => row.code)).toEqual(['LIVE1']);
    const all = await owner.api.get('/ebox/network-summary');
    expect(all.body.silentLongest.map((row: { code: string }) => row.code)).toContain('LIVEB');
    const clerk = await a.createUser({ permissions: ['customerRead'] });
    expect((await clerk.api.get('/ebox/network-summary')).status).toBe(403);
  });
});

// After the summary's counts: its locker would be one more in company A's scope.
describe('GET /live, orders', () => {
  it("pushes an order's status change to the users its company scope lets see the order, and to no one else", async () => {
    const { orderId, lockerId } = await createOrderAtNewLocker(companyA, 'LIVE', 'Joana Lima');

    // The browsers are on process B; the order is cancelled (a delete cancels, spec 4.1) on process A.
    const sameCompany = await b.createUser({ roles: ['owner'], allowedCompanies: [companyA] });
    const otherCompany = await b.createUser({ roles: ['owner'], allowedCompanies: [companyB] });
    const lockersOnly = await b.createUser({ permissions: ['eboxRead'], allowedCompanies: [companyA] });
    const seeing = await openStream(b, sameCompany.token);
    const blind = await openStream(b, otherCompany.token);
    const noOrders = await openStream(b, lockersOnly.token);
    await eventually(
      async () => [seeing, blind, noOrders].map((stream) => stream.received.some((r) => r.event === 'ready')),
      (ready) => ready.every(Boolean),
    );

    const cancelled = await owner.api.delete('/order', { ids: [orderId] });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const pushed = await eventually(
      async () => seeing.received.find((r) => r.event === 'order.statusChanged' && r.data.orderId === orderId),
      Boolean,
      10_000,
    );
    expect(pushed?.data).toMatchObject({ orderId, companyId: companyA, eboxId: lockerId, to: 'CANCELED' });
    // A later event of the other company's own: the same process handed out both notifications in
    // order, so anything wrongly sent to the other company, or to a user who may not read orders
    // (skipped in the same pass, without a read), has arrived by then.
    const marker = await cancelOrderOfCompanyB();
    await markerHeard(blind, marker);
    // Its creation too (the order list's "N new"), and neither reaches the other company.
    expect(blind.received.map((r) => [r.event, r.data.orderId])).toEqual([
      ['ready', undefined],
      ['order.created', marker],
      ['order.statusChanged', marker],
    ]);
    expect(noOrders.received.filter((r) => r.event.startsWith('order.'))).toEqual([]);
  }, 60_000);
});
