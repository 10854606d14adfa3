import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { createEnvelope, terminalTopics } from '@ebox/domain';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VirtualTerminal } from '../../terminal-sim/src';
import { createFloodGuard, createLogThrottle } from '../src/modules/terminal-link/flood-guard';
import type { TerminalLink } from '../src/modules/terminal-link/service';
import { onEvent } from '../src/platform/events';
import type { MqttLink } from '../src/platform/mqtt';
import { ok } from './support/answers';
import { eventually } from './support/eventually';
import { type Mosquitto, mosquittoAvailable, startMosquitto } from './support/mosquitto';
import { startTestApp, type TestApp, type TestUser } from './support/test-app';

/**
 * Issue 25, item 4: one terminal cannot flood the link. Over the embedded broker: 8,000 messages
 * from one locker's credentials leave another locker's opening answered in its usual time, flag
 * the locker once, and the link is idle within 10 s of the flood's end; refusals are not logged
 * once per message; a repeated snapshot is audited once; a 10 MB packet drops its connection.
 */

const HEARTBEAT_SECONDS = 1.5;
const FLOOD_MESSAGES = 8_000;

let t: TestApp;
let owner: TestUser;
let link: MqttLink;
let terminalLink: TerminalLink;
const terminals: VirtualTerminal[] = [];
const clients: MqttClient[] = [];
/** The server's log lines (JSON, info and up). */
const logLines: Record<string, any>[] = [];

const logStream = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split('\n'))
      if (line.trim()) {
        try {
          logLines.push(JSON.parse(line));
        } catch {
          // A partial or plain line: not one this test reads.
        }
      }
    done();
  },
});

async function createLocker(code: string) {
  const terminalId = randomUUID();
  const id = ok(await owner.api.post('/ebox', { data: { name: `Armário ${code}`, code, enable: true, terminalId } })).id as string;
  const compartment = ok(
    await owner.api.post('/compartiment', {
      data: { ebox: id, number: 1, boardNumber: 1, numberInColumn: 1, comNumber: 1, size: 'P', width: 1, height: 1, depth: 1 },
    }),
  ).id as string;
  const credentials = await link.admin.createTerminalCredentials({ lockerId: id, username: terminalId });
  return { id, terminalId, compartment, credentials };
}
type Locker = Awaited<ReturnType<typeof createLocker>>;

/** A connection with the terminal's own credentials, to send hand-made messages (a plain Open-Locker device: no versions). */
async function rawClient(locker: Locker) {
  const client = await mqtt.connectAsync(link.url, {
    protocolVersion: 4,
    clientId: `raw-${randomUUID().slice(0, 8)}`,
    username: locker.credentials.username,
    password: locker.credentials.password,
    reconnectPeriod: 0,
  });
  client.on('error', () => {});
  clients.push(client);
  return client;
}

const snapshot = (door: 'open' | 'closed', at = new Date()) =>
  JSON.stringify({ ...createEnvelope(at), compartments: [{ compartment_number: 1, door_state: door }] });

const publishSnapshot = (client: MqttClient, locker: Locker, door: 'open' | 'closed', at = new Date()) =>
  client.publishAsync(terminalTopics.compartments(locker.terminalId), snapshot(door, at), { qos: 1, retain: true });

const compartmentOf = async (id: string) => ok(await owner.api.get(`/compartiment/${id}`));
const auditOf = async (entityName: string, entityId: string) =>
  ok(await owner.api.get('/auditLog', { filter: { entityName, entityId }, orderBy: 'timestamp_ASC', limit: 100 })).rows as {
    action: string;
    values: { before: any; after: any };
  }[];

beforeAll(async () => {
  t = await startTestApp({
    mqtt: true,
    logStream,
    env: { MQTT_PORT: '0', MQTT_HOST: '127.0.0.1', TERMINAL_HEARTBEAT_SECONDS: String(HEARTBEAT_SECONDS) },
  });
  link = t.app.deps.mqtt as MqttLink;
  terminalLink = t.app.deps.terminalLink as TerminalLink;
  owner = await t.createUser({ roles: ['owner'] });
}, 60_000);

afterAll(async () => {
  await Promise.all(terminals.map((terminal) => terminal.stop().catch(() => {})));
  await Promise.all(clients.map((client) => client.endAsync(true).catch(() => {})));
  await t?.close();
});

describe('a terminal cannot flood the link', () => {
  it('drops a flooding terminal past its rate: other lockers are answered in time, one flag, idle within 10 s', async () => {
    const flooder = await createLocker('FLOOD1');
    const other = await createLocker('FLOOD2');
    const marker = await createLocker('FLOOD3');
    const terminal = new VirtualTerminal({
      brokerUrl: link.url,
      lockerUuid: other.terminalId,
      username: other.credentials.username,
      password: other.credentials.password,
      heartbeatIntervalSeconds: HEARTBEAT_SECONDS,
      compartments: [{ number: 1, boardNumber: 1, channel: 1 }],
      doorCloseAfterMs: 200,
      mqttOptions: { reconnectPeriod: 0 },
    });
    terminals.push(terminal);
    await terminal.start();
    await eventually(
      async () => ok(await owner.api.get(`/ebox/${other.id}`)),
      (body) => body.status === 'online',
    );
    // Its usual time, before the flood.
    let started = Date.now();
    ok(await owner.api.get(`/compartiment/open/${other.compartment}`));
    const usualMs = Date.now() - started;

    const flood = await rawClient(flooder);
    const markerClient = await rawClient(marker);
    const dropsBefore = terminalLink.refused.rateLimited;
    const sent: Promise<unknown>[] = [];
    for (let index = 0; index < FLOOD_MESSAGES; index += 1) {
      const door = index % 2 === 0 ? 'open' : 'closed';
      sent.push(
        index % 4 === 3
          ? flood.publishAsync(
              terminalTopics.event(flooder.terminalId),
              JSON.stringify({
                ...createEnvelope(),
                event: door === 'open' ? 'door_opened' : 'door_closed',
                data: { compartment_number: 1 },
              }),
              { qos: 1 },
            )
          : publishSnapshot(flood, flooder, door),
      );
    }

    // Another locker's opening while the flood is read: answered, in about its usual time.
    started = Date.now();
    const opened = await owner.api.get(`/compartiment/open/${other.compartment}`);
    const duringMs = Date.now() - started;
    expect(opened.status).toBe(200);
    expect(duringMs).toBeLessThan(Math.max(3_000, usualMs * 5));

    await Promise.all(sent);
    const floodEnded = Date.now();
    // The link is idle again within 10 s: a message another locker sends now is handled by then.
    await publishSnapshot(markerClient, marker, 'open');
    await eventually(
      () => compartmentOf(marker.compartment),
      (body) => body.doorOpen === true,
      10_000,
    );
    await eventually(
      async () => terminalLink.pending(),
      (pending) => pending === 0,
      Math.max(100, 10_000 - (Date.now() - floodEnded)),
    );
    expect(Date.now() - floodEnded).toBeLessThan(10_000);
    // Most of the flood was dropped unread.
    expect(terminalLink.refused.rateLimited - dropsBefore).toBeGreaterThan(FLOOD_MESSAGES / 2);

    // Flagged once: one audit row and one warning at the start, one summary line when it ended.
    const ended = await eventually(
      async () => logLines.filter((line) => line.msg === 'terminal back under its message rate' && line.terminalId === flooder.terminalId),
      (lines) => lines.length > 0,
      20_000,
    );
    expect(ended).toHaveLength(1);
    expect(ended[0]?.dropped).toBeGreaterThan(FLOOD_MESSAGES / 2);
    const flags = (await auditOf('ebox', flooder.id)).filter((row) => row.action === 'rate_limited');
    expect(flags).toHaveLength(1);
    expect(flags[0]?.values.after).toMatchObject({ terminalId: flooder.terminalId, ratePerSecond: 20, burst: 100 });
    const started_ = logLines.filter(
      (line) => line.msg?.startsWith('terminal over its message rate') && line.terminalId === flooder.terminalId,
    );
    expect(started_).toHaveLength(1);
    // A healthy locker beside it (heartbeats, snapshots, an opening) was never limited.
    expect((await auditOf('ebox', other.id)).filter((row) => row.action === 'rate_limited')).toHaveLength(0);
    expect((await auditOf('ebox', marker.id)).filter((row) => row.action === 'rate_limited')).toHaveLength(0);
  }, 120_000);

  it('logs a locker’s refused messages once, not once each', async () => {
    const locker = await createLocker('FLOOD4');
    const client = await rawClient(locker);
    const before = terminalLink.refused.malformed;
    for (let index = 0; index < 50; index += 1) await client.publishAsync(terminalTopics.event(locker.terminalId), 'not json', { qos: 1 });
    await eventually(
      async () => terminalLink.refused.malformed - before,
      (count) => count === 50,
    );
    // A later refusal of another reason: once its line is written, the malformed ones' are too.
    await client.publishAsync(
      terminalTopics.event(locker.terminalId),
      JSON.stringify({ ...createEnvelope(), event: 'door_opened', data: { compartment_number: 99 } }),
      { qos: 1 },
    );
    const topic = terminalTopics.event(locker.terminalId);
    await eventually(
      async () => logLines.filter((line) => line.topic === topic && line.reason === 'unknownCompartment'),
      (lines) => lines.length === 1,
    );
    expect(logLines.filter((line) => line.topic === topic && line.reason === 'malformed')).toHaveLength(1);
  });

  it('audits and publishes a snapshot repeated under new message_ids once', async () => {
    const locker = await createLocker('FLOOD5');
    const doorEvents: string[] = [];
    onEvent(t.app.deps, (event) => {
      const payload = event.payload as { compartimentId?: string; event?: string };
      if (event.name === 'compartiment.doorEvent' && payload.compartimentId === locker.compartment) doorEvents.push(String(payload.event));
    });
    const client = await rawClient(locker);
    const start = Date.now();
    for (let index = 0; index < 50; index += 1) await publishSnapshot(client, locker, 'open', new Date(start + index));
    // A change after them: once it is in the history, the 50 before it were handled.
    await publishSnapshot(client, locker, 'closed', new Date(start + 1_000));
    const history = await eventually(
      () => auditOf('compartiment', locker.compartment),
      (rows) => rows.some((row) => row.action === 'door_closed'),
    );
    expect(history.map((row) => row.action).filter((action) => action.startsWith('door_'))).toEqual(['door_opened', 'door_closed']);
    await eventually(
      async () => doorEvents,
      (events) => events.includes('door_closed'),
    );
    expect(doorEvents).toEqual(['door_opened', 'door_closed']);
  });

  it('drops a connection sending a 10 MB packet, and the link keeps working for the others', async () => {
    const big = await createLocker('FLOOD6');
    const marker = await createLocker('FLOOD7');
    const client = await rawClient(big);
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    const before = terminalLink.refused.malformed;
    void client.publishAsync(terminalTopics.event(big.terminalId), Buffer.alloc(10 * 1024 * 1024, 'x'), { qos: 1 }).catch(() => {});
    await closed;
    expect(logLines.some((line) => line.msg === 'mqtt: packet over the size allowed, connection dropped')).toBe(true);

    const markerClient = await rawClient(marker);
    await publishSnapshot(markerClient, marker, 'open');
    await eventually(
      () => compartmentOf(marker.compartment),
      (body) => body.doorOpen === true,
    );
    // The big packet never reached the link (it would have been refused as malformed).
    expect(terminalLink.refused.malformed).toBe(before);
  });
});

// The same limit on Mosquitto comes from its own `max_packet_size` (the tests' configuration sets it).
describe.runIf(mosquittoAvailable())('a 10 MB packet on Mosquitto', () => {
  let mosquitto: Mosquitto;
  let m: TestApp;
  let mOwner: TestUser;
  let mLink: MqttLink;
  const mClients: MqttClient[] = [];

  beforeAll(async () => {
    mosquitto = await startMosquitto();
    m = await startTestApp({
      mqtt: true,
      env: { MQTT_URL: mosquitto.url, MQTT_USERNAME: mosquitto.admin.username, MQTT_PASSWORD: mosquitto.admin.password },
    });
    mLink = m.app.deps.mqtt as MqttLink;
    mOwner = await m.createUser({ roles: ['owner'] });
  }, 60_000);

  afterAll(async () => {
    await Promise.all(mClients.map((client) => client.endAsync(true).catch(() => {})));
    await m?.close();
    await mosquitto?.stop();
  });

  it('drops the connection, and the link keeps working for the others', async () => {
    const lockerOn = async (code: string) => {
      const terminalId = randomUUID();
      const id = ok(await mOwner.api.post('/ebox', { data: { name: `Armário ${code}`, code, enable: true, terminalId } })).id as string;
      const compartment = ok(
        await mOwner.api.post('/compartiment', {
          data: { ebox: id, number: 1, boardNumber: 1, numberInColumn: 1, comNumber: 1, size: 'P', width: 1, height: 1, depth: 1 },
        }),
      ).id as string;
      const credentials = await mLink.admin.createTerminalCredentials({ lockerId: id, username: terminalId });
      const client = await mqtt.connectAsync(mLink.url, {
        protocolVersion: 4,
        clientId: `raw-${randomUUID().slice(0, 8)}`,
        username: credentials.username,
        password: credentials.password,
        reconnectPeriod: 0,
      });
      client.on('error', () => {});
      mClients.push(client);
      return { terminalId, compartment, client };
    };
    const big = await lockerOn('MFLOOD1');
    const marker = await lockerOn('MFLOOD2');
    const link = m.app.deps.terminalLink as TerminalLink;
    const before = link.refused.malformed;
    const closed = new Promise<void>((resolve) => big.client.once('close', () => resolve()));
    void big.client.publishAsync(terminalTopics.event(big.terminalId), Buffer.alloc(10 * 1024 * 1024, 'x'), { qos: 1 }).catch(() => {});
    await closed;

    await marker.client.publishAsync(terminalTopics.compartments(marker.terminalId), snapshot('open'), { qos: 1, retain: true });
    await eventually(
      async () => ok(await mOwner.api.get(`/compartiment/${marker.compartment}`)),
      (body) => body.doorOpen === true,
    );
    expect(link.refused.malformed).toBe(before);
  });
});

describe('the token bucket', () => {
  it('never limits a healthy terminal, and forgets idle ones', () => {
    const floods: string[] = [];
    const guard = createFloodGuard({
      perSecond: 20,
      burst: 100,
      quietMs: 5_000,
      onFloodStart: (start) => floods.push(start.key),
      onFloodEnd: () => {},
    });
    let now = 0;
    const take = () => expect(guard.admit('healthy', now)).toBe(true);
    // Connecting: heartbeat, snapshot, versions, a day's offline batch, the configuration's answer and snapshot.
    for (let index = 0; index < 8; index += 1) take();
    // An hour of one heartbeat each 10 s, with a burst of door and parcel events every minute.
    for (let second = 0; second < 3_600; second += 10) {
      now = second * 1000;
      take();
      if (second % 60 === 0) for (let index = 0; index < 10; index += 1) take();
    }
    expect(floods).toEqual([]);
    // Idle: its bucket refills and is forgotten.
    now += 60_000;
    guard.sweep(now);
    expect(guard.size()).toBe(0);
  });

  it('logs the first refusal of a kind at once and the rest as one count per interval', () => {
    const throttle = createLogThrottle(60_000);
    const summaries: [string, number][] = [];
    expect(throttle.admit('locker-a malformed', 0)).toBe(true);
    for (let index = 1; index <= 999; index += 1) expect(throttle.admit('locker-a malformed', index)).toBe(false);
    // Another locker's, or another reason's, is its own first line.
    expect(throttle.admit('locker-b malformed', 10)).toBe(true);
    throttle.sweep((key, held) => summaries.push([key, held]), 30_000);
    expect(summaries).toEqual([]);
    throttle.sweep((key, held) => summaries.push([key, held]), 60_000);
    expect(summaries).toEqual([['locker-a malformed', 999]]);
    // The next interval starts with a line of its own again.
    expect(throttle.admit('locker-a malformed', 61_000)).toBe(true);
  });
});
