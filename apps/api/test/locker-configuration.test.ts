import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOCKER_CODES } from '../src/modules/demo/demo-data';
import { seedDemoData } from '../src/modules/demo/seed-demo';
import { onEvent } from '../src/platform/events';
import { connectMqtt, createMqttLinkClient, type MqttLink } from '../src/platform/mqtt';
import { ok } from './support/answers';
import { brokerBackends } from './support/broker-backends';
import { eventually } from './support/eventually';
import { type Mosquitto, mosquittoAvailable, startMosquitto } from './support/mosquitto';
import { OpenLockerDevice } from './support/open-locker-device';
import { startTestApp, type TestApp, type TestUser } from './support/test-app';

/**
 * Issue 25, item 1 ("the wrong door"), against a test client that plays Open-Locker's device from
 * the shared contract and refuses a configuration as it does (address outside 0 to 7, slaveId
 * below 1, two compartments on one board channel: INVALID_CONFIG, previous mapping kept):
 * - generated and demo lockers get a mapping the device accepts, and opening compartment N pulses
 *   the board channel its comNumber names (address comNumber − 1);
 * - a mapping that fails the console's own check is not sent, and the locker shows invalid;
 * - a refused mapping makes open, lock and release answer the refusal until one is accepted;
 * - the open answer carries the door the device reported for that opening.
 * Run on the embedded broker and on Mosquitto with dynamic security.
 */

const HEARTBEAT_SECONDS = 1;
const backends = brokerBackends({ TERMINAL_HEARTBEAT_SECONDS: String(HEARTBEAT_SECONDS), TERMINAL_COMMAND_TIMEOUT_SECONDS: '5' });

type Compartment = { id: string; number: number; boardNumber: number; comNumber: number };

describe.each(backends)('locker configuration: $name', (backend) => {
  let t: TestApp;
  let stop: () => Promise<void>;
  let link: MqttLink;
  let owner: TestUser;
  const devices: OpenLockerDevice[] = [];
  const configEvents: { eboxId: string; configStatus: string }[] = [];

  beforeAll(async () => {
    ({ t, stop } = await backend.start());
    link = t.app.deps.mqtt as MqttLink;
    owner = await t.createUser({ roles: ['owner'] });
    onEvent(t.app.deps, (event) => {
      if (event.name === 'ebox.configChanged') configEvents.push(event.payload as never);
    });
  }, 90_000);

  afterAll(async () => {
    await Promise.all(devices.map((device) => device.stop().catch(() => {})));
    await stop?.();
  });

  const lockerOf = async (id: string) => ok(await owner.api.get(`/ebox/${id}`));
  const compartmentsOf = async (ebox: string) =>
    ok(await owner.api.get('/compartiment', { filter: { ebox }, orderBy: 'number_ASC', limit: 100 })).rows as Compartment[];
  const auditOf = async (entityId: string) =>
    ok(await owner.api.get('/auditLog', { filter: { entityName: 'ebox', entityId }, orderBy: 'timestamp_ASC', limit: 100 })).rows as {
      action: string;
      values: { before: any; after: any };
    }[];

  /** A locker made through the API, with its terminal's credentials and no compartments yet. */
  async function createLocker(extra: Record<string, unknown> = {}) {
    const terminalId = randomUUID();
    const code = `CFG${randomUUID().slice(0, 6)}`;
    const data = { name: `Armário ${code}`, code, enable: true, terminalId, ...extra };
    const id = ok(await owner.api.post('/ebox', { data })).id as string;
    return { id, terminalId, data };
  }

  async function addCompartments(ebox: string, wiring: [number, number, number][]) {
    for (const [number, boardNumber, comNumber] of wiring) {
      ok(
        await owner.api.post('/compartiment', {
          data: { ebox, number, boardNumber, numberInColumn: number, comNumber, size: 'P', width: 1, height: 1, depth: 1, enable: true },
        }),
      );
    }
  }

  /** Starts the device of a locker (its own credentials) and waits until the console sees it online. */
  async function startDevice(locker: { id: string; terminalId: string }, options: { boardChannels?: number } = {}) {
    const credentials = await link.admin.createTerminalCredentials({ lockerId: locker.id, username: locker.terminalId });
    const device = new OpenLockerDevice({
      brokerUrl: link.url,
      lockerUuid: locker.terminalId,
      password: credentials.password,
      heartbeatIntervalSeconds: HEARTBEAT_SECONDS,
      doorPollMs: 200,
      ...options,
    });
    devices.push(device);
    await device.start();
    await eventually(
      () => lockerOf(locker.id),
      (body) => body.status === 'online',
    );
    return device;
  }

  const waitConfig = (eboxId: string, status: string) =>
    eventually(
      () => lockerOf(eboxId),
      (body) => body.configStatus === status,
    );

  /** Opens every compartment from the console; each pulse must be the compartment's own board channel. */
  async function expectEachOpensItsChannel(device: OpenLockerDevice, compartments: Compartment[]) {
    for (const compartment of compartments) {
      const opened = ok(await owner.api.get(`/compartiment/open/${compartment.id}`));
      expect(opened.status).toBe('opened');
      expect(device.pulses.at(-1)).toEqual({
        compartmentNumber: compartment.number,
        slaveId: compartment.boardNumber,
        address: compartment.comNumber - 1,
      });
    }
  }

  it('a generated locker gets a mapping the device accepts, and opening compartment N pulses the channel its comNumber names', async () => {
    const layout = ok(
      await owner.api.post('/compartimentLayout', {
        data: { code: `L${randomUUID().slice(0, 4)}`, name: 'Pequeno', width: 40, height: 10, depth: 50, enable: true },
      }),
    ).id;
    // Two 8-door columns wired to board 1: the second spills onto board 2, never channel 9 of board 1.
    const module = ok(
      await owner.api.post('/eboxModule', {
        data: { name: 'Coluna 8', code: `M${randomUUID().slice(0, 6)}`, defaultBoardNumber: 1, enable: true },
      }),
    ).id;
    for (let position = 1; position <= 8; position += 1) {
      ok(
        await owner.api.post('/eboxModuleCompartiment', {
          data: { eboxModule: module, staticNumber: position, compartimentLayout: layout, enable: true, priority: position },
        }),
      );
    }
    const locker = await createLocker({ eboxModule: [module, module], startNumber: 1 });
    ok(await owner.api.post('/ebox/generateCompartiments', { data: { ebox: locker.id } }));
    const compartments = await compartmentsOf(locker.id);
    expect(compartments).toHaveLength(16);
    expect(compartments.map((c) => [c.boardNumber, c.comNumber])).toEqual([
      ...Array.from({ length: 8 }, (_, i) => [1, i + 1]),
      ...Array.from({ length: 8 }, (_, i) => [2, i + 1]),
    ]);

    const device = await startDevice(locker);
    await waitConfig(locker.id, 'applied');
    expect(device.mapping).toHaveLength(16);
    await expectEachOpensItsChannel(device, compartments);
  }, 90_000);

  it('the demo lockers get mappings the device accepts, and each opening pulses its own channel', async () => {
    expect(await seedDemoData(t.app.deps)).toBe(true);
    const lockers = ok(await owner.api.get('/ebox', { filter: { code: 'RJ-' }, limit: 20 })).rows.filter((row: { code: string }) =>
      (DEMO_LOCKER_CODES as readonly string[]).includes(row.code),
    ) as { id: string; code: string }[];
    expect(lockers).toHaveLength(DEMO_LOCKER_CODES.length);
    for (const row of lockers) {
      const locker = { id: row.id, terminalId: randomUUID() };
      await t.database.db.execute(sql`update ebox set terminal_id = ${locker.terminalId} where id = ${row.id}`);
      const device = await startDevice(locker);
      await waitConfig(locker.id, 'applied');
      const compartments = await compartmentsOf(locker.id);
      expect(device.mapping).toHaveLength(compartments.length);
      await expectEachOpensItsChannel(device, compartments);
    }
  }, 180_000);

  it('a mapping that fails the check is not sent: the locker shows invalid with the reason, and its doors are not driven', async () => {
    const locker = await createLocker();
    // Channel 9 on an 8-channel board (the default).
    await addCompartments(locker.id, [
      [1, 1, 1],
      [2, 1, 9],
    ]);
    const device = await startDevice(locker);
    const invalid = await waitConfig(locker.id, 'invalid');
    // Marked in the same run that would have sent it: nothing reached the device.
    expect(device.received.filter((m) => m.payload.action === 'apply_config')).toEqual([]);
    expect(JSON.parse(invalid.configError)).toMatchObject({ code: 'outOfRange', numbers: '2', channels: 8 });
    const [first] = await compartmentsOf(locker.id);
    const refused = await t.client(owner.token, 'en').get(`/compartiment/open/${first?.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      outcome: 'misconfigured',
      message: 'The configuration was not sent to the terminal: compartments 2 name a channel outside 1 to 8 or a board below 1',
    });
    expect(device.pulses).toEqual([]);
    expect(ok(await t.client(owner.token, 'pt-BR').get(`/compartiment/open/${first?.id}`), 409).message).toBe(
      'A configuração não foi enviada ao terminal: os compartimentos 2 indicam um canal fora de 1 a 8 ou uma placa menor que 1',
    );

    // Fixed on the compartment's form: checked and sent at once, accepted, and the doors work again.
    const second = (await compartmentsOf(locker.id)).find((c) => c.number === 2) as Compartment;
    ok(
      await owner.api.put(`/compartiment/${second.id}`, {
        data: {
          ebox: locker.id,
          number: 2,
          boardNumber: 1,
          numberInColumn: 2,
          comNumber: 2,
          size: 'P',
          width: 1,
          height: 1,
          depth: 1,
          enable: true,
        },
      }),
    );
    await waitConfig(locker.id, 'applied');
    ok(await owner.api.get(`/compartiment/open/${second.id}`));
    expect(device.pulses).toEqual([{ compartmentNumber: 2, slaveId: 1, address: 1 }]);

    // The locker's own channel count is what the check reads: channel 5 on a 4-channel board.
    const small = await createLocker({ relayChannels: 4 });
    await addCompartments(small.id, [[1, 1, 5]]);
    await startDevice(small);
    expect(JSON.parse((await waitConfig(small.id, 'invalid')).configError)).toMatchObject({ code: 'outOfRange', channels: 4 });
    // Its boards have 8 channels after all: checked and sent again once the locker is saved.
    ok(await owner.api.put(`/ebox/${small.id}`, { data: { ...small.data, relayChannels: 8 } }));
    await waitConfig(small.id, 'applied');

    // Two compartments on one board channel.
    const doubled = await createLocker();
    await addCompartments(doubled.id, [
      [1, 1, 3],
      [2, 1, 3],
    ]);
    await startDevice(doubled);
    expect(JSON.parse((await waitConfig(doubled.id, 'invalid')).configError)).toMatchObject({
      code: 'duplicate',
      board: 1,
      channel: 3,
      numbers: '1, 2',
    });

    // An enabled compartment without a channel (an older row: the form requires one).
    const unwired = await createLocker();
    await addCompartments(unwired.id, [
      [1, 1, 1],
      [2, 1, 2],
    ]);
    await t.database.db.execute(sql`update compartiment set com_number = null where ebox_id = ${unwired.id} and number = 2`);
    await startDevice(unwired);
    expect(JSON.parse((await waitConfig(unwired.id, 'invalid')).configError)).toMatchObject({ code: 'unmapped', numbers: '2' });
  }, 90_000);

  it('a refused mapping makes open, lock and release answer the refusal (audited once), until one is accepted', async () => {
    const misconfiguredBefore = ok(await owner.api.get('/ebox/network-summary')).misconfigured as number;
    const locker = await createLocker();
    await addCompartments(locker.id, [
      [1, 1, 1],
      [2, 1, 6],
    ]);
    // A device whose boards have 4 channels: address 5 is outside them.
    const device = await startDevice(locker, { boardChannels: 4 });
    const refusedLocker = await waitConfig(locker.id, 'refused');
    expect(refusedLocker.configError).toMatch(/^INVALID_CONFIG: /);
    // Counted in the network summary, and pushed to the locker's page.
    expect(ok(await owner.api.get('/ebox/network-summary')).misconfigured).toBe(misconfiguredBefore + 1);
    expect(configEvents.filter((event) => event.eboxId === locker.id).map((event) => event.configStatus)).toEqual(['refused']);
    const [first] = await compartmentsOf(locker.id);
    const id = first?.id as string;

    const open = await t.client(owner.token, 'en').get(`/compartiment/open/${id}`);
    expect(open.status).toBe(409);
    expect(open.body.outcome).toBe('misconfigured');
    expect(open.body.message).toBe(`The terminal refused its configuration: ${refusedLocker.configError}`);
    const portuguese = await t.client(owner.token, 'pt-BR').get(`/compartiment/open/${id}`);
    expect(portuguese.status).toBe(409);
    expect(portuguese.body.message).toBe(`O terminal recusou a sua configuração: ${refusedLocker.configError}`);
    for (const status of ['DAMAGE', 'AVAILABLE'] as const) {
      if (status === 'AVAILABLE') {
        // Release needs a locked compartment: locked directly, as before the refusal.
        await t.database.db.execute(sql`update compartiment set status = 'DAMAGE' where id = ${id}`);
      }
      const answer = await t.client(owner.token, 'en').put(`/compartiment/lock/${id}`, { data: { status } });
      expect(answer.status).toBe(409);
      expect(answer.body.error.message).toBe(`The terminal refused its configuration: ${refusedLocker.configError}`);
    }
    expect(device.pulses).toEqual([]);

    // Online again (a crash, then back): sent and refused again, and the refusal is not audited twice.
    await device.crash();
    await eventually(
      () => lockerOf(locker.id),
      (body) => body.status === 'offline',
    );
    const again = await startDevice(locker, { boardChannels: 4 });
    await eventually(
      () => auditOf(locker.id),
      (rows) => rows.filter((row) => row.action === 'apply_config').length === 2,
    );
    const changes = (await auditOf(locker.id)).filter((row) => row.action === 'update' && row.values.after?.configStatus);
    expect(changes.map((row) => row.values.after.configStatus)).toEqual(['refused']);

    // A terminal that accepts it (its boards replaced): applied, audited, and the doors work again.
    await again.crash();
    await eventually(
      () => lockerOf(locker.id),
      (body) => body.status === 'offline',
    );
    const fixed = await startDevice(locker, { boardChannels: 8 });
    const applied = await waitConfig(locker.id, 'applied');
    expect(applied.configError).toBeNull();
    const cleared = (await auditOf(locker.id)).filter((row) => row.action === 'update' && row.values.after?.configStatus);
    expect(cleared.map((row) => row.values.after.configStatus)).toEqual(['refused', 'applied']);
    expect(ok(await owner.api.get('/ebox/network-summary')).misconfigured).toBe(misconfiguredBefore);
    ok(await owner.api.get(`/compartiment/open/${id}`));
    expect(fixed.pulses).toEqual([{ compartmentNumber: 1, slaveId: 1, address: 0 }]);
    expect(ok(await owner.api.put(`/compartiment/lock/${id}`, { data: { status: 'AVAILABLE' } })).status).toBe('AVAILABLE');
  }, 90_000);

  it('a success naming another mapping than the one sent is not taken as applied', async () => {
    const locker = await createLocker();
    await addCompartments(locker.id, [[1, 1, 1]]);
    const credentials = await link.admin.createTerminalCredentials({ lockerId: locker.id, username: locker.terminalId });
    const device = new OpenLockerDevice({ brokerUrl: link.url, lockerUuid: locker.terminalId, password: credentials.password });
    device.answeredConfigHash = 'f'.repeat(64);
    devices.push(device);
    await device.start();
    expect((await waitConfig(locker.id, 'refused')).configError).toBe(`applied_config_hash ${'f'.repeat(64)}`);
  }, 60_000);

  it('the open answer carries the door the device reported for that opening, not the one stored before', async () => {
    const locker = await createLocker();
    await addCompartments(locker.id, [[1, 1, 1]]);
    const device = await startDevice(locker);
    await waitConfig(locker.id, 'applied');
    const [compartment] = await compartmentsOf(locker.id);
    const id = compartment?.id as string;
    // Its clock now lags: the console keeps the door it stored (closed) over the "older" snapshot,
    // so only the snapshot of this opening says the door opened.
    device.clockOffsetMs = -10 * 60_000;
    const opened = ok(await owner.api.get(`/compartiment/open/${id}`));
    expect(opened.compartiment).toEqual({ id, number: 1, doorOpen: true, doorReported: true });
    expect(device.doorState(1)).toBe('open');
    expect(ok(await owner.api.get(`/compartiment/${id}`)).doorOpen).toBe(false);

    // No snapshot before the answer: the stored door, said to be so. The retained snapshot the
    // subscription is handed (door open, from the opening above) is an earlier reading, not this one's.
    device.snapshotOnOpen = false;
    const unreported = ok(await owner.api.get(`/compartiment/open/${id}`));
    expect(unreported.compartiment).toEqual({ id, number: 1, doorOpen: false, doorReported: false });
  }, 60_000);
});

describe.skipIf(!mosquittoAvailable())('the door of an opening with two API processes on one Mosquitto', () => {
  let mosquitto: Mosquitto;
  let a: TestApp;
  let b: TestApp;
  let owner: TestUser;
  let device: OpenLockerDevice | undefined;

  beforeAll(async () => {
    mosquitto = await startMosquitto();
    const env = {
      MQTT_URL: mosquitto.url,
      MQTT_USERNAME: mosquitto.admin.username,
      MQTT_PASSWORD: mosquitto.admin.password,
      TERMINAL_HEARTBEAT_SECONDS: String(HEARTBEAT_SECONDS),
      TERMINAL_COMMAND_TIMEOUT_SECONDS: '5',
    };
    a = await startTestApp({ mqtt: true, env });
    b = await startTestApp({ mqtt: true, env, databaseUrl: a.databaseUrl });
    owner = await a.createUser({ roles: ['owner'] });
  }, 90_000);

  afterAll(async () => {
    await device?.stop().catch(() => {});
    await b?.close();
    await a?.close();
    await mosquitto?.stop();
  });

  it('each process answers with the snapshot of its own command, whichever process the shared snapshot went to', async () => {
    const terminalId = randomUUID();
    const code = `TWO${randomUUID().slice(0, 6)}`;
    const ebox = ok(await owner.api.post('/ebox', { data: { name: `Armário ${code}`, code, enable: true, terminalId } })).id as string;
    const ids: string[] = [];
    for (const number of [1, 2]) {
      ids.push(
        ok(
          await owner.api.post('/compartiment', {
            data: {
              ebox,
              number,
              boardNumber: 1,
              numberInColumn: number,
              comNumber: number,
              size: 'P',
              width: 1,
              height: 1,
              depth: 1,
              enable: true,
            },
          }),
        ).id,
      );
    }
    const credentials = await (a.app.deps.mqtt as MqttLink).admin.createTerminalCredentials({ lockerId: ebox, username: terminalId });
    device = new OpenLockerDevice({
      brokerUrl: mosquitto.url,
      lockerUuid: terminalId,
      password: credentials.password,
      heartbeatIntervalSeconds: HEARTBEAT_SECONDS,
      doorPollMs: 200,
    });
    await device.start();
    await eventually(
      async () => ok(await owner.api.get(`/ebox/${ebox}`)).configStatus,
      (status) => status === 'applied',
    );
    // Reports that look old are stored by neither process: only each command's own snapshot says open.
    device.clockOffsetMs = -10 * 60_000;
    for (const [index, app] of [a, b].entries()) {
      const id = ids[index] as string;
      const opened = ok(await app.client(owner.token).get(`/compartiment/open/${id}`));
      expect(opened.compartiment).toEqual({ id, number: index + 1, doorOpen: true, doorReported: true });
    }
    expect(device.pulses.map((pulse) => pulse.address)).toEqual([0, 1]);
  }, 90_000);
});

describe('the door of an opening when the watcher connection lags', () => {
  let t: TestApp;
  const closers: (() => Promise<unknown>)[] = [];

  beforeAll(async () => {
    t = await startTestApp({ mqtt: true, env: { MQTT_PORT: '0', MQTT_HOST: '127.0.0.1' } });
  }, 60_000);
  afterAll(async () => {
    for (const close of closers.reverse()) await close().catch(() => {});
    await t?.close();
  });

  /** A TCP relay to the broker that holds what the broker sends back for `lagMs` (a slower path). */
  async function startLaggingRelay(target: number, lagMs: number): Promise<number> {
    const server = net.createServer((client) => {
      const upstream = net.connect(target, '127.0.0.1');
      client.pipe(upstream);
      upstream.on('data', (chunk) => setTimeout(() => client.writable && client.write(chunk), lagMs));
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
      client.on('error', () => upstream.destroy());
      upstream.on('error', () => client.destroy());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closers.push(() => new Promise((resolve) => server.close(resolve)));
    return (server.address() as net.AddressInfo).port;
  }

  it('takes the answer from the watcher connection, after the snapshot the terminal published before it', async () => {
    const link = t.app.deps.mqtt as MqttLink;
    const port = Number(new URL(link.url).port);
    const relay = await startLaggingRelay(port, 400);
    const client = await createMqttLinkClient(await connectMqtt(link.url, link.service), {
      watcher: await connectMqtt(`mqtt://127.0.0.1:${relay}`, link.service),
    });
    closers.push(() => client.close());
    // A terminal that publishes the snapshot and answers at once: on the link's fast connection the
    // answer arrives long before the watcher's copy of the snapshot.
    const lockerUuid = randomUUID();
    const terminal = await mqtt.connectAsync(link.url, {
      ...link.service,
      clientId: `terminal-${lockerUuid.slice(0, 8)}`,
      reconnectPeriod: 0,
    });
    closers.push(() => terminal.endAsync(true));
    terminal.on('message', (_topic, bytes) => {
      const command = JSON.parse(bytes.toString('utf8'));
      const base = `locker/${lockerUuid}`;
      const snapshot = {
        message_id: randomUUID(),
        timestamp: new Date().toISOString(),
        compartments: [{ compartment_number: 1, door_state: 'open' }],
      };
      const answer = {
        message_id: randomUUID(),
        timestamp: new Date().toISOString(),
        transaction_id: command.transaction_id,
        action: command.action,
        result: 'success',
      };
      void terminal
        .publishAsync(`${base}/state/compartments`, JSON.stringify(snapshot), { qos: 1, retain: true })
        .then(() => terminal.publishAsync(`${base}/response`, JSON.stringify(answer), { qos: 1 }));
    });
    await terminal.subscribeAsync(`locker/${lockerUuid}/command`, { qos: 1 });
    const outcome = await client.sendCommand({
      lockerUuid,
      action: 'open_compartment',
      data: { compartment_number: 1 },
      watchDoors: true,
      timeoutMs: 5_000,
    });
    expect(outcome.status).toBe('answered');
    expect(outcome.status === 'answered' && outcome.reportedDoors?.get(1)).toBe('open');
  }, 30_000);
});
