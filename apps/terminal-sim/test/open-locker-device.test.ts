import { randomUUID } from 'node:crypto';
import { buildCompartmentMapping, classifyTerminalResponse, hashCompartmentMapping, validateTerminalMessage } from '@ebox/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OpenLockerDevice, openLockerConfigHash } from '../../api/test/support/open-locker-device';
import { type BareBroker, startBareBroker } from './support/bare-broker';
import { type HeardMessage, TestConsole } from './support/test-console';

/**
 * The plain Open-Locker device (written from the facts of Open-Locker's contract only) against our
 * contract: everything it sends validates, so our contract is a superset of Open-Locker's, and it
 * answers our extensions in a way the console reads as "not supported".
 */
let broker: BareBroker;
let testConsole: TestConsole;

beforeAll(async () => {
  broker = await startBareBroker();
  testConsole = await TestConsole.connect(broker.url);
});

afterAll(async () => {
  await testConsole.close();
  await broker.close();
});

const onChannel = (uuid: string, channel: HeardMessage['channel']) => (m: HeardMessage) => m.lockerUuid === uuid && m.channel === channel;

describe('Open-Locker device', () => {
  it('heartbeats, applies our config, opens a door, answers reboot INVALID_COMMAND, and everything it sends is valid for our contract', async () => {
    const uuid = randomUUID();
    const device = new OpenLockerDevice({ brokerUrl: broker.url, lockerUuid: uuid, doorPollMs: 100 });
    await device.start();
    try {
      await testConsole.waitFor(onChannel(uuid, 'lockerStateHeartbeat'), 5_000, 'its heartbeat');
      const first = await testConsole.waitFor(onChannel(uuid, 'lockerStateCompartments'), 5_000, 'its first snapshot');
      expect(first.payload.compartments).toHaveLength(8);

      // Our apply_config (built with our contract) is accepted: the hash is computed the same way.
      const mapping = buildCompartmentMapping([
        { number: 1, boardNumber: 1, comNumber: 1 },
        { number: 2, boardNumber: 1, comNumber: 2 },
        { number: 3, boardNumber: 2, comNumber: 1 },
      ]);
      expect(openLockerConfigHash(mapping)).toBe(await hashCompartmentMapping(mapping));
      const config = await testConsole.command(uuid, 'apply_config', {
        config_hash: await hashCompartmentMapping(mapping),
        heartbeat_interval_seconds: 10,
        compartments: mapping,
      });
      expect(classifyTerminalResponse(config.response as never).kind).toBe('done');
      expect(device.heartbeatIntervalSeconds).toBe(10);
      expect((await device.waitForCommand('apply_config')).data).toMatchObject({ compartments: mapping });
      expect(device.mapping).toEqual(mapping);
      await testConsole.waitFor(
        (m) => onChannel(uuid, 'lockerStateCompartments')(m) && (m.payload.compartments as unknown[]).length === 3,
        5_000,
        'the snapshot of the applied mapping',
      );

      const open = await testConsole.command(uuid, 'open_compartment', { compartment_number: 3 });
      expect(classifyTerminalResponse(open.response as never).kind).toBe('opened');
      const isDoor = (state: string) => (m: HeardMessage) =>
        onChannel(uuid, 'lockerStateCompartments')(m) &&
        (m.payload.compartments as { compartment_number: number; door_state: string }[]).some(
          (c) => c.compartment_number === 3 && c.door_state === state,
        );
      await testConsole.waitFor(isDoor('open'), 5_000, 'door 3 open');
      device.closeDoor(3);
      await testConsole.waitFor(isDoor('closed'), 5_000, 'door 3 closed at the next poll');

      const reboot = await testConsole.command(uuid, 'reboot', {});
      expect(reboot.response).toMatchObject({ result: 'error', error_code: 'INVALID_COMMAND' });
      expect(classifyTerminalResponse(reboot.response as never).kind).toBe('unsupported');

      device.jammed.add(1);
      const jammed = await testConsole.command(uuid, 'open_compartment', { compartment_number: 1 });
      expect(classifyTerminalResponse(jammed.response as never).kind).toBe('jammed');

      // A repeated transaction_id is dropped silently: no second pulse, no second answer.
      await testConsole.send(uuid, open.command);
      // A later command's answer: the device answers in order, so a second answer would be in by then.
      await testConsole.command(uuid, 'reboot', {});
      expect(testConsole.of(uuid, 'lockerResponse').filter((m) => m.payload.transaction_id === open.command.transaction_id)).toHaveLength(
        1,
      );

      await device.crash();
      const will = await testConsole.waitFor(onChannel(uuid, 'lockerStateConnection'), 5_000, 'its last will');
      expect(will.payload).toMatchObject({ status: 'offline', reason: 'mqtt_last_will' });

      // Everything the device sent, as heard and as it recorded it, is a message of our contract.
      const fromDevice = testConsole.heard.filter((m) => m.lockerUuid === uuid);
      expect(fromDevice.length).toBeGreaterThan(6);
      expect(fromDevice.filter((m) => m.invalid).map((m) => `${m.topic}: ${m.invalid}`)).toEqual([]);
      for (const { topic, payload } of device.sent) {
        const channel = testConsole.heard.find((m) => m.topic === topic)?.channel;
        expect(channel && validateTerminalMessage(channel, payload).ok, topic).toBe(true);
      }
      // And every command our side sent it is valid for the contract too.
      for (const { payload } of device.received) expect(validateTerminalMessage('lockerCommand', payload).ok).toBe(true);
    } finally {
      await device.stop();
    }
  });

  it('a silent device takes commands in and never answers', async () => {
    const uuid = randomUUID();
    const device = new OpenLockerDevice({ brokerUrl: broker.url, lockerUuid: uuid });
    await device.start();
    device.silent = true;
    try {
      await expect(testConsole.command(uuid, 'open_compartment', { compartment_number: 1 }, 500)).rejects.toThrow(/timed out/);
      expect(device.received).toHaveLength(1);
      expect(device.doorState(1)).toBe('closed');
    } finally {
      await device.stop();
    }
  });
});
