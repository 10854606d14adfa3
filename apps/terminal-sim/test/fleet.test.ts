import { randomUUID } from 'node:crypto';
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

describe('fleet', () => {
  it('brings many lockers online, plays deposits then pickups with the same codes, and says which could not connect', async () => {
    const lockers = Array.from({ length: 5 }, () => ({ lockerUuid: randomUUID(), brokerUrl: broker.url, doorCloseAfterMs: 20 }));
    const unreachable = { lockerUuid: randomUUID(), brokerUrl: 'mqtt://127.0.0.1:1', mqttOptions: { reconnectPeriod: 0 } };
    const fleet = new Fleet([...lockers, unreachable], { connectConcurrency: 2 });
    try {
      const { failed } = await fleet.start();
      expect(failed.map((f) => f.lockerUuid)).toEqual([unreachable.lockerUuid]);
      expect(fleet.terminals.filter((t) => t.online)).toHaveLength(5);

      for (let i = 0; i < 30; i++) await fleet.playSomething();
      await new Promise((resolve) => setTimeout(resolve, 200));
      const events = testConsole.heard.filter((m) => m.channel === 'lockerEvent');
      const deposits = events.filter((m) => m.payload.event === 'parcel_deposited');
      const pickups = events.filter((m) => m.payload.event === 'parcel_taken');
      expect(deposits.length + pickups.length).toBe(30);
      // Every pickup uses the access code its parcel was deposited with.
      for (const pickup of pickups) {
        const { compartment_number, access_code } = pickup.payload.data as { compartment_number: number; access_code: string };
        const deposit = deposits.filter(
          (d) =>
            d.lockerUuid === pickup.lockerUuid &&
            (d.payload.data as { compartment_number: number }).compartment_number === compartment_number,
        );
        expect(deposit.map((d) => (d.payload.data as { access_code: string }).access_code)).toContain(access_code);
      }
      expect(testConsole.heard.filter((m) => m.invalid)).toEqual([]);
    } finally {
      await fleet.stop();
    }
  });
});
