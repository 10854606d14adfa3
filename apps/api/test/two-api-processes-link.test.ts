import { randomUUID } from 'node:crypto';
import { createEnvelope, terminalTopics } from '@ebox/domain';
import { sql } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VirtualTerminal } from '../../terminal-sim/src';
import { onEvent } from '../src/platform/events';
import type { MqttLink } from '../src/platform/mqtt';
import { eventually } from './support/eventually';
import { type Mosquitto, mosquittoAvailable, startMosquitto } from './support/mosquitto';
import { startTestApp, type TestApp, type TestUser } from './support/test-app';

/**
 * Issue 14, item 9: two API processes (two apps, each with its own MQTT connection, job worker and
 * terminal link) on one Mosquitto and one PostgreSQL. Each terminal event is handled by exactly one
 * of them (shared subscriptions: counted in the audit log), and a command sent through either gets
 * its answer (every process hears every response and settles only its own).
 */

const EVENTS = 1_000;
const REPEATS = 100;

describe.skipIf(!mosquittoAvailable())('two API processes on one Mosquitto and one database', () => {
  let mosquitto: Mosquitto;
  let a: TestApp;
  let b: TestApp;
  let ownerA: TestUser;
  let ownerB: TestUser;
  const closers: (() => Promise<unknown>)[] = [];

  beforeAll(async () => {
    mosquitto = await startMosquitto();
    const env = {
      MQTT_URL: mosquitto.url,
      MQTT_USERNAME: mosquitto.admin.username,
      MQTT_PASSWORD: mosquitto.admin.password,
      TERMINAL_HEARTBEAT_SECONDS: '1.5',
      TERMINAL_COMMAND_TIMEOUT_SECONDS: '5',
      // One terminal sends 1,000 events at once to check exactly-once handling, not the rate limit
      // (terminal-flood.test.ts), which would drop most of them.
      TERMINAL_RATE_BURST: '10000',
      // Replicas share their configuration, the bootstrap user's password included.
      MQTT_BOOTSTRAP_PASSWORD: `bootstrap-${randomUUID()}`,
    };
    a = await startTestApp({ mqtt: true, env });
    b = await startTestApp({ mqtt: true, env, databaseUrl: a.databaseUrl });
    ownerA = await a.createUser({ roles: ['owner'] });
    // The same person signed in on the other process (one database, one user table).
    ownerB = { ...ownerA, api: b.client(ownerA.token) };
  }, 90_000);

  afterAll(async () => {
    for (const close of closers) await close().catch(() => {});
    await b?.close();
    await a?.close();
    await mosquitto?.stop();
  });

  async function createLocker() {
    const terminalId = randomUUID();
    const code = `TWO${randomUUID().slice(0, 6)}`;
    const created = await ownerA.api.post('/ebox', { data: { name: `Armário ${code}`, code, enable: true, terminalId } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const compartment = await ownerA.api.post('/compartiment', {
      data: { ebox: created.body.id, number: 1, boardNumber: 1, numberInColumn: 1, comNumber: 1, size: 'P', width: 1, height: 1, depth: 1 },
    });
    expect(compartment.status, JSON.stringify(compartment.body)).toBe(200);
    const credentials = await (a.app.deps.mqtt as MqttLink).admin.createTerminalCredentials({
      lockerId: created.body.id,
      username: terminalId,
    });
    return { id: created.body.id as string, compartment: compartment.body.id as string, terminalId, credentials };
  }

  it(`handles ${EVENTS} terminal events exactly once between them`, async () => {
    const locker = await createLocker();
    const handledBy = { a: 0, b: 0 };
    /** The times of the marker events sent after the others, and which process handled one. */
    const markerTimes = new Set<number>();
    const markerBy = { a: false, b: false };
    const record = (who: 'a' | 'b') => (e: { name: string; payload: unknown }) => {
      const payload = e.payload as { compartimentId: string; at: string };
      if (e.name !== 'compartiment.doorEvent' || payload.compartimentId !== locker.compartment) return;
      handledBy[who] += 1;
      if (markerTimes.has(Date.parse(payload.at))) markerBy[who] = true;
    };
    onEvent(a.app.deps, record('a'));
    onEvent(b.app.deps, record('b'));
    const client: MqttClient = await mqtt.connectAsync(mosquitto.url, {
      protocolVersion: 4,
      clientId: `two-${randomUUID().slice(0, 8)}`,
      username: locker.credentials.username,
      password: locker.credentials.password,
      reconnectPeriod: 0,
    });
    closers.push(() => client.endAsync(true));
    const sent: Record<string, unknown>[] = [];
    const start = Date.now() - EVENTS * 1000;
    for (let i = 0; i < EVENTS; i += 1) {
      const message = {
        ...createEnvelope(new Date(start + i * 1000)),
        event: i % 2 === 0 ? 'door_opened' : 'door_closed',
        data: { compartment_number: 1 },
      };
      sent.push(message);
      await client.publishAsync(terminalTopics.event(locker.terminalId), JSON.stringify(message), { qos: 1 });
    }
    // QoS 1 may deliver twice: the same messages again change nothing.
    for (const message of sent.slice(0, REPEATS)) {
      await client.publishAsync(terminalTopics.event(locker.terminalId), JSON.stringify(message), { qos: 1 });
    }
    const countRows = async () => {
      const result = await a.database.db.execute(
        sql`select count(*)::int as n from audit_log where entity_name = 'compartiment' and entity_id = ${locker.compartment} and action like 'door_%'`,
      );
      const rows = (result as unknown as { rows?: { n: number }[] }).rows ?? (result as unknown as { n: number }[]);
      return Number(rows[0]?.n ?? 0);
    };
    await eventually(countRows, (n) => n >= EVENTS, 120_000);
    // Then markers, one at a time, until each process has handled one: a process handles a locker's
    // messages in the order they came, so a doubled handling of any before would be counted by then.
    while (!(markerBy.a && markerBy.b)) {
      if (markerTimes.size >= 50) throw new Error(`after 50 markers: ${JSON.stringify(markerBy)}`);
      const at = new Date(start + (EVENTS + markerTimes.size) * 1000);
      markerTimes.add(at.getTime());
      const marker = {
        ...createEnvelope(at),
        event: markerTimes.size % 2 === 0 ? 'door_opened' : 'door_closed',
        data: { compartment_number: 1 },
      };
      await client.publishAsync(terminalTopics.event(locker.terminalId), JSON.stringify(marker), { qos: 1 });
      await eventually(countRows, (n) => n >= EVENTS + markerTimes.size, 10_000);
    }
    expect(await countRows()).toBe(EVENTS + markerTimes.size);
    expect(handledBy.a + handledBy.b).toBe(EVENTS + markerTimes.size);
    // Both processes took a share.
    expect(handledBy.a).toBeGreaterThan(0);
    expect(handledBy.b).toBeGreaterThan(0);
  }, 180_000);

  it('answers a command sent through either process', async () => {
    const locker = await createLocker();
    const terminal = new VirtualTerminal({
      brokerUrl: mosquitto.url,
      lockerUuid: locker.terminalId,
      username: locker.credentials.username,
      password: locker.credentials.password,
      heartbeatIntervalSeconds: 1.5,
      compartments: [{ number: 1, boardNumber: 1, channel: 1 }],
      doorCloseAfterMs: 200,
      mqttOptions: { reconnectPeriod: 0 },
    });
    closers.push(() => terminal.stop());
    await terminal.start();
    await eventually(
      async () => (await ownerA.api.get(`/ebox/${locker.id}`)).body,
      (body) => body.status === 'online',
    );
    for (const [name, owner] of [
      ['a', ownerA],
      ['b', ownerB],
      ['b', ownerB],
      ['a', ownerA],
    ] as const) {
      const opened = await owner.api.get(`/compartiment/open/${locker.compartment}`);
      expect(opened.status, `through ${name}: ${JSON.stringify(opened.body)}`).toBe(200);
      const synced = await owner.api.post('/ebox/terminal/send', { data: { ebox: locker.id, type_message: 'sync' } });
      expect(synced.status, `through ${name}: ${JSON.stringify(synced.body)}`).toBe(200);
    }
    expect(terminal.runs.open_compartment).toBe(4);
    expect(terminal.runs.sync).toBe(4);
  }, 60_000);
});
