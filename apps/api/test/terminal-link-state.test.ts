import { randomUUID } from 'node:crypto';
import { createEnvelope, terminalTopics } from '@ebox/domain';
import mqtt, { type MqttClient } from 'mqtt';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VirtualTerminal } from '../../terminal-sim/src';
import type { MqttLink } from '../src/platform/mqtt';
import { ok } from './support/answers';
import { eventually } from './support/eventually';
import { startTestApp, type TestApp, type TestUser } from './support/test-app';

/**
 * Issue 14, item 6: state from the lockers over the embedded broker, as an operator sees it through
 * the API: online with its last heartbeat, offline on the last will and after three missed
 * heartbeats, versions stored, door events in the compartment's history, repeats and malformed
 * messages changing nothing, and status changes (never heartbeats) in the audit log.
 */

const HEARTBEAT_SECONDS = 1.5;

let t: TestApp;
let owner: TestUser;
let link: MqttLink;
const terminals: VirtualTerminal[] = [];
const clients: MqttClient[] = [];

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

async function connectTerminal(locker: Awaited<ReturnType<typeof createLocker>>, options: { doorCloseAfterMs?: number } = {}) {
  const terminal = new VirtualTerminal({
    brokerUrl: link.url,
    lockerUuid: locker.terminalId,
    username: locker.credentials.username,
    password: locker.credentials.password,
    heartbeatIntervalSeconds: HEARTBEAT_SECONDS,
    compartments: [{ number: 1, boardNumber: 1, channel: 1 }],
    doorCloseAfterMs: options.doorCloseAfterMs ?? 200,
    mqttOptions: { reconnectPeriod: 0 },
  });
  terminals.push(terminal);
  await terminal.start();
  return terminal;
}

/** A second connection with the terminal's own credentials, to send hand-made messages. */
async function rawClient(locker: Awaited<ReturnType<typeof createLocker>>) {
  const client = await mqtt.connectAsync(link.url, {
    protocolVersion: 4,
    clientId: `raw-${randomUUID().slice(0, 8)}`,
    username: locker.credentials.username,
    password: locker.credentials.password,
    reconnectPeriod: 0,
  });
  clients.push(client);
  return client;
}

const lockerOf = async (id: string) => ok(await owner.api.get(`/ebox/${id}`));
/** What the console itself sends a locker that comes online (apply_config, its access codes): audited, not the terminal's. */
const CONSOLE_COMMANDS = ['apply_config', 'apply_access_codes'];
const auditOf = async (entityName: string, entityId: string) =>
  ok(await owner.api.get('/auditLog', { filter: { entityName, entityId }, orderBy: 'timestamp_ASC', limit: 100 })).rows as {
    action: string;
    actorLabel: string | null;
    values: { before: any; after: any };
  }[];

beforeAll(async () => {
  t = await startTestApp({
    mqtt: true,
    env: { MQTT_PORT: '0', MQTT_HOST: '127.0.0.1', TERMINAL_HEARTBEAT_SECONDS: String(HEARTBEAT_SECONDS) },
  });
  link = t.app.deps.mqtt as MqttLink;
  owner = await t.createUser({ roles: ['owner'] });
}, 60_000);

afterAll(async () => {
  await Promise.all(terminals.map((terminal) => terminal.stop().catch(() => {})));
  await Promise.all(clients.map((client) => client.endAsync(true).catch(() => {})));
  await t?.close();
});

describe('state from the lockers', () => {
  it('shows a heartbeating locker online with its last heartbeat and versions, and offline on its last will', async () => {
    const locker = await createLocker('LINK1');
    expect((await lockerOf(locker.id)).status ?? null).not.toBe('online');
    const terminal = await connectTerminal(locker);

    const online = await eventually(
      () => lockerOf(locker.id),
      (body) => body.status === 'online' && Boolean(body.lastHeartBeat) && Boolean(body.applicationVersion),
    );
    expect(Date.now() - Date.parse(online.lastHeartBeat)).toBeLessThan(5_000);
    expect(online.application).toBe(terminal.versions.application);
    expect(online.applicationVersion).toBe(terminal.versions.application_version);
    expect(online.osVersion).toBe(terminal.versions.os_version);
    // Spec 4.1's OS enum, as the terminal reported it.
    expect(online.os).toBe(terminal.versions.os);

    // The heartbeat keeps moving while it beats (batched, at most once a second).
    // (apply_config, sent as it came online, restarts the terminal's heartbeat timer: allow a few beats.)
    await eventually(
      () => lockerOf(locker.id),
      (body) => Date.parse(body.lastHeartBeat) > Date.parse(online.lastHeartBeat),
      5_000,
    );

    await terminal.goOffline();
    // At once on the last will: well before three heartbeat intervals would have said so.
    const offline = await eventually(
      () => lockerOf(locker.id),
      (body) => body.status === 'offline',
      5_000,
    );
    expect(offline.lastHeartBeat).toBeTruthy();

    // The console's own commands (modules/terminal-commands) are audited too; only the terminal's reports count here.
    // (and where its configuration stands, which the console records from apply_config's answer).
    const audit = (await auditOf('ebox', locker.id)).filter(
      (entry) => !CONSOLE_COMMANDS.includes(entry.action) && !(entry.action === 'update' && 'configStatus' in (entry.values.after ?? {})),
    );
    const changes = audit.filter((entry) => entry.action === 'online' || entry.action === 'offline');
    expect(changes.map((entry) => entry.action)).toEqual(['online', 'offline']);
    expect(changes.every((entry) => entry.actorLabel === `terminal:${locker.terminalId}`)).toBe(true);
    expect(changes[1]?.values.after.reason).toBe('last_will');
    // Many heartbeats arrived; none is in the log: only its creation, its versions and the two changes.
    expect(audit.map((entry) => entry.action).sort()).toEqual(['create', 'offline', 'online', 'update']);
    expect(audit.find((entry) => entry.action === 'update')?.values.after.applicationVersion).toBe(terminal.versions.application_version);
  });

  it('brings lockers that come online together online each, audited by its own terminal and sent its configuration', async () => {
    const lockers = await Promise.all(['LINK5', 'LINK6', 'LINK7'].map((code) => createLocker(code)));
    // Started together, their first heartbeats land in one batch (written once a second).
    const started = await Promise.all(lockers.map((locker) => connectTerminal(locker)));
    for (const [index, locker] of lockers.entries()) {
      await eventually(
        () => lockerOf(locker.id),
        (body) => body.status === 'online',
      );
      const audit = await eventually(
        () => auditOf('ebox', locker.id),
        (rows) => rows.some((row) => row.action === 'apply_config'),
      );
      const online = audit.filter((entry) => entry.action === 'online');
      expect(online).toHaveLength(1);
      expect(online[0]?.actorLabel).toBe(`terminal:${locker.terminalId}`);
      expect(online[0]?.values.after).toMatchObject({ status: 'online', reason: 'heartbeat', terminalId: locker.terminalId });
      // Channel 1 as printed on the board is the device's address 0.
      expect(started[index]?.mapping()).toEqual([{ compartment_number: 1, slaveId: 1, address: 0 }]);
    }
    await Promise.all(started.map((terminal) => terminal.stop()));
  });

  it('marks a silent locker offline after three missed heartbeats, by the system', async () => {
    const locker = await createLocker('LINK2');
    const terminal = await connectTerminal(locker);
    await eventually(
      () => lockerOf(locker.id),
      (body) => body.status === 'online',
    );
    // A clean stop sends no last will: only the silence tells.
    const stoppedAt = Date.now();
    await terminal.stop();
    await eventually(
      () => lockerOf(locker.id),
      (body) => body.status === 'offline',
      10_000,
    );
    expect(Date.now() - stoppedAt).toBeGreaterThanOrEqual(HEARTBEAT_SECONDS * 3 * 1000 - 1_100);
    const changes = (await auditOf('ebox', locker.id)).filter((entry) => entry.action === 'offline');
    expect(changes).toHaveLength(1);
    expect(changes[0]?.actorLabel).toBe('system:terminalLink');
    expect(changes[0]?.values.after.reason).toBe('heartbeat_timeout');

    // It comes back: online again, audited once more.
    await terminal.start();
    await eventually(
      () => lockerOf(locker.id),
      (body) => body.status === 'online',
    );
    const actions = (await auditOf('ebox', locker.id))
      .map((entry) => entry.action)
      .filter((a) => a !== 'update' && !CONSOLE_COMMANDS.includes(a));
    expect(actions).toEqual(['create', 'online', 'offline', 'online']);
    await terminal.stop();
  });

  it('keeps a locker online while its events wait their turn, and a will that waited does not undo a later return', async () => {
    const locker = await createLocker('LINK8');
    const terminal = await connectTerminal(locker);
    await eventually(
      () => lockerOf(locker.id),
      (body) => body.status === 'online' && Boolean(body.applicationVersion),
    );
    // Another transaction holds this message_id, so the event carrying it waits on PostgreSQL, as a
    // locker's events wait when thousands of lockers connect together; its heartbeats must not.
    const event = {
      ...createEnvelope(),
      event: 'versions',
      data: { application: 'ebox', application_version: '7.0.0', os: 'linux', os_version: '6' },
    };
    const blocker = new pg.Client({ connectionString: t.databaseUrl });
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('INSERT INTO terminal_message (message_id) VALUES ($1)', [event.message_id]);
      const raw = await rawClient(locker);
      await raw.publishAsync(terminalTopics.event(locker.terminalId), JSON.stringify(event), { qos: 1 });
      const waiting = await lockerOf(locker.id);
      // Heartbeats taken over four heartbeat intervals, longer than the three of silence that say
      // offline: held behind the event, the beats would have let it go offline.
      const meanwhile = await eventually(
        () => lockerOf(locker.id),
        (body) => Date.parse(body.lastHeartBeat) >= Date.parse(waiting.lastHeartBeat) + HEARTBEAT_SECONDS * 4 * 1000,
      );
      expect(meanwhile.status).toBe('online');
      expect(Date.parse(meanwhile.lastHeartBeat)).toBeGreaterThan(Date.parse(waiting.lastHeartBeat));
      expect(meanwhile.applicationVersion).not.toBe('7.0.0');

      // A last will queued behind the same event, then the terminal back with a heartbeat: online.
      const willAt = Date.now();
      const inFlight = t.app.deps.terminalLink?.pending() ?? 0;
      await raw.publishAsync(
        terminalTopics.connection(locker.terminalId),
        JSON.stringify({ ...createEnvelope(), status: 'offline', reason: 'mqtt_last_will' }),
        { qos: 1 },
      );
      // The heartbeat leaves once the console holds the will: a heartbeat at QoS 0 can overtake a
      // QoS 1 message inside the broker, as a terminal's return never overtakes its own last will.
      await eventually(
        async () => t.app.deps.terminalLink?.pending() ?? 0,
        (pending) => pending > inFlight,
      );
      await raw.publishAsync(terminalTopics.heartbeat(locker.terminalId), JSON.stringify({ ...createEnvelope(), uptime_seconds: 5 }), {
        qos: 0,
      });
      // A heartbeat taken after the will (heartbeats are not queued behind the locker's events).
      await eventually(
        () => lockerOf(locker.id),
        (body) => Date.parse(body.lastHeartBeat) > willAt,
      );
    } finally {
      await blocker.query('ROLLBACK');
      await blocker.end();
    }
    // The event is handled once the other transaction lets its message_id go; the will after it finds
    // a heartbeat later than itself and leaves the locker online.
    await eventually(
      () => lockerOf(locker.id),
      (body) => body.applicationVersion === '7.0.0',
    );
    // A later event of the locker's, queued after the will: once it is handled, so was the will.
    const after = {
      ...createEnvelope(),
      event: 'versions',
      data: { application: 'ebox', application_version: '7.0.1', os: 'linux', os_version: '6' },
    };
    await (await rawClient(locker)).publishAsync(terminalTopics.event(locker.terminalId), JSON.stringify(after), { qos: 1 });
    await eventually(
      () => lockerOf(locker.id),
      (body) => body.applicationVersion === '7.0.1',
    );
    expect((await lockerOf(locker.id)).status).toBe('online');
    const changes = (await auditOf('ebox', locker.id)).filter((entry) => entry.action === 'online' || entry.action === 'offline');
    expect(changes.map((entry) => entry.action)).toEqual(['online']);
    await terminal.stop();
  });

  it("records door events in the compartment's history and ignores repeats and malformed messages", async () => {
    const locker = await createLocker('LINK3');
    const terminal = await connectTerminal(locker, { doorCloseAfterMs: 100 });
    await eventually(
      () => lockerOf(locker.id),
      (body) => body.status === 'online' && Boolean(body.applicationVersion),
    );
    await terminal.forceDoor(1);
    const history = await eventually(
      () => auditOf('compartiment', locker.compartment),
      (rows) => rows.some((row) => row.action === 'door_closed'),
    );
    const doors = history.filter((row) => row.action.startsWith('door_'));
    expect(doors.map((row) => row.action)).toEqual(['door_opened_without_command', 'door_closed']);
    expect(doors[0]?.actorLabel).toBe(`terminal:${locker.terminalId}`);
    expect(Date.parse(doors[0]?.values.after.occurredAt)).toBeGreaterThan(Date.now() - 60_000);

    const before = await lockerOf(locker.id);
    const refusedBefore = { ...t.app.deps.terminalLink?.refused };
    const raw = await rawClient(locker);
    // The same door event twice (QoS 1 may deliver twice): recorded once.
    const opened = { ...createEnvelope(), event: 'door_opened', data: { compartment_number: 1 } };
    await raw.publishAsync(terminalTopics.event(locker.terminalId), JSON.stringify(opened), { qos: 1 });
    await raw.publishAsync(terminalTopics.event(locker.terminalId), JSON.stringify(opened), { qos: 1 });
    // Versions under a message_id already seen: ignored, whatever they say.
    const versions = { application: 'other', application_version: '9.9.9', os: 'linux', os_version: 'x' };
    await raw.publishAsync(
      terminalTopics.event(locker.terminalId),
      JSON.stringify({ ...createEnvelope(), message_id: opened.message_id, event: 'versions', data: versions }),
      { qos: 1 },
    );
    // Malformed: not JSON, a versions event with an OS nobody knows, a door event without its compartment.
    await raw.publishAsync(terminalTopics.event(locker.terminalId), 'not json', { qos: 1 });
    await raw.publishAsync(
      terminalTopics.event(locker.terminalId),
      JSON.stringify({ ...createEnvelope(), event: 'versions', data: { ...versions, os: 'beos' } }),
      { qos: 1 },
    );
    await raw.publishAsync(
      terminalTopics.event(locker.terminalId),
      JSON.stringify({ ...createEnvelope(), event: 'door_closed', data: {} }),
      {
        qos: 1,
      },
    );
    await raw.publishAsync(terminalTopics.connection(locker.terminalId), JSON.stringify({ status: 'offline' }), { qos: 1 });

    const refused = await eventually(
      async () => t.app.deps.terminalLink?.refused.malformed ?? 0,
      (count) => count >= (refusedBefore.malformed ?? 0) + 4,
    );
    expect(refused).toBe((refusedBefore.malformed ?? 0) + 4);
    // The last of them, the connection message, was handled after all the others (a locker's
    // messages are handled in the order they came): the repeats are dealt with too.
    const after = await lockerOf(locker.id);
    expect(after.status).toBe('online');
    expect(after.application).toBe(before.application);
    expect(after.applicationVersion).toBe(before.applicationVersion);
    expect(after.osVersion).toBe(before.osVersion);
    const doorsAfter = (await auditOf('compartiment', locker.compartment)).filter((row) => row.action.startsWith('door_'));
    expect(doorsAfter.map((row) => row.action)).toEqual(['door_opened_without_command', 'door_closed', 'door_opened']);
    await terminal.stop();
  });

  it('refuses heartbeats and events of a terminal no locker has', async () => {
    const locker = await createLocker('LINK4');
    // The locker forgets its terminal: its messages are now a stranger's.
    ok(await owner.api.put(`/ebox/${locker.id}`, { data: { terminalId: randomUUID() } }));
    const before = t.app.deps.terminalLink?.refused.unknownLocker ?? 0;
    const raw = await rawClient(locker);
    await raw.publishAsync(terminalTopics.heartbeat(locker.terminalId), JSON.stringify({ ...createEnvelope(), uptime_seconds: 1 }), {
      qos: 1,
    });
    await raw.publishAsync(
      terminalTopics.event(locker.terminalId),
      JSON.stringify({ ...createEnvelope(), event: 'door_opened', data: { compartment_number: 1 } }),
      { qos: 1 },
    );
    await eventually(
      async () => t.app.deps.terminalLink?.refused.unknownLocker ?? 0,
      (count) => count >= before + 2,
    );
    const body = await lockerOf(locker.id);
    expect(body.status ?? null).not.toBe('online');
    expect(body.lastHeartBeat ?? null).toBeNull();
  });
});
