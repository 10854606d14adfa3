import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/platform/auth/passwords';
import { connectMqtt, createDatabaseBrokerAdmin, createMqttLinkClient, type MqttLink, type MqttLinkClient } from '../src/platform/mqtt';
import { replaceCredential } from '../src/platform/mqtt/credential-repository';
import { brokerBackends, grantOf, REFUSED } from './support/broker-backends';
import { eventually } from './support/eventually';
import { mosquittoAvailable, startMosquitto } from './support/mosquitto';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * Issue 14, item 9 and the broker side of item 4: the terminal link's broker, embedded (aedes) and
 * external (a real Mosquitto 2 with dynamic security), held to the same promises as an integrator
 * sees them: who may connect, who may publish and subscribe where, revocation at once, and several
 * API processes sharing the terminals' messages.
 */

const backends = brokerBackends();

/** A locker made through the API by a new owner: credentials must belong to a real locker. */
async function createLockerIn(t: TestApp): Promise<string> {
  const owner = await t.createUser({ roles: ['owner'] });
  const code = `MQ${randomUUID().slice(0, 8)}`;
  const created = await owner.api.post('/ebox', { data: { name: `Armário ${code}`, code } });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.id as string;
}

describe.each(backends)('MQTT broker: $name', (backend) => {
  let t: TestApp;
  let stop: () => Promise<void>;
  let link: MqttLink;
  const opened: MqttClient[] = [];

  beforeAll(async () => {
    ({ t, stop } = await backend.start());
    link = t.app.deps.mqtt as MqttLink;
  }, 60_000);
  afterAll(async () => {
    await Promise.all(opened.map((client) => client.endAsync(true).catch(() => {})));
    await stop?.();
  });

  async function connectAs(credentials: { username?: string; password?: string } | null, options: Partial<IClientOptions> = {}) {
    const client = await mqtt.connectAsync(link.url, {
      protocolVersion: 4,
      reconnectPeriod: 0,
      connectTimeout: 5_000,
      clientId: `test-${randomUUID().slice(0, 8)}`,
      ...(credentials ?? {}),
      ...options,
    });
    opened.push(client);
    return client;
  }

  /** The messages a client receives on topics matching `filter`, as they come. */
  function collect(client: MqttClient, match: (topic: string) => boolean): { topic: string; body: any }[] {
    const seen: { topic: string; body: any }[] = [];
    client.on('message', (topic, payload) => {
      if (match(topic)) seen.push({ topic, body: JSON.parse(payload.toString()) });
    });
    return seen;
  }

  /** A locker's terminal credentials (they belong to a real locker, made through the API). */
  async function enrolTerminal() {
    const lockerId = await createLockerIn(t);
    const credentials = await link.admin.createTerminalCredentials({ lockerId });
    return { lockerId, credentials };
  }

  it('refuses a client without credentials, and one with a wrong password', async () => {
    await expect(connectAs(null)).rejects.toThrow();
    const user = await makeEnrolmentUser();
    await expect(connectAs({ username: user.username, password: 'not-the-password' }, { clientId: user.clientId })).rejects.toThrow();
    const { credentials } = await enrolTerminal();
    await expect(connectAs({ username: credentials.username, password: `${credentials.password}x` })).rejects.toThrow();
  });

  /** A one-time enrolment user as createToken makes one, straight through the broker admin. */
  async function makeEnrolmentUser(expiresAt = new Date(Date.now() + 3600_000)) {
    const user = {
      username: `enrol-${randomUUID()}`,
      password: randomUUID(),
      clientId: `enrol-${randomUUID().slice(0, 12)}`,
      token: randomUUID().replaceAll('-', ''),
      expiresAt,
    };
    await link.admin.createEnrolmentUser(user);
    return user;
  }

  it('lets a one-time enrolment user register with its token and read its own reply, and nothing else', async () => {
    const registrations = collect(link.client.client, (topic) => topic.startsWith('locker/register/'));
    await link.client.handleShared('locker/register/+', () => {});
    const events = collect(link.client.client, (topic) => topic.endsWith('/event'));
    await link.client.handleShared('locker/+/event', () => {});

    const user = await makeEnrolmentUser();
    const other = await makeEnrolmentUser();
    const credentials = { username: user.username, password: user.password };
    // Only with its own client id: not another's, not a made-up one.
    await expect(connectAs(credentials)).rejects.toThrow();
    await expect(connectAs(credentials, { clientId: other.clientId })).rejects.toThrow();
    const device = await connectAs(credentials, { clientId: user.clientId });
    const replies = collect(device, () => true);
    expect(await grantOf(device, `locker/provisioning/reply/${user.clientId}`)).not.toBe(REFUSED);
    expect(await grantOf(device, `locker/provisioning/reply/${other.clientId}`)).toBe(REFUSED);
    expect(await grantOf(device, 'locker/provisioning/reply/someone-else')).toBe(REFUSED);
    expect(await grantOf(device, 'locker/provisioning/reply/#')).toBe(REFUSED);
    expect(await grantOf(device, 'locker/provisioning/reply/+')).toBe(REFUSED);
    expect(await grantOf(device, 'locker/+/command')).toBe(REFUSED);
    expect(await grantOf(device, `locker/register/${user.token}`)).toBe(REFUSED);

    await device.publishAsync(`locker/register/${user.token}`, JSON.stringify({ message_id: randomUUID(), client_id: user.clientId }), {
      qos: 1,
    });
    await eventually(
      async () => registrations.length,
      (n) => n === 1,
      5_000,
    );
    expect(registrations[0]?.topic).toBe(`locker/register/${user.token}`);

    await link.client.publishJson(`locker/provisioning/reply/${other.clientId}`, {
      status: 'success',
      data: { mqtt_user: 'x', mqtt_password: 'y' },
    });
    await link.client.publishJson('locker/provisioning/reply/someone-else', { status: 'error', message: 'nobody' });
    await link.client.publishJson(`locker/provisioning/reply/${user.clientId}`, { status: 'error', message: 'unknown token' });
    // Its own reply was published last: once it is here, the others would have been too.
    await eventually(
      async () => replies.filter((reply) => reply.body.message === 'unknown token').length,
      (n) => n === 1,
      5_000,
    );
    // The console's enrolment answers the made-up token too (on the same topic): count topics, not replies.
    expect([...new Set(replies.map((reply) => reply.topic))]).toEqual([`locker/provisioning/reply/${user.clientId}`]);

    // Last, as aedes closes the connection of a client publishing where it may not.
    // Not awaited: Mosquitto drops the message, aedes drops the connection, so no acknowledgement may come.
    device.publish(`locker/register/${other.token}`, JSON.stringify({ message_id: randomUUID(), client_id: user.clientId }), { qos: 1 });
    device.publish(`locker/${randomUUID()}/event`, JSON.stringify({ message_id: randomUUID(), event: 'forged' }), { qos: 1 });
    // The other user's own registration comes after both: once the console has it, it would have had them.
    const second = await connectAs({ username: other.username, password: other.password }, { clientId: other.clientId });
    await second.publishAsync(`locker/register/${other.token}`, JSON.stringify({ message_id: randomUUID(), client_id: other.clientId }), {
      qos: 1,
    });
    await eventually(
      async () => registrations.length,
      (n) => n >= 2,
      5_000,
    );
    expect(registrations.map((registration) => registration.body.client_id)).toEqual([user.clientId, other.clientId]);
    expect(events.filter((event) => event.body.event === 'forged')).toEqual([]);
  });

  it('deletes an enrolment user: it is disconnected at once and cannot come back; an expired one is refused', async () => {
    const user = await makeEnrolmentUser();
    const credentials = { username: user.username, password: user.password };
    const device = await connectAs(credentials, { clientId: user.clientId });
    const closed = new Promise<void>((resolve) => device.once('close', () => resolve()));
    await link.admin.removeEnrolmentUser(user.username);
    await closed;
    await expect(connectAs(credentials, { clientId: user.clientId })).rejects.toThrow();
    // Deleting it again (a sweep after the reply's deletion) is harmless.
    await link.admin.removeEnrolmentUser(user.username);
    // The embedded broker refuses one past its expiry itself; Mosquitto's is deleted by the enrolment sweep.
    if (link.admin.kind === 'embedded') {
      const expired = await makeEnrolmentUser(new Date(Date.now() - 1_000));
      await expect(connectAs({ username: expired.username, password: expired.password }, { clientId: expired.clientId })).rejects.toThrow();
    }
  });

  it('no longer lets the shared bootstrap user of earlier versions in', async () => {
    await expect(connectAs(link.bootstrap)).rejects.toThrow();
    await expect(connectAs(link.bootstrap, { clientId: `locker-client-${randomUUID().slice(0, 8)}` })).rejects.toThrow();
    if (link.admin.kind !== 'embedded') return; // Mosquitto's: 'an upgraded Mosquitto' below
    // A store an earlier version wrote: the shared user, bound to no client id, enrols no one.
    const legacy = { username: `legacy-${randomUUID().slice(0, 8)}`, password: randomUUID() };
    await replaceCredential(t.database.db, {
      username: legacy.username,
      passwordHash: await hashPassword(legacy.password),
      role: 'bootstrap',
      lockerId: null,
    });
    await expect(connectAs(legacy)).rejects.toThrow();
    await link.admin.retireSharedBootstrapUser(legacy.username);
    const live = (await t.database.db.execute(
      sql`select count(*)::int as n from terminal_credential where username = ${legacy.username} and revoked_at is null`,
    )) as unknown as { rows: { n: number }[] };
    expect(live.rows[0]?.n).toBe(0);
  });

  it("keeps a terminal to its own locker's topics", async () => {
    const events = collect(link.client.client, (topic) => topic.endsWith('/event'));
    await link.client.handleShared('locker/+/event', () => {});
    const wills = collect(link.client.client, (topic) => topic.endsWith('/state/connection'));
    await link.client.handleShared('locker/+/state/connection', () => {});
    const { lockerId, credentials } = await enrolTerminal();
    const someoneElse = randomUUID();
    const terminal = await connectAs(credentials, {
      will: { topic: `locker/${lockerId}/state/connection`, payload: Buffer.from('{"status":"offline"}'), qos: 1, retain: false },
    });
    const received = collect(terminal, () => true);

    expect(await grantOf(terminal, `locker/${lockerId}/command`)).not.toBe(REFUSED);
    expect(await grantOf(terminal, `locker/${someoneElse}/command`)).toBe(REFUSED);
    expect(await grantOf(terminal, 'locker/+/command')).toBe(REFUSED);
    expect(await grantOf(terminal, 'locker/#')).toBe(REFUSED);
    expect(await grantOf(terminal, 'locker/register/+')).toBe(REFUSED);

    await terminal.publishAsync(`locker/${lockerId}/event`, JSON.stringify({ message_id: 'own', event: 'door_opened' }), { qos: 1 });
    await eventually(
      async () => events.filter((e) => e.body.message_id === 'own').length,
      (n) => n === 1,
      5_000,
    );

    const command = link.client.sendCommand({
      lockerUuid: lockerId,
      action: 'open_compartment',
      data: { compartment_number: 1 },
      timeoutMs: 300,
    });
    await eventually(
      async () => received.length,
      (n) => n === 1,
      5_000,
    );
    expect(received[0]?.topic).toBe(`locker/${lockerId}/command`);
    expect(received[0]?.body).toMatchObject({ action: 'open_compartment', data: { compartment_number: 1 } });
    expect((await command).status).toBe('timeout');

    terminal.publish(`locker/${someoneElse}/event`, JSON.stringify({ message_id: 'forged', event: 'door_opened' }), { qos: 1 });
    // Then its own event: a broker that drops a refused publish (Mosquitto) passes it on, one that
    // closes the connection over it (aedes) publishes the terminal's last will instead. Either is
    // the broker's doing after it dealt with the forged one.
    terminal.publish(`locker/${lockerId}/event`, JSON.stringify({ message_id: 'after-forged', event: 'door_closed' }), { qos: 1 });
    await eventually(
      async () =>
        events.some((e) => e.body.message_id === 'after-forged') || wills.some((w) => w.topic === `locker/${lockerId}/state/connection`),
      Boolean,
      5_000,
    );
    expect(events.filter((e) => e.body.message_id === 'forged')).toEqual([]);
  });

  it("hears a terminal's last will when it drops off the network", async () => {
    const wills = collect(link.client.client, (topic) => topic.endsWith('/state/connection'));
    await link.client.handleShared('locker/+/state/connection', () => {});
    const { lockerId, credentials } = await enrolTerminal();
    const terminal = await connectAs(credentials, {
      will: {
        topic: `locker/${lockerId}/state/connection`,
        payload: Buffer.from(JSON.stringify({ message_id: randomUUID(), status: 'offline', reason: 'mqtt_last_will' })),
        qos: 1,
        retain: false,
      },
    });
    // A crash: the connection goes without a DISCONNECT packet.
    (terminal.stream as unknown as { destroy(): void }).destroy();
    await eventually(
      async () => wills.filter((w) => w.topic === `locker/${lockerId}/state/connection`).length,
      (n) => n === 1,
      5_000,
    );
    expect(wills.find((w) => w.topic.includes(lockerId))?.body).toMatchObject({ status: 'offline', reason: 'mqtt_last_will' });
  });

  it('stops revoked credentials at once: the connected terminal is cut off and cannot come back', async () => {
    const { lockerId, credentials } = await enrolTerminal();
    const terminal = await connectAs(credentials);
    const closed = new Promise<void>((resolve) => terminal.once('close', () => resolve()));
    const started = Date.now();
    await link.admin.revoke(lockerId);
    await closed;
    expect(Date.now() - started).toBeLessThan(2_000);
    await expect(connectAs(credentials)).rejects.toThrow();
  });

  it('re-enrolment replaces a terminal’s credentials: the old password stops working', async () => {
    const { lockerId, credentials } = await enrolTerminal();
    const again = await link.admin.createTerminalCredentials({ lockerId });
    await expect(connectAs(credentials)).rejects.toThrow();
    const terminal = await connectAs(again);
    expect(terminal.connected).toBe(true);
  });

  describe('two API processes on one broker', () => {
    let second: MqttLinkClient;
    beforeAll(async () => {
      second = await createMqttLinkClient(await connectMqtt(link.url, link.service));
    });
    afterAll(async () => {
      await second?.close();
    });

    it('hands each of 200 terminal events to exactly one of them', async () => {
      const handledBy = new Map<string, string[]>();
      const markers = new Map<string, string>();
      const record = (who: string) => (_topic: string, payload: Buffer) => {
        const id = JSON.parse(payload.toString()).message_id as string;
        if (id.startsWith('marker-')) markers.set(id, who);
        if (!id.startsWith('shared-')) return;
        handledBy.set(id, [...(handledBy.get(id) ?? []), who]);
      };
      await link.client.handleShared('locker/+/state/heartbeat', record('first'));
      await second.handleShared('locker/+/state/heartbeat', record('second'));
      const { lockerId, credentials } = await enrolTerminal();
      const terminal = await connectAs(credentials);
      for (let i = 0; i < 200; i += 1) {
        await terminal.publishAsync(
          `locker/${lockerId}/state/heartbeat`,
          JSON.stringify({ message_id: `shared-${i}`, uptime_seconds: i }),
          { qos: 1 },
        );
      }
      await eventually(
        async () => handledBy.size,
        (n) => n === 200,
        10_000,
      );
      // Markers after the 200 until each process has had one: the broker hands each its messages in
      // order, so a second copy of any of the 200 would have reached it before its marker.
      for (let i = 0; new Set(markers.values()).size < 2; i += 1) {
        if (i >= 50) throw new Error(`after 50 markers, only ${[...new Set(markers.values())]} had one`);
        await terminal.publishAsync(
          `locker/${lockerId}/state/heartbeat`,
          JSON.stringify({ message_id: `marker-${i}`, uptime_seconds: 200 + i }),
          { qos: 1 },
        );
        await eventually(async () => markers.has(`marker-${i}`), Boolean, 5_000);
      }
      const twice = [...handledBy.values()].filter((who) => who.length !== 1);
      expect(twice).toEqual([]);
      const byFirst = [...handledBy.values()].filter((who) => who[0] === 'first').length;
      expect(byFirst).toBeGreaterThan(0);
      expect(byFirst).toBeLessThan(200);
    });

    it('gets a command its answer whichever process sent it, and tells a silent terminal by a time-out', async () => {
      const { lockerId, credentials } = await enrolTerminal();
      const terminal = await connectAs(credentials);
      terminal.on('message', (topic, payload) => {
        const command = JSON.parse(payload.toString());
        if (command.data?.silent) return;
        void terminal.publishAsync(
          `locker/${lockerId}/response`,
          JSON.stringify({
            message_id: randomUUID(),
            timestamp: new Date().toISOString(),
            transaction_id: command.transaction_id,
            action: command.action,
            result: 'success',
            message: `done by ${topic}`,
          }),
          { qos: 1 },
        );
      });
      await terminal.subscribeAsync(`locker/${lockerId}/command`, { qos: 1 });

      const [fromFirst, fromSecond] = await Promise.all([
        link.client.sendCommand({ lockerUuid: lockerId, action: 'open_compartment', data: { compartment_number: 2 }, timeoutMs: 5_000 }),
        second.sendCommand({ lockerUuid: lockerId, action: 'open_compartment', data: { compartment_number: 3 }, timeoutMs: 5_000 }),
      ]);
      expect(fromFirst).toMatchObject({ status: 'answered', response: { result: 'success', transaction_id: fromFirst.transactionId } });
      expect(fromSecond).toMatchObject({ status: 'answered', response: { result: 'success', transaction_id: fromSecond.transactionId } });
      expect(fromFirst.transactionId).not.toBe(fromSecond.transactionId);

      const silent = await second.sendCommand({ lockerUuid: lockerId, action: 'open_compartment', data: { silent: true }, timeoutMs: 400 });
      expect(silent.status).toBe('timeout');
    });
  });
});

describe('embedded broker start-up and transports', () => {
  it('takes a free port when MQTT_PORT is taken, and says which', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '0.0.0.0', () => resolve()));
    const taken = (blocker.address() as net.AddressInfo).port;
    const log = new PassThrough();
    let logged = '';
    log.on('data', (chunk: Buffer) => {
      logged += chunk.toString();
    });
    const t = await startTestApp({ mqtt: true, env: { MQTT_PORT: String(taken) }, logStream: log });
    try {
      const link = t.app.deps.mqtt as MqttLink;
      expect(link.broker?.portFallback).toBe(true);
      expect(link.broker?.port).not.toBe(taken);
      expect(logged).toContain(`MQTT port ${taken} is taken; the embedded broker listens on ${link.broker?.port} instead`);
      const lockerId = await createLockerIn(t);
      const credentials = await link.admin.createTerminalCredentials({ lockerId });
      const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${link.broker?.port}`, { ...credentials, reconnectPeriod: 0 });
      expect(client.connected).toBe(true);
      await client.endAsync();
    } finally {
      await t.close();
      blocker.close();
    }
  });

  it("does not let an enrolment user take over a connected terminal's client id", async () => {
    const t = await startTestApp({ mqtt: true, env: { MQTT_PORT: '0', MQTT_HOST: '127.0.0.1' } });
    try {
      const link = t.app.deps.mqtt as MqttLink;
      const lockerId = await createLockerIn(t);
      const credentials = await link.admin.createTerminalCredentials({ lockerId });
      const terminal = await mqtt.connectAsync(link.url, { ...credentials, clientId: lockerId, reconnectPeriod: 0 });
      // Even one made with that client id (createToken never makes one so, but the broker must not rely on it).
      const enrolment = {
        username: `enrol-${randomUUID()}`,
        password: randomUUID(),
        clientId: lockerId,
        token: 'tok',
        expiresAt: new Date(Date.now() + 60_000),
      };
      await link.admin.createEnrolmentUser(enrolment);
      await expect(
        mqtt.connectAsync(link.url, { username: enrolment.username, password: enrolment.password, clientId: lockerId, reconnectPeriod: 0 }),
      ).rejects.toThrow();
      // A round trip on the terminal's own connection after the refusal: it still answers (a taken-over
      // session would have been closed before the refused client heard back).
      await Promise.race([
        terminal.publishAsync(`locker/${lockerId}/event`, JSON.stringify({ message_id: randomUUID(), event: 'door_closed' }), { qos: 1 }),
        new Promise((_, reject) => terminal.once('close', () => reject(new Error('the terminal was disconnected')))),
      ]);
      expect(terminal.connected).toBe(true);
      // The terminal itself may come back under its own id (a reconnection replaces its old session).
      const again = await mqtt.connectAsync(link.url, { ...credentials, clientId: lockerId, reconnectPeriod: 0 });
      expect(again.connected).toBe(true);
      await again.endAsync();
      await terminal.endAsync(true);
    } finally {
      await t.close();
    }
  });

  it('serves MQTT over WebSocket on the console port, and cuts off a terminal revoked by another process', async () => {
    const t = await startTestApp({ mqtt: true, env: { MQTT_PORT: '0', MQTT_HOST: '127.0.0.1' } });
    try {
      const link = t.app.deps.mqtt as MqttLink;
      const lockerId = await createLockerIn(t);
      const credentials = await link.admin.createTerminalCredentials({ lockerId });
      const terminal = await mqtt.connectAsync(`${t.baseUrl.replace('http', 'ws')}/mqtt`, {
        ...credentials,
        reconnectPeriod: 0,
        protocolVersion: 4,
      });
      expect(await grantOf(terminal, `locker/${lockerId}/command`)).not.toBe(REFUSED);
      const closed = new Promise<void>((resolve) => terminal.once('close', () => resolve()));
      // Another API process revokes through the database only; this one hears it through NOTIFY.
      await createDatabaseBrokerAdmin({ db: t.database.db }).revoke(lockerId);
      await closed;
      await expect(mqtt.connectAsync(`${t.baseUrl.replace('http', 'ws')}/mqtt`, { ...credentials, reconnectPeriod: 0 })).rejects.toThrow();
    } finally {
      await t.close();
    }
  });
});

describe.skipIf(!mosquittoAvailable())('an upgraded Mosquitto', () => {
  it('deletes the shared bootstrap user and its role that an earlier version made, at start', async () => {
    const mosquitto = await startMosquitto();
    let t: TestApp | undefined;
    const shared = { username: 'ebox-bootstrap', password: randomUUID() };
    try {
      // As an earlier console left it: the shared user, whose role could read any reply topic named exactly.
      const admin = await mqtt.connectAsync(mosquitto.url, { ...mosquitto.admin, reconnectPeriod: 0 });
      await admin.subscribeAsync('$CONTROL/dynamic-security/v1/response', { qos: 1 });
      const answered = new Promise<string>((resolve) => admin.once('message', (_topic, payload) => resolve(payload.toString())));
      await admin.publishAsync(
        '$CONTROL/dynamic-security/v1',
        JSON.stringify({
          commands: [
            {
              command: 'createRole',
              rolename: 'ebox-bootstrap',
              acls: [{ acltype: 'subscribePattern', topic: 'locker/provisioning/reply/+', allow: true }],
            },
            { command: 'createClient', ...shared, roles: [{ rolename: 'ebox-bootstrap' }] },
          ],
        }),
        { qos: 1 },
      );
      expect(await answered).not.toContain('error');
      await admin.endAsync();
      const before = await mqtt.connectAsync(mosquitto.url, { ...shared, reconnectPeriod: 0 });
      expect(await grantOf(before, 'locker/provisioning/reply/someone')).not.toBe(REFUSED);
      const cutOff = new Promise<void>((resolve) => before.once('close', () => resolve()));

      t = await startTestApp({
        mqtt: true,
        env: {
          MQTT_URL: mosquitto.url,
          MQTT_USERNAME: mosquitto.admin.username,
          MQTT_PASSWORD: mosquitto.admin.password,
          MQTT_BOOTSTRAP_USERNAME: shared.username,
        },
      });
      await cutOff;
      await expect(mqtt.connectAsync(mosquitto.url, { ...shared, reconnectPeriod: 0, connectTimeout: 5_000 })).rejects.toThrow();
    } finally {
      await t?.close();
      await mosquitto.stop();
    }
  }, 60_000);
});
