import { randomUUID } from 'node:crypto';
import type { AccessCodeEntry } from '@ebox/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Fleet } from '../src/fleet';
import { type BareBroker, startBareBroker } from './support/bare-broker';
import { TestConsole } from './support/test-console';

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

type ParcelData = { compartment_number: number; access_code: string };

describe('fleet', () => {
  it('brings many lockers online, plays only the paths their codes allow (deposit, then pickup), and says which could not connect', async () => {
    const lockers = Array.from({ length: 5 }, () => ({ lockerUuid: randomUUID(), brokerUrl: broker.url, doorCloseAfterMs: 20 }));
    const unreachable = { lockerUuid: randomUUID(), brokerUrl: 'mqtt://127.0.0.1:1', mqttOptions: { reconnectPeriod: 0 } };
    const fleet = new Fleet([...lockers, unreachable], { connectConcurrency: 2 });
    try {
      const { failed } = await fleet.start();
      expect(failed.map((f) => f.lockerUuid)).toEqual([unreachable.lockerUuid]);
      expect(fleet.terminals.filter((t) => t.online)).toHaveLength(5);

      // Nothing to play before the console gave any code: no random codes.
      await fleet.playSomething();
      expect(testConsole.heard.filter((m) => m.channel === 'lockerEvent' && String(m.payload.event).startsWith('parcel_'))).toEqual([]);

      // Each locker: three orders waiting for their deposit, one parcel inside waiting for its pickup.
      const given = new Map<string, AccessCodeEntry[]>();
      for (const [index, locker] of lockers.entries()) {
        const codes: AccessCodeEntry[] = [1, 2, 3, 4].map((number) => ({
          compartment_number: number,
          access_code: `${index}0000${number}`,
          allows: number === 4 ? 'pickup' : 'deposit',
          order_id: randomUUID(),
        }));
        given.set(locker.lockerUuid, codes);
        const { response } = await testConsole.command(locker.lockerUuid, 'apply_access_codes', { as_of: new Date().toISOString(), codes });
        expect(response.result).toBe('success');
      }

      // 5 lockers × (3 deposits + 3 pickups after them + 1 pickup) = 35 openings, then nothing is left.
      for (let i = 0; i < 40; i++) await fleet.playSomething();
      // Then a door of each locker's own: the console hears a locker's messages in the order it sent
      // them, so every event of its plays has been heard once its marker is.
      const online = fleet.terminals.filter((terminal) => terminal.online);
      for (const terminal of online) await terminal.forceDoor(8);
      for (const terminal of online)
        await testConsole.waitFor(
          (m) => m.lockerUuid === terminal.lockerUuid && m.channel === 'lockerEvent' && m.payload.event === 'door_opened_without_command',
          5_000,
          `the marker door of ${terminal.lockerUuid}`,
        );
      const events = testConsole.heard.filter((m) => m.channel === 'lockerEvent');
      const deposits = events.filter((m) => m.payload.event === 'parcel_deposited');
      const pickups = events.filter((m) => m.payload.event === 'parcel_taken');
      expect(deposits).toHaveLength(15);
      expect(pickups).toHaveLength(20);
      for (const event of [...deposits, ...pickups]) {
        const { compartment_number, access_code } = event.payload.data as ParcelData;
        const entry = given.get(event.lockerUuid!)!.find((c) => c.access_code === access_code);
        // Every opening used a code the console gave, in its own compartment.
        expect(entry?.compartment_number).toBe(compartment_number);
        if (event.payload.event === 'parcel_deposited') expect(entry?.allows).toBe('deposit');
        else if (entry?.allows === 'deposit')
          // A pickup with a deposit's code comes after that deposit.
          expect(deposits.findIndex((d) => (d.payload.data as ParcelData).access_code === access_code)).toBeGreaterThanOrEqual(0);
      }
      expect(fleet.terminals.flatMap((t) => t.accessCodes())).toEqual([]);
      expect(testConsole.heard.filter((m) => m.invalid)).toEqual([]);
    } finally {
      await fleet.stop();
    }
  });

  it('takes one locker after the other off the network now and then, each back after its outage', async () => {
    const lockers = Array.from({ length: 2 }, () => ({ lockerUuid: randomUUID(), brokerUrl: broker.url }));
    // Outages a hundred times shorter than the demo's (30 and 12 minutes), the first at once.
    const fleet = new Fleet(lockers, { outages: { everySeconds: 0.6, forSeconds: 0.3, firstAfterSeconds: 0.01 } });
    const index = (message: unknown) => testConsole.heard.indexOf(message as (typeof testConsole.heard)[number]);
    try {
      await fleet.start();
      const [first, second] = lockers.map((locker) => locker.lockerUuid);
      const willOf = (uuid: string | undefined) => (m: { lockerUuid?: string; channel?: string; payload: Record<string, unknown> }) =>
        m.lockerUuid === uuid && m.channel === 'lockerStateConnection' && m.payload.reason === 'mqtt_last_will';
      const firstWill = await testConsole.waitFor(willOf(first), 5_000, 'the first locker going offline (its last will)');
      // Back: its heartbeat after the will, as a terminal that reconnects sends it.
      await testConsole.waitFor(
        (m) => m.lockerUuid === first && m.channel === 'lockerStateHeartbeat' && index(m) > index(firstWill),
        5_000,
        'the first locker back online',
      );
      // The next outage is the other locker's.
      await testConsole.waitFor(willOf(second), 5_000, 'the second locker going offline');
    } finally {
      await fleet.stop();
    }
  });
});
