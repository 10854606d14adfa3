import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VirtualTerminal } from '../../terminal-sim/src';
import { ok, orderDataFor } from './support/answers';
import { eventually } from './support/eventually';
import { openLiveStream } from './support/live-stream';
import { startOnlineLocker } from './support/online-locker';
import { startTestApp, type TestApp, type TestUser } from './support/test-app';

/**
 * Issue 28 (door failures, "now" tiles updated live): an opening the terminal answers jammed is
 * pushed to browsers as `compartiment.openFailed`, scoped by its locker like every locker event. A
 * browser of the locker's company hears of it; one of another company, who does not see the locker,
 * hears nothing of it (nor of the locker coming online).
 */

let t: TestApp;
let owner: TestUser;
let lockerCompany: string;
let otherCompany: string;
let terminal: VirtualTerminal | undefined;
const streams: { close: () => void }[] = [];

beforeAll(async () => {
  t = await startTestApp({ mqtt: true, env: { MQTT_PORT: '0', MQTT_HOST: '127.0.0.1', TERMINAL_HEARTBEAT_SECONDS: '1.5' } });
  owner = await t.createUser({ roles: ['owner'] });
  lockerCompany = ok(await owner.api.post('/company', { data: { name: 'Loja Porta Emperrada', type: 'shipper' } })).id;
  otherCompany = ok(await owner.api.post('/company', { data: { name: 'Loja Vizinha', type: 'shipper' } })).id;
}, 90_000);

afterAll(async () => {
  for (const stream of streams) stream.close();
  await terminal?.stop().catch(() => {});
  await t?.close();
});

describe('GET /live, a door that did not open', () => {
  it('pushes a jammed opening to the browsers that see the locker, and to no browser of another company', async () => {
    const seeingUser = await t.createUser({ roles: ['owner'], allowedCompanies: [lockerCompany] });
    const blindUser = await t.createUser({ roles: ['owner'], allowedCompanies: [otherCompany] });
    const seeing = await openLiveStream(t, seeingUser.token);
    const blind = await openLiveStream(t, blindUser.token);
    streams.push(seeing, blind);
    expect([seeing.response.status, blind.response.status]).toEqual([200, 200]);
    await eventually(async () => [seeing, blind].every((stream) => stream.received.some((r) => r.event === 'ready')), Boolean);

    // Every door of this locker jams, as the dashboard's door-failure test has it.
    const started = await startOnlineLocker(t, owner, {
      company: lockerCompany,
      name: 'Armário Emperrado',
      code: 'LIVEJAM',
      compartments: 1,
      failureRate: 1,
    });
    terminal = started.terminal;
    const [door] = ok(await owner.api.get('/compartiment', { filter: { ebox: started.lockerId }, limit: 1 })).rows as { id: string }[];
    if (!door) throw new Error('the locker has no door');
    const refused = await owner.api.get(`/compartiment/open/${door.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ outcome: 'jammed' });

    const pushed = await eventually(async () => seeing.received.find((r) => r.event === 'compartiment.openFailed'), Boolean, 10_000);
    expect(pushed?.data).toMatchObject({ eboxId: started.lockerId, compartimentId: door.id, number: 1, outcome: 'jammed' });

    // A later event of the other company's own, committed after the failure: the live channel hands
    // events out in commit order, so anything wrongly sent to that browser has arrived by then.
    const marker = ok(await owner.api.post('/order', { data: orderDataFor(otherCompany, {}, 'LJ') })).id as string;
    ok(await owner.api.delete('/order', { ids: [marker] }));
    await eventually(
      async () => blind.received.some((r) => r.event === 'order.statusChanged' && r.data.orderId === marker),
      Boolean,
      10_000,
    );
    expect(blind.received.map((r) => r.event)).toEqual(['ready', 'order.created', 'order.statusChanged']);
  }, 60_000);
});
