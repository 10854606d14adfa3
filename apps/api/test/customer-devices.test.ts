import { randomBytes } from 'node:crypto';
import { type ProviderSandbox, startProviderSandbox } from '@ebox/provider-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, orderDataFor } from './support/answers';
import { eventually } from './support/eventually';
import { startTestApp, type TestApp, type TestUser } from './support/test-app';

/**
 * Issue 27, item 2 (push): a customer's app registers its FCM token on the customer
 * (POST /customer/:id/device) and the order's push goes to their newest device through FCM's real
 * HTTP v1 API (the provider sandbox); FCM forgetting a token removes it and the next channel of the
 * company's order reaches the customer. Tokens never come back whole: not in the device list, the
 * message log or the audit log.
 */

let t: TestApp;
let owner: TestUser;
let sandbox: ProviderSandbox;
let counter = 0;

beforeAll(async () => {
  sandbox = await startProviderSandbox();
  t = await startTestApp({ env: { ...sandbox.env, SMS_PROVIDER: 'sinch', JOBS_RETRY_DELAY_SECONDS: '1' } });
  owner = await t.createUser({ roles: ['owner'] });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await sandbox?.close();
});

/** An FCM registration token as Firebase hands them out (an instance id, a colon, a long base64url tail). */
const newToken = () => `${randomBytes(8).toString('base64url')}:APA91b${randomBytes(96).toString('base64url')}`;

/** A company whose customers are reached by push, then SMS; answers it with one of its customers. */
async function companyWithCustomer(): Promise<{ company: string; customer: string; phone: string }> {
  counter += 1;
  const company = ok(
    await owner.api.post('/company', {
      data: { name: `Loja Push ${counter}`, type: 'shipper', companySettings: { channelFallback: ['push', 'sms'], smsGateway: 'SINCH' } },
    }),
  ).id;
  for (const template of [
    { type: 'push', subject: 'Seu pedido', content: 'Pedido {{order.trackingCode}} criado para {{customer.name}}' },
    { type: 'sms', content: 'SMS {{order.trackingCode}}' },
  ])
    ok(await owner.api.post('/ccm', { data: { subType: 'delivery', trigger: 'CREATED', enable: true, company, ...template } }));
  const phone = `55319${String(70000000 + counter * 7907).slice(0, 8)}`;
  const customer = ok(await owner.api.post('/customer', { data: { name: 'Paula Lima', cellphone: phone, company } })).id;
  return { company, customer, phone };
}

const messagesOf = async (orderId: string) =>
  ok(await owner.api.get('/order-message', { filter: { order: orderId }, orderBy: 'createdAt_ASC', limit: 50 })).rows as any[];

describe('push to the devices a customer registered', () => {
  it("reaches the customer's newest device through FCM, and shows the token only by its last characters", async () => {
    const { company, customer } = await companyWithCustomer();
    const phoneToken = newToken();
    const tabletToken = newToken();
    const registered = ok(await owner.api.post(`/customer/${customer}/device`, { data: { token: phoneToken, platform: 'android' } }));
    expect(registered).toMatchObject({
      platform: 'android',
      tokenEnd: `…${phoneToken.slice(-8)}`,
      registeredAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    ok(await owner.api.post(`/customer/${customer}/device`, { data: { token: tabletToken, platform: 'ios' } }));
    // The phone's app starts again: it registers its token again and becomes the newest device.
    ok(await owner.api.post(`/customer/${customer}/device`, { data: { token: phoneToken, platform: 'android' } }));
    const devices = ok(await owner.api.get(`/customer/${customer}/device`));
    expect(devices.count).toBe(2);
    expect(devices.rows.map((row: any) => row.tokenEnd)).toEqual([`…${phoneToken.slice(-8)}`, `…${tabletToken.slice(-8)}`]);
    expect(JSON.stringify(devices)).not.toContain(phoneToken.slice(0, 20));

    const order = ok(await owner.api.post('/order', { data: orderDataFor(company, { customerPhone: null, toCustomer: customer }) }));
    const [push] = await eventually(
      async () => sandbox.received('fcm').filter((received) => received.token === phoneToken),
      (found) => found.length === 1,
    );
    // The order's own customer fields win over its customer record's (docs/messages.md).
    expect(push).toMatchObject({ title: 'Seu pedido', body: `Pedido ${order.trackingCode} criado para ${order.customerName}` });
    const [message] = await eventually(
      () => messagesOf(order.id),
      (rows) => rows[0]?.status === 'sent',
    );
    expect(message).toMatchObject({
      channel: 'push',
      recipient: `…${phoneToken.slice(-8)}`,
      provider: 'fcm',
      providerMessageId: push?.messageId,
    });
    // Push reached the customer: the SMS after it in the company's order was not sent.
    expect(await messagesOf(order.id)).toHaveLength(1);
    const audit = ok(await owner.api.get('/auditLog', { filter: { entityName: 'customer', entityId: customer }, limit: 100 }));
    expect(audit.rows.filter((row: any) => row.action === 'deviceRegister')).toHaveLength(2);
    expect(JSON.stringify(audit.rows)).not.toContain(phoneToken.slice(0, 20));
  });

  it('removes a token FCM no longer knows and sends the SMS instead', async () => {
    const { company, customer, phone } = await companyWithCustomer();
    const token = newToken();
    ok(await owner.api.post(`/customer/${customer}/device`, { data: { token, platform: 'android' } }));
    sandbox.failNext('fcm', { code: 'UNREGISTERED' });
    const order = ok(await owner.api.post('/order', { data: orderDataFor(company, { customerPhone: null, toCustomer: customer }) }));
    const [sms] = await eventually(
      async () => sandbox.received('sinch').filter((received) => received.to.includes(`+${phone}`)),
      (found) => found.length === 1,
    ).catch(async (error) => {
      throw new Error(`${error}: ${JSON.stringify(await messagesOf(order.id))}`);
    });
    expect(sms?.text).toBe(`SMS ${order.trackingCode}`);
    const rows = await eventually(
      () => messagesOf(order.id),
      (found) => found.length === 2 && found[1].status === 'sent',
    );
    expect(rows[0]).toMatchObject({ channel: 'push', status: 'failed', errorCode: 'UNREGISTERED' });
    expect(ok(await owner.api.get(`/customer/${customer}/device`)).count).toBe(0);
    const removed = ok(
      await owner.api.get('/auditLog', { filter: { entityName: 'customer', entityId: customer, action: 'deviceRemove' }, limit: 10 }),
    );
    expect(removed.count).toBe(1);
    // With no device left, the next order goes straight to SMS.
    const next = ok(await owner.api.post('/order', { data: orderDataFor(company, { customerPhone: null, toCustomer: customer }) }));
    const [only] = await eventually(
      () => messagesOf(next.id),
      (found) => found[0]?.status === 'sent',
    );
    expect(only).toMatchObject({ channel: 'sms' });
  });

  it('moves a token registered for another customer, and removes a device on request', async () => {
    const first = await companyWithCustomer();
    const second = ok(await owner.api.post('/customer', { data: { name: 'Rui Costa', company: first.company } })).id;
    const token = newToken();
    ok(await owner.api.post(`/customer/${first.customer}/device`, { data: { token, platform: 'web' } }));
    const moved = ok(await owner.api.post(`/customer/${second}/device`, { data: { token, platform: 'web' } }));
    expect(ok(await owner.api.get(`/customer/${first.customer}/device`)).count).toBe(0);
    expect(ok(await owner.api.get(`/customer/${second}/device`)).rows).toEqual([moved]);
    expect(ok(await owner.api.delete(`/customer/${second}/device/${moved.id}`))).toEqual({ id: moved.id });
    expect(ok(await owner.api.get(`/customer/${second}/device`)).count).toBe(0);
    const again = await owner.api.delete(`/customer/${second}/device/${moved.id}`);
    expect(again.status).toBe(404);
    expect(again.body.error.message).toBe('Este dispositivo não está registrado para este cliente');
  });

  it('refuses a malformed token, a caller without the permission and a customer outside the caller companies', async () => {
    const { customer } = await companyWithCustomer();
    const other = await companyWithCustomer();
    const bad = await owner.api.post(`/customer/${customer}/device`, { data: { token: 'not a token', platform: 'android' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('Isto não é um token de registro de push');
    const english = await t
      .client(owner.token, 'en')
      .post(`/customer/${customer}/device`, { data: { token: 'short', platform: 'android' } });
    expect(english.body.error.message).toContain('This is not a push registration token');
    expect((await owner.api.post(`/customer/${customer}/device`, { data: { token: newToken(), platform: 'windows' } })).status).toBe(400);

    const token = newToken();
    const device = ok(await owner.api.post(`/customer/${customer}/device`, { data: { token, platform: 'android' } }));
    const reader = await t.createUser({ permissions: ['customerRead'] });
    expect(ok(await reader.api.get(`/customer/${customer}/device`)).count).toBe(1);
    expect((await reader.api.post(`/customer/${customer}/device`, { data: { token: newToken(), platform: 'ios' } })).status).toBe(403);
    expect((await reader.api.delete(`/customer/${customer}/device/${device.id}`)).status).toBe(403);
    const nobody = await t.createUser({ permissions: ['orderRead'] });
    expect((await nobody.api.get(`/customer/${customer}/device`)).status).toBe(403);
    const outsider = await t.createUser({ permissions: ['customerRead', 'customerEdit'], allowedCompanies: [other.company] });
    expect((await outsider.api.get(`/customer/${customer}/device`)).status).toBe(404);
    expect((await outsider.api.post(`/customer/${customer}/device`, { data: { token: newToken(), platform: 'ios' } })).status).toBe(404);
    expect((await outsider.api.delete(`/customer/${customer}/device/${device.id}`)).status).toBe(404);
    // A device id of another customer is not this customer's.
    expect((await outsider.api.delete(`/customer/${other.customer}/device/${device.id}`)).status).toBe(404);
    expect(ok(await owner.api.get(`/customer/${customer}/device`)).count).toBe(1);
  });
});
