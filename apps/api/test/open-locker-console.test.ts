import { randomUUID } from 'node:crypto';
import { validateTerminalMessage } from '@ebox/domain';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MqttLink } from '../src/platform/mqtt';
import { ok } from './support/answers';
import { brokerBackends } from './support/broker-backends';
import { eventually } from './support/eventually';
import { enrolOpenLockerDevice, OpenLockerDevice } from './support/open-locker-device';
import type { TestApp, TestUser } from './support/test-app';

/**
 * Issue 14's acceptance of the Open-Locker superset: a device that knows only Open-Locker's contract
 * (apps/api/test/support/open-locker-device.ts, none of our extensions) is enrolled with a token
 * from createToken, configured, watched and opened from the console, and its INVALID_COMMAND to
 * our reboot is shown as "not supported". Every message the console sends it is checked against
 * our contract's schemas. Run on the embedded broker and on Mosquitto with dynamic security.
 */

const backends = brokerBackends({ TERMINAL_HEARTBEAT_SECONDS: '1' });

/** Which contract channel a console-published topic belongs to. */
function channelOf(topic: string): 'lockerCommand' | 'provisioningReply' | undefined {
  if (/^locker\/provisioning\/reply\//.test(topic)) return 'provisioningReply';
  if (/^locker\/[^/]+\/command$/.test(topic)) return 'lockerCommand';
  return undefined;
}

describe.each(backends)('an Open-Locker device run from the console: $name', (backend) => {
  let t: TestApp;
  let stop: () => Promise<void>;
  let owner: TestUser;
  let link: MqttLink;
  let device: OpenLockerDevice | undefined;
  let spy: MqttClient | undefined;
  /** Everything the console published to the device, as the device received it. */
  const sent: { topic: string; payload: unknown }[] = [];

  beforeAll(async () => {
    ({ t, stop } = await backend.start());
    link = t.app.deps.mqtt as MqttLink;
    owner = await t.createUser({ roles: ['owner'] });
  }, 90_000);
  afterAll(async () => {
    await device?.stop().catch(() => {});
    await spy?.endAsync(true).catch(() => {});
    await stop?.();
  });

  it('enrols, takes the mapping, goes online, opens a compartment, shows the door open and says reboot is not supported', async () => {
    const code = `OL${randomUUID().slice(0, 6)}`;
    const ebox = ok(await owner.api.post('/ebox', { data: { name: `Open-Locker ${code}`, code, enable: true } })).id as string;
    for (const number of [1, 2]) {
      ok(
        await owner.api.post('/compartiment', {
          data: { ebox, number, boardNumber: 1, numberInColumn: number, comNumber: number, size: 'P', width: 1, height: 1, depth: 1 },
        }),
      );
    }

    const { tokenData } = ok(await owner.api.post('/ebox/createToken', { locker: ebox, config: {} }));
    expect(tokenData.token).toEqual(expect.any(String));

    // The console's side of the conversation, watched by a service client (it may read every locker topic).
    spy = await mqtt.connectAsync(link.url, { ...link.service, clientId: `spy-${randomUUID().slice(0, 8)}`, reconnectPeriod: 0 });
    spy.on('message', (topic, bytes) => {
      if (channelOf(topic)) sent.push({ topic, payload: JSON.parse(bytes.toString('utf8')) });
    });
    await spy.subscribeAsync(['locker/provisioning/reply/+', 'locker/+/command'], { qos: 1 });

    const enrolment = await enrolOpenLockerDevice({
      brokerUrl: link.url,
      token: tokenData.token,
      bootstrapUsername: tokenData.bootstrapUsername,
      bootstrapPassword: tokenData.bootstrapPassword,
      clientId: tokenData.clientId,
    });
    expect(enrolment.status).toBe('success');
    if (enrolment.status !== 'success') return;
    expect(enrolment.mqttUser).toBe(tokenData.terminalId);

    device = new OpenLockerDevice({
      brokerUrl: link.url,
      lockerUuid: enrolment.mqttUser,
      password: enrolment.mqttPassword,
      clientId: enrolment.clientId,
      heartbeatIntervalSeconds: 1,
      doorPollMs: 200,
    });
    await device.start();

    // Online from its heartbeats, and configured with the mapping from boardNumber/comNumber.
    await eventually(
      async () => ok(await owner.api.get(`/ebox/${ebox}`)).status,
      (status) => status === 'online',
    );
    const config = (await device.waitForCommand('apply_config', 15_000)) as any;
    expect(config.data.compartments).toEqual([
      { compartment_number: 1, slaveId: 1, address: 0 },
      { compartment_number: 2, slaveId: 1, address: 1 },
    ]);

    // Opened from the console: 200 only once the device confirmed, and the snapshot shows the door open.
    const compartments = ok(await owner.api.get(`/compartiment?filter[ebox]=${ebox}&orderBy=number_ASC`)).rows as any[];
    const first = compartments.find((c) => c.number === 1);
    const opened = ok(await owner.api.get(`/compartiment/open/${first.id}`));
    expect(opened.status).toBe('opened');
    expect(device.doorState(1)).toBe('open');
    await eventually(
      async () => ok(await owner.api.get(`/compartiment/${first.id}`)).doorOpen,
      (doorOpen) => doorOpen === true,
    );

    // Our extension: the device answers INVALID_COMMAND; the console says "not supported" and remembers it.
    const reboot = await owner.api.post('/ebox/terminal/send', { data: { ebox, type_message: 'reboot' } });
    expect(reboot.status).not.toBe(200);
    expect(reboot.body.outcome).toBe('unsupported');
    expect(ok(await owner.api.get(`/ebox/${ebox}`)).unsupportedActions).toContain('reboot');

    // Every message the console sent the device is valid under our contract.
    expect(sent.length).toBeGreaterThanOrEqual(3);
    for (const message of sent) {
      const check = validateTerminalMessage(channelOf(message.topic)!, message.payload);
      expect(check.ok, `${message.topic}: ${check.ok ? '' : check.reason}`).toBe(true);
    }
  }, 90_000);
});
