import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DemoShipper, prepareDemoLockers } from '../../terminal-sim/src';
import { DEMO_LOCKER_CODES } from '../src/modules/demo/demo-data';
import { seedDemoData } from '../src/modules/demo/seed-demo';
import { type LockerSimulator, startLockerSimulator } from '../src/modules/demo/simulate-lockers';
import { eventually } from './support/eventually';
import { startTestApp, type TestApp, type TestUser } from './support/test-app';

/**
 * Issue 14, item 8: with demo data on, the console starts virtual terminals for the demo lockers in
 * a process of their own. They enrol through createToken and the MQTT enrolment like real terminals,
 * so the demo lockers come online; a restart reuses the credentials kept in DATA_DIR; a disenrolled
 * locker is enrolled again; SIMULATE_LOCKERS=false keeps it off. Issue 15 item 7: it signs out the
 * session it enrolled with, and plays a shipper sending parcels to the demo lockers through POST /order.
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
    // No outages: these tests read the lockers online.
    env: { ...process.env, SIMULATE_ACTIVITY_SECONDS: '0', SIMULATE_OUTAGE_MINUTES: '0', ...env },
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
    const since = new Date().toISOString();
    // This time the shipper plays too, every 2 s.
    simulator = await startSimulator({ SIMULATE_ORDERS_SECONDS: '2' });
    await eventually(
      async () => lines,
      (heard) => heard.some((line) => line.includes('virtual lockers online')),
      90_000,
    );
    expect(lines).toContainEqual(expect.stringContaining('3 demo locker(s) with the credentials kept'));
    expect(lines).toContainEqual(expect.stringContaining(`enrolled ${first.code} as terminal`));
    // Its enrolment session ended without a complaint (a sign-out refused would say so).
    expect(lines.filter((line) => line.includes('could not end'))).toEqual([]);
    await eventually(demoLockers, allOnline, 90_000);

    // The shipper's parcels arrive through the API, each booking a compartment of a demo locker.
    const shipped = await eventually(
      async () =>
        (await owner.api.get('/order', { filter: { createdAt: [since, new Date(Date.now() + 60_000).toISOString()] } })).body as {
          count: number;
          rows: { type: string; status: string; eboxCode: string; trackingCode: string }[];
        },
      (page) => page.count > 0,
      60_000,
    );
    const order = shipped.rows[0];
    expect(order).toMatchObject({ type: 'DELIVERY', status: 'CREATED' });
    expect(DEMO_LOCKER_CODES).toContain(order.eboxCode);
    // The simulator says so once the API has answered it, which can be after the order is listed.
    await eventually(
      async () => lines,
      (heard) => heard.some((line) => line.includes(`order ${order.trackingCode}`)),
      15_000,
    );
  }, 200_000);

  it('ends the session it enrolled with, even when it sends the sign-out as JSON with no body', async () => {
    const signedIn = await t.api.post('/auth/sign-in', { email: owner.email, password: owner.password });
    const session = signedIn.body as string;
    const heard: string[] = [];
    const prepared = await prepareDemoLockers({
      apiUrl: `${t.baseUrl}/io/api/v1`,
      sessionToken: session,
      codes: [],
      credentialsFile: path.join(mkdtempSync(path.join(tmpdir(), 'demo-sign-out-')), 'lockers.json'),
      log: (line) => heard.push(line),
    });
    expect(prepared.lockers).toEqual([]);
    expect(heard).toEqual([]);
    expect((await t.client(session).get('/auth/me')).status).toBe(401);
  });

  it('plays a shipper: a DELIVERY for a customer of a shipper, booked in a size the demo locker has free', async () => {
    const heard: string[] = [];
    const shipper = new DemoShipper({
      apiUrl: `${t.baseUrl}/io/api/v1`,
      sessionToken: owner.token,
      codes: DEMO_LOCKER_CODES,
      log: (line) => heard.push(line),
    });
    const shipped = await shipper.shipOne();
    if (!shipped) throw new Error(`no order shipped: ${heard.join('; ')}`);
    const order = await owner.api.get(`/order/${shipped.id}`);
    expect(order.status).toBe(200);
    expect(order.body).toMatchObject({
      type: 'DELIVERY',
      status: 'CREATED',
      trackingCode: shipped.trackingCode,
      eboxCode: shipped.lockerCode,
      compartimentSize: shipped.size,
      company: { label: 'Aurora Modas' },
      shipper: { label: 'Aurora Modas' },
    });
    expect(order.body.toCustomer.label).toBeTruthy();
    expect(order.body.accessCode).toMatch(/^\d{6}$/);
    const compartment = await owner.api.get(`/compartiment/${order.body.compartiment.id}`);
    expect(compartment.body).toMatchObject({ status: 'BOOKED', size: shipped.size });
    expect(heard).toEqual([expect.stringContaining(`order ${shipped.trackingCode}`)]);
  });
});
