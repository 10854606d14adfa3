import { statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOCKER_CODES } from '../src/modules/demo/demo-data';
import { seedDemoData } from '../src/modules/demo/seed-demo';
import { type LockerSimulator, startLockerSimulator } from '../src/modules/demo/simulate-lockers';
import { eventually } from './support/eventually';
import { startTestApp, type TestApp, type TestUser } from './support/test-app';

/**
 * Issue 14, item 8: with demo data on, the console starts virtual terminals for the demo lockers in
 * a process of their own. They enrol through createToken and the MQTT enrolment like real terminals,
 * so the demo lockers come online; a restart reuses the credentials kept in DATA_DIR; a disenrolled
 * locker is enrolled again; SIMULATE_LOCKERS=false keeps it off.
 */

let t: TestApp;
let owner: TestUser;
let simulator: LockerSimulator | undefined;
const lines: string[] = [];

beforeAll(async () => {
  t = await startTestApp({ mqtt: true, env: { MQTT_PORT: '0', MQTT_HOST: '127.0.0.1' } });
  expect(await seedDemoData(t.app.deps)).toBe(true);
  owner = await t.createUser({ roles: ['owner'] });
}, 60_000);
afterAll(async () => {
  await simulator?.stop();
  await t.close();
});

type Locker = { id: string; code: string; status: string | null; enrolledAt: string | null; terminalId: string | null };

async function demoLockers(): Promise<Locker[]> {
  const list = await owner.api.get('/ebox', { orderBy: 'code_ASC', limit: 50 });
  expect(list.status).toBe(200);
  return list.body.rows;
}

async function startSimulator(env: NodeJS.ProcessEnv = {}): Promise<LockerSimulator> {
  return startLockerSimulator(t.app.deps, {
    apiUrl: `${t.baseUrl}/io/api/v1`,
    ownerEmail: owner.email,
    // Quiet lockers: the test watches enrolment and status, not deposits.
    env: { ...process.env, SIMULATE_ACTIVITY_SECONDS: '0', ...env },
    write: (line) => lines.push(line),
  });
}

const allOnline = (lockers: Locker[]) => lockers.length === DEMO_LOCKER_CODES.length && lockers.every((l) => l.status === 'online');

describe('the demo lockers simulated beside the console', () => {
  it('says it is off with SIMULATE_LOCKERS=false, and starts nothing', async () => {
    const off = await startSimulator({ SIMULATE_LOCKERS: 'false' });
    expect(off.summary).toBe('off (SIMULATE_LOCKERS=false)');
    await off.stop();
    expect((await demoLockers()).every((l) => l.status !== 'online' && !l.enrolledAt)).toBe(true);
  });

  it('enrols every demo locker like a real terminal and brings it online, from a separate process', async () => {
    simulator = await startSimulator();
    expect(simulator.summary).toMatch(/^4 demo lockers simulated by a separate process \(pid \d+\)/);
    const lockers = await eventually(demoLockers, allOnline, 90_000);
    for (const locker of lockers) {
      expect(locker.enrolledAt).toBeTruthy();
      expect(locker.terminalId).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(lines.some((line) => line.includes('0 demo locker(s) with the credentials kept'))).toBe(true);
    // The credentials are the terminals' passwords: only the console's user may read them.
    const file = path.join(t.config.dataDir, 'terminal-sim', 'demo-lockers.json');
    expect(statSync(file).mode & 0o077).toBe(0);
  }, 120_000);

  it('reconnects after a restart with the kept credentials, and enrols again only a disenrolled locker', async () => {
    await simulator?.stop();
    const [first] = await demoLockers();
    if (!first) throw new Error('no demo locker');
    const disenrolled = await owner.api.post(`/ebox/disenrol/${first.id}`, {});
    expect(disenrolled.status, JSON.stringify(disenrolled.body)).toBe(200);

    lines.length = 0;
    simulator = await startSimulator();
    await eventually(
      async () => lines,
      (heard) => heard.some((line) => line.includes('virtual lockers online')),
      90_000,
    );
    expect(lines).toContainEqual(expect.stringContaining('3 demo locker(s) with the credentials kept'));
    expect(lines).toContainEqual(expect.stringContaining(`enrolled ${first.code} as terminal`));
    await eventually(demoLockers, allOnline, 90_000);
  }, 200_000);
});
