import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VirtualTerminal } from '../../terminal-sim/src';
import type { MqttLink } from '../src/platform/mqtt';
import { ok } from './support/answers';
import { eventually } from './support/eventually';
import { type Mosquitto, mosquittoAvailable, startMosquitto } from './support/mosquitto';
import { startTestApp, type TestApp, type TestUser } from './support/test-app';

/**
 * Issue 31: a release run by two API processes (each with its own job worker, MQTT connection and
 * terminal link, one database and one file store) reaches virtual lockers of apps/terminal-sim, which
 * download, check the SHA-256, wait for their window and for idle, install and report. Each targeted
 * locker is commanded exactly once and no other is; a locker with a door open waits (waiting-idle)
 * until the door closes.
 */

/** 03:00 in São Paulo: inside the default 02:00-05:00 window the lockers install in. */
const IN_WINDOW = new Date('2026-03-10T06:00:00Z');
const DOOR_OPEN_MS = 15_000;

describe.skipIf(!mosquittoAvailable())('a release with virtual lockers and two API processes', () => {
  let mosquitto: Mosquitto;
  let a: TestApp;
  let b: TestApp;
  let owner: TestUser;
  let company: string;
  const terminals: { lockerId: string; terminal: VirtualTerminal; commands: Record<string, unknown>[] }[] = [];

  beforeAll(async () => {
    mosquitto = await startMosquitto();
    const env = {
      MQTT_URL: mosquitto.url,
      MQTT_USERNAME: mosquitto.admin.username,
      MQTT_PASSWORD: mosquitto.admin.password,
      TERMINAL_HEARTBEAT_SECONDS: '1.5',
      TERMINAL_COMMAND_TIMEOUT_SECONDS: '5',
      MQTT_BOOTSTRAP_PASSWORD: `bootstrap-${randomUUID()}`,
      // One file store for both (as replicas share S3): either may serve the download.
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ebox-release-data-')),
    };
    a = await startTestApp({ mqtt: true, env });
    b = await startTestApp({ mqtt: true, env, databaseUrl: a.databaseUrl });
    owner = await a.createUser({ roles: ['owner'] });
    company = ok(await owner.api.post('/company', { data: { name: 'Transportadora Versão', type: 'carrier' } })).id as string;
    for (const code of ['RTP-01', 'RTP-02', 'RTP-03', 'RTP-04']) {
      const terminalId = randomUUID();
      const lockerId = ok(await owner.api.post('/ebox', { data: { name: `Armário ${code}`, code, company, enable: true, terminalId } }))
        .id as string;
      ok(
        await owner.api.post('/compartiment', {
          data: { ebox: lockerId, number: 1, boardNumber: 1, numberInColumn: 1, comNumber: 1, size: 'P', width: 1, height: 1, depth: 1 },
        }),
      );
      const credentials = await (a.app.deps.mqtt as MqttLink).admin.createTerminalCredentials({ lockerId, username: terminalId });
      const terminal = new VirtualTerminal({
        brokerUrl: mosquitto.url,
        lockerUuid: terminalId,
        username: credentials.username,
        password: credentials.password,
        heartbeatIntervalSeconds: 1.5,
        compartments: [{ number: 1, boardNumber: 1, channel: 1 }],
        doorCloseAfterMs: DOOR_OPEN_MS,
        mqttOptions: { reconnectPeriod: 0 },
        clock: () => IN_WINDOW,
        installMs: 50,
        updateCheckMs: 200,
      });
      const commands: Record<string, unknown>[] = [];
      terminal.on('command', (command) => commands.push(command));
      await terminal.start();
      terminals.push({ lockerId, terminal, commands });
    }
    for (const { lockerId } of terminals)
      await eventually(
        async () => ok(await owner.api.get(`/ebox/${lockerId}`)).status,
        (status) => status === 'online',
      );
  }, 120_000);

  afterAll(async () => {
    for (const { terminal } of terminals) await terminal.stop().catch(() => {});
    await b?.close();
    await a?.close();
    await mosquitto?.stop();
  });

  it('commands each targeted locker exactly once and no other; a locker with an open door waits until it closes', async () => {
    const asked = ok(
      await owner.api.post('/upload/terminalUiVersion', { contentType: 'application/zip', fileName: 'ui.zip', type: 'zip' }),
    );
    const put = await fetch(`${a.baseUrl}${asked.SignedUrl}`, {
      method: 'PUT',
      body: Buffer.from('PK ui build 4.0.0'),
      headers: { 'content-type': 'application/zip' },
    });
    expect(put.status).toBe(200);
    const build = ok(
      await owner.api.post('/terminalUiVersion', {
        data: { identification: 'UI 4.0.0', description: 'UI', company, keyS3: asked.Key, file: asked.File.id },
      }),
    ).id as string;

    const [first, second, third, outside] = terminals as [
      (typeof terminals)[0],
      (typeof terminals)[0],
      (typeof terminals)[0],
      (typeof terminals)[0],
    ];
    // The third locker's door is open (a customer at it) when the release reaches it.
    const doorClosed = third.terminal.forceDoor(1);
    const targeted = [first, second, third];
    const id = ok(
      await owner.api.post('/terminalUiRelease', {
        data: {
          identification: 'UI 4.0.0 em três armários',
          company,
          terminalUiVersion: build,
          target: 'ebox',
          ebox: targeted.map((locker) => locker.lockerId),
          scheduledAt: new Date(Date.now() + 1_000).toISOString(),
        },
      }),
    ).id as string;
    const lockers = async () =>
      ok(await b.client(owner.token).get(`/terminalUiRelease/${id}/lockers`)).rows as { ebox: { id: string }; state: string }[];
    const stateOf = async (lockerId: string) => (await lockers()).find((row) => row.ebox.id === lockerId)?.state;

    // The canary installs; the next stage reaches the door-open locker, which downloads and waits.
    await eventually(
      () => stateOf(third.lockerId),
      (state) => state === 'waiting-idle',
      20_000,
    );
    expect(third.terminal.doorStates()[1]).toBe('open');
    expect(third.terminal.softwareUpdates()[id]?.detail).toMatch(/door/i);
    await doorClosed;
    await eventually(
      async () => ok(await a.client(owner.token).get(`/terminalUiRelease/${id}`)),
      (release) => release.status === 'COMPLETED',
      20_000,
    );
    expect((await lockers()).map((row) => row.state)).toEqual(['succeeded', 'succeeded', 'succeeded']);
    const updates = (commands: Record<string, unknown>[]) =>
      commands.filter((command) => command.action === 'software_update' && (command.data as { release_id?: string }).release_id === id);
    for (const locker of targeted) {
      expect(updates(locker.commands)).toHaveLength(1);
      expect(locker.terminal.versions.ui_version).toBe('UI 4.0.0');
    }
    expect(updates(outside.commands)).toHaveLength(0);
    // Each locker's reported UI version is the one it installed.
    for (const locker of targeted)
      await eventually(
        async () => ok(await owner.api.get(`/ebox/${locker.lockerId}`)).uiVersion,
        (version) => version === 'UI 4.0.0',
      );
  });
});
