import { type ProviderSandbox, startProviderSandbox } from '@ebox/provider-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VirtualTerminal } from '../../terminal-sim/src';
import { runRemindBeforeExpiry } from '../src/modules/message/dispatch-service';
import { nextInWindow } from '../src/modules/message/plan';
import { systemContext } from '../src/platform/context';
import { ok } from './support/answers';
import { eventually } from './support/eventually';
import { startOnlineLocker } from './support/online-locker';
import { startTestApp, type TestApp, type TestUser } from './support/test-app';

/**
 * Issue 27: an order moved by a virtual locker over the real terminal link produces exactly the
 * messages its company's templates name, at the SMS provider's own API (the provider sandbox):
 * created, stored with the access code and the overdue date, taken; and the PRE_EXPIRED reminder
 * goes before the overdue date, at once inside the company's window and at the window's opening
 * outside it.
 */

let t: TestApp;
let owner: TestUser;
let sandbox: ProviderSandbox;
let company: string;
let terminal: VirtualTerminal;
let lockerId: string;
const PHONE = '5521987650011';

beforeAll(async () => {
  sandbox = await startProviderSandbox();
  t = await startTestApp({
    mqtt: true,
    env: { ...sandbox.env, SMS_PROVIDER: 'sns', MQTT_PORT: '0', MQTT_HOST: '127.0.0.1', TERMINAL_HEARTBEAT_SECONDS: '1.5' },
  });
  owner = await t.createUser({ roles: ['owner'] });
  company = ok(
    await owner.api.post('/company', {
      data: {
        name: 'Loja Avisos no Armário',
        type: 'shipper',
        maxDaysOverdueDateDelivery: 5,
        companySettings: { channelFallback: ['sms'] },
      },
    }),
  ).id;
  const templates = [
    { trigger: 'CREATED', content: 'Pedido {{order.trackingCode}} criado' },
    {
      trigger: 'STORED',
      content: 'Pedido {{order.trackingCode}} no {{locker.name}}, porta {{order.compartimentNumber}}, codigo {{accessCode}}',
    },
    { trigger: 'CUSTOMER_TAKEN', content: 'Pedido {{order.trackingCode}} retirado, codigo {{accessCode}}' },
    { trigger: 'PRE_EXPIRED', content: 'Retire {{order.trackingCode}} ate {{order.overdueDate}}' },
  ];
  for (const template of templates) {
    ok(await owner.api.post('/ccm', { data: { type: 'sms', subType: 'delivery', enable: true, company, ...template } }));
  }
  ({ lockerId, terminal } = await startOnlineLocker(t, owner, { company, name: 'Armário Avisos', code: 'AVS01', compartments: 3 }));
}, 120_000);

afterAll(async () => {
  await terminal?.stop().catch(() => {});
  await t?.close();
  await sandbox?.close();
});

const smsTexts = () =>
  sandbox
    .received('sns')
    .filter((sms) => sms.to === `+${PHONE}`)
    .map((sms) => sms.text);

async function storedOrder(): Promise<any> {
  const order = ok(
    await owner.api.post('/order', {
      data: {
        type: 'DELIVERY',
        trackingCode: `AV${Date.now().toString(36).toUpperCase()}`,
        shipper: company,
        company,
        customerName: 'Joana Lima',
        customerPhone: PHONE,
        ebox: lockerId,
        compartimentSize: 'P',
      },
    }),
  );
  await eventually(
    async () => terminal.accessCodes().some((entry) => entry.access_code === order.accessCode && entry.allows === 'deposit'),
    Boolean,
  );
  await terminal.depositParcel({ compartmentNumber: order.compartimentNumber, accessCode: order.accessCode });
  await eventually(
    async () => ok(await owner.api.get(`/order/${order.id}`)).status,
    (status) => status === 'STORED',
  );
  return order;
}

describe('messages of an order moved at a locker', () => {
  it('texts the creation, the deposit with the code and the pickup, exactly once each, and logs them with the code masked', async () => {
    const order = await storedOrder();
    await eventually(
      async () => terminal.accessCodes().some((entry) => entry.access_code === order.accessCode && entry.allows === 'pickup'),
      Boolean,
    );
    // The customer comes with the code the deposit's text gave: the pickup follows that text (the two
    // sends are separate jobs, so a pickup a few milliseconds after the deposit could be texted first).
    await eventually(
      async () => smsTexts().filter((text) => text.includes(order.trackingCode)),
      (found) => found.length === 2,
    );
    await terminal.takeParcel({ compartmentNumber: order.compartimentNumber, accessCode: order.accessCode });
    const texts = await eventually(
      async () => smsTexts().filter((text) => text.includes(order.trackingCode)),
      (found) => found.length === 3,
    );
    // Each once; the order they were written in is the log's (below), the provider's arrival order is the queue's.
    expect([...texts].sort()).toEqual(
      [
        `Pedido ${order.trackingCode} criado`,
        `Pedido ${order.trackingCode} no Armário Avisos, porta ${order.compartimentNumber}, codigo ${order.accessCode}`,
        // The code is not a variable of CUSTOMER_TAKEN: it renders empty.
        `Pedido ${order.trackingCode} retirado, codigo`,
      ].sort(),
    );
    // The provider reached is logged once its answer is back, a moment after the text arrived there.
    const log = await eventually(
      async () => ok(await owner.api.get('/order-message', { filter: { order: order.id }, orderBy: 'createdAt_ASC' })),
      (found) => found.rows.length === 3 && found.rows.every((row: any) => row.provider !== null),
    );
    expect(log.rows.map((row: any) => [row.trigger, row.channel, row.provider])).toEqual([
      ['CREATED', 'sms', 'sns'],
      ['STORED', 'sms', 'sns'],
      ['CUSTOMER_TAKEN', 'sms', 'sns'],
    ]);
    expect(JSON.stringify(log.rows)).not.toContain(order.accessCode);
    expect(log.rows[1].body).toContain('codigo ••••••');
  });

  it('reminds before the overdue date: at once inside the company window, at its opening outside it', async () => {
    const order = await storedOrder();
    const overdue = new Date(Date.now() + 3 * 3_600_000).toISOString();
    ok(await owner.api.post('/order/update-overdue', { data: { ids: [order.id], overdueDate: overdue } }));
    const ctx = systemContext(t.app.deps, 'customerMessenger');
    // A window that is closed now: the reminder is written, waiting for the window's next opening.
    const closedWindow = closedWindowNow();
    ok(await owner.api.put(`/company/${company}`, { data: { companySettings: { channelFallback: ['sms'], ...closedWindow } } }));
    await runRemindBeforeExpiry(ctx);
    const waiting = ok(await owner.api.get('/order-message', { filter: { order: order.id, trigger: 'PRE_EXPIRED' } })).rows;
    expect(waiting).toHaveLength(1);
    expect(waiting[0].status).toBe('queued');
    const opening = nextInWindow(new Date(), {
      fallback: ['sms'],
      preExpiredHours: 24,
      timeZone: 'America/Sao_Paulo',
      window: { start: closedWindow.reminderWindowStart, end: closedWindow.reminderWindowEnd },
    });
    expect(opening.getTime()).toBeGreaterThan(Date.now());
    const [row] = (await t.database.pool.query('select not_before from order_message where id = $1', [waiting[0].id])).rows;
    expect(new Date(row.not_before).getTime()).toBe(opening.getTime());
    // Run again: nothing more is planned for the order.
    await runRemindBeforeExpiry(ctx);
    expect(ok(await owner.api.get('/order-message', { filter: { order: order.id, trigger: 'PRE_EXPIRED' } })).count).toBe(1);

    // Another order, the window open all day: the reminder goes now, with the overdue date as the company reads it.
    ok(
      await owner.api.put(`/company/${company}`, {
        data: { companySettings: { channelFallback: ['sms'], reminderWindowStart: '00:00', reminderWindowEnd: '23:59' } },
      }),
    );
    const next = await storedOrder();
    ok(await owner.api.post('/order/update-overdue', { data: { ids: [next.id], overdueDate: overdue } }));
    await runRemindBeforeExpiry(ctx);
    const [reminder] = await eventually(
      async () => smsTexts().filter((text) => text.startsWith(`Retire ${next.trackingCode}`)),
      (found) => found.length === 1,
    );
    expect(reminder).toMatch(new RegExp(`^Retire ${next.trackingCode} ate \\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2}$`));
  });
});

/** A one-hour window starting two hours from now (in São Paulo), so it is closed now. */
function closedWindowNow(): { reminderWindowStart: string; reminderWindowEnd: string } {
  const hourOf = (offsetHours: number) =>
    new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Sao_Paulo', hour: '2-digit', hourCycle: 'h23' }).format(
      new Date(Date.now() + offsetHours * 3_600_000),
    );
  return { reminderWindowStart: `${hourOf(2)}:00`, reminderWindowEnd: `${hourOf(3)}:00` };
}
