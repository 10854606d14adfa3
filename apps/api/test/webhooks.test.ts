import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordOrderStatusWebhooks } from '../src/modules/webhook/delivery-service';
import { inTransaction, systemContext } from '../src/platform/context';
import { ok, orderDataFor } from './support/answers';
import { eventually } from './support/eventually';
import { startTestApp, type TestApp, type TestUser } from './support/test-app';
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver';

/**
 * Issue 27, item 5: order events reach a shipper's receiver as Standard Webhooks, each verified by
 * the unmodified `standardwebhooks` package on the receiving side: in order per order while another
 * order's deliveries fail, retried after errors (Retry-After honoured), signed with both secrets
 * during a rotation, 410 Gone switching the webhook off, private addresses refused, the fan-out
 * once per event however often it runs, and the delivery log behind permission and company scope.
 * The retry schedule runs 100,000 times faster (WEBHOOK_RETRY_SCALE); a receiver's own Retry-After does not.
 */

let t: TestApp;
let owner: TestUser;
const receivers: WebhookReceiver[] = [];

beforeAll(async () => {
  t = await startTestApp({ env: { WEBHOOK_ALLOW_LOOPBACK: 'true', WEBHOOK_RETRY_SCALE: '0.00001', WEBHOOK_TIMEOUT_MS: '5000' } });
  owner = await t.createUser({ roles: ['owner'] });
}, 120_000);
afterAll(async () => {
  await t?.close();
  for (const receiver of receivers) await receiver.close();
});

/** A company of its own (its webhooks hear only this test's orders) with a webhook to a new receiver. */
async function shipperWithReceiver(): Promise<{ company: string; webhookId: string; receiver: WebhookReceiver }> {
  const receiver = await startWebhookReceiver();
  receivers.push(receiver);
  const company = ok(await owner.api.post('/company', { data: { name: `Loja Webhook ${receivers.length}`, type: 'shipper' } })).id;
  const created = ok(await owner.api.post('/webhook', { data: { url: receiver.url, company, enable: true } }));
  expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
  receiver.secrets.push(created.secret);
  return { company, webhookId: created.id, receiver };
}

const typesOf = (receiver: WebhookReceiver, orderId: string) =>
  receiver.received.filter((delivery) => delivery.body.data.orderId === orderId).map((delivery) => delivery.body.type);

describe('order events to a Standard Webhooks receiver', () => {
  it('sends the creation and a cancel, signed, in order, and shows the secret only in the create answer', async () => {
    const { company, webhookId, receiver } = await shipperWithReceiver();
    const order = ok(await owner.api.post('/order', { data: orderDataFor(company) }));
    ok(await owner.api.delete('/order', { ids: [order.id] }));
    await eventually(
      async () => typesOf(receiver, order.id),
      (types) => types.length === 3,
    );
    expect(typesOf(receiver, order.id)).toEqual(['order.created', 'order.status_changed', 'order.canceled']);
    const [created, changed] = receiver.received;
    expect(created?.body.data).toMatchObject({ orderId: order.id, trackingCode: order.trackingCode, type: 'DELIVERY', status: 'CREATED' });
    expect(changed?.body.data).toMatchObject({ from: 'CREATED', to: 'CANCELED', trigger: 'console.cancel' });
    expect(changed?.id).toMatch(/^msg_/);
    // Every request verified: nothing was answered 401 by the receiver.
    expect(receiver.requests.every((request) => request.verified)).toBe(true);

    const record = ok(await owner.api.get(`/webhook/${webhookId}`));
    expect(record.secret).toBeUndefined();
    expect(JSON.stringify(ok(await owner.api.get('/webhook', { filter: { company } })))).not.toContain('whsec_');

    const log = ok(await owner.api.get(`/webhook/${webhookId}/deliveries`));
    expect(log.count).toBe(3);
    expect(log.rows.map((row: any) => row.status)).toEqual(['delivered', 'delivered', 'delivered']);
    expect(log.rows[0].attemptLog).toEqual([expect.objectContaining({ statusCode: 204, error: null })]);
  });

  it("keeps one order's deliveries in order while they are retried, without holding back another order's", async () => {
    const { company, webhookId, receiver } = await shipperWithReceiver();
    const slow = ok(await owner.api.post('/order', { data: orderDataFor(company) }));
    // The slow order's first deliveries fail twice each (the receiver is down for it).
    receiver.answer = ({ orderId, attempt }) => (orderId === slow.id && attempt <= 2 ? { status: 503 } : { status: 200 });
    ok(await owner.api.delete('/order', { ids: [slow.id] }));
    const quick = ok(await owner.api.post('/order', { data: orderDataFor(company) }));
    await eventually(
      async () => [typesOf(receiver, slow.id).length, typesOf(receiver, quick.id).length],
      ([slowCount, quickCount]) => slowCount === 3 && quickCount === 1,
    );
    expect(typesOf(receiver, slow.id)).toEqual(['order.created', 'order.status_changed', 'order.canceled']);
    // Each of the slow order's deliveries arrived only after the one before it was received.
    const slowRequests = receiver.requests.filter((request) => request.orderId === slow.id);
    const firstSuccessOf = (type: string) => slowRequests.findIndex((request) => request.type === type && request.status === 200);
    const firstTryOf = (type: string) => slowRequests.findIndex((request) => request.type === type);
    expect(firstTryOf('order.status_changed')).toBeGreaterThan(firstSuccessOf('order.created'));
    expect(firstTryOf('order.canceled')).toBeGreaterThan(firstSuccessOf('order.status_changed'));
    expect(slowRequests.filter((request) => request.status === 503)).toHaveLength(6);

    const log = ok(await owner.api.get(`/webhook/${webhookId}/deliveries`, { limit: 10 }));
    const createdOfSlow = log.rows.find((row: any) => row.type === 'order.created' && JSON.parse(row.body).data.orderId === slow.id);
    expect(createdOfSlow.attempts).toBe(3);
    expect(createdOfSlow.attemptLog.map((attempt: any) => attempt.statusCode)).toEqual([503, 503, 200]);
  });

  it("waits what the receiver's Retry-After asks before trying again (as a delayed job past two seconds)", async () => {
    const { company, receiver } = await shipperWithReceiver();
    receiver.answer = ({ attempt }) => (attempt === 1 ? { status: 429, headers: { 'retry-after': '3' } } : { status: 200 });
    const order = ok(await owner.api.post('/order', { data: orderDataFor(company) }));
    await eventually(
      async () => typesOf(receiver, order.id),
      (types) => types.length === 1,
    );
    const [first, second] = receiver.requests;
    expect(first?.status).toBe(429);
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(3_000);
    // The wait was a delayed job of the lane, not a failed job retried by the queue. The receiver has
    // the delivery before the lane's job is marked completed: the jobs are read until both are.
    const jobs = await eventually(
      () =>
        t.database.db.execute<{ state: string; retries: number }>(
          sql`SELECT state::text AS state, retry_count AS retries FROM pgboss.job WHERE name = 'webhook.lane' AND data->>'lane' = ${order.id} ORDER BY created_on`,
        ),
      (answer) => answer.rows.length === 2 && answer.rows.every((job) => job.state === 'completed'),
    );
    expect(jobs.rows.map((job) => [job.state, job.retries])).toEqual([
      ['completed', 0],
      ['completed', 0],
    ]);
  });

  it('signs with both secrets during a rotation, so a receiver on either verifies', async () => {
    const { company, webhookId, receiver } = await shipperWithReceiver();
    const rotated = ok(await owner.api.post(`/webhook/${webhookId}/rotateSecret`, { data: { overlapHours: 1 } }));
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(receiver.secrets[0]);
    expect(new Date(rotated.previousValidUntil).getTime()).toBeGreaterThan(Date.now() + 59 * 60_000);
    receiver.secrets.push(rotated.secret);
    const order = ok(await owner.api.post('/order', { data: orderDataFor(company) }));
    await eventually(
      async () => typesOf(receiver, order.id),
      (types) => types.length === 1,
    );
    expect(receiver.received[0]?.verifiedWith).toEqual([0, 1]);

    // Without an overlap the previous secret stops at once: only the newest verifies.
    const again = ok(await owner.api.post(`/webhook/${webhookId}/rotateSecret`, { data: { overlapHours: 0 } }));
    receiver.secrets.push(again.secret);
    const next = ok(await owner.api.post('/order', { data: orderDataFor(company) }));
    await eventually(
      async () => typesOf(receiver, next.id),
      (types) => types.length === 1,
    );
    expect(receiver.received.at(-1)?.verifiedWith).toEqual([2]);
    const audit = ok(await owner.api.get('/auditLog', { filter: { entityName: 'webhook', entityId: webhookId, action: 'rotateSecret' } }));
    expect(audit.count).toBe(2);
    expect(JSON.stringify(audit.rows)).not.toContain('whsec_');
  });

  it('switches the webhook off when its receiver answers 410 Gone, and sends it nothing more', async () => {
    const { company, webhookId, receiver } = await shipperWithReceiver();
    receiver.answer = () => ({ status: 410 });
    const order = ok(await owner.api.post('/order', { data: orderDataFor(company) }));
    const disabled = await eventually(
      async () => ok(await owner.api.get(`/webhook/${webhookId}`)),
      (record) => record.enable === false,
    );
    expect(disabled.disabledReason).toContain('410');
    ok(await owner.api.delete('/order', { ids: [order.id] }));
    // The cancel's deliveries are written in its own transaction: none for a switched-off webhook.
    const log = ok(await owner.api.get(`/webhook/${webhookId}/deliveries`));
    expect(log.rows.map((row: any) => [row.type, row.status, row.lastStatusCode])).toEqual([['order.created', 'failed', 410]]);
    expect(receiver.requests).toHaveLength(1);
    const audit = ok(
      await owner.api.get('/auditLog', { filter: { entityName: 'webhook', entityId: webhookId, action: 'webhookDisabled' } }),
    );
    expect(audit.count).toBe(1);
    // Who may edit the company's webhooks is told by e-mail (the outbox here: no SMTP server).
    const mails = await eventually(
      async () => ok(await owner.api.get('/outbox', { filter: { recipient: owner.email } })).rows as any[],
      (rows) => rows.some((row) => row.subject?.startsWith('Um webhook de Loja Webhook')),
    );
    const mail = mails.find((row) => row.subject?.startsWith('Um webhook de Loja Webhook'));
    expect(mail.body).toContain(`O webhook para ${receiver.url} foi desligado: o receptor respondeu 410 Gone`);
    expect(mail.body).toContain(`/webhook/${webhookId}`);
  });

  it('refuses private and metadata addresses on the connection, and gives the delivery up after the schedule', async () => {
    for (const url of ['http://10.0.0.7/hooks', 'http://169.254.169.254/latest/meta-data']) {
      const company = ok(await owner.api.post('/company', { data: { name: `Loja Privada ${url.length}`, type: 'shipper' } })).id;
      const webhookId = ok(await owner.api.post('/webhook', { data: { url, company, enable: true } })).id;
      ok(await owner.api.post('/order', { data: orderDataFor(company) }));
      const log = await eventually(
        async () => ok(await owner.api.get(`/webhook/${webhookId}/deliveries`)),
        (answer) => answer.rows[0]?.status === 'failed',
      );
      expect(log.rows[0].attempts).toBe(10);
      expect(log.rows[0].attemptLog[0]).toMatchObject({ statusCode: null });
      expect(log.rows[0].attemptLog[0].error).toMatch(/not allowed/);
    }
  });

  it('replays the given-up deliveries of a period once the receiver is back, each under its own webhook-id', async () => {
    const { company, webhookId, receiver } = await shipperWithReceiver();
    let down = true;
    receiver.answer = () => (down ? { status: 500 } : { status: 200 });
    const from = new Date(Date.now() - 60_000).toISOString();
    const order = ok(await owner.api.post('/order', { data: orderDataFor(company) }));
    const failed = await eventually(
      async () => ok(await owner.api.get(`/webhook/${webhookId}/deliveries`, { status: 'failed' })),
      (log) => log.count === 1,
    );
    expect(failed.rows[0].attempts).toBe(10);
    const refused = await t.client(owner.token, 'en').post(`/webhook/${webhookId}/deliveries/replay`, {
      data: { from: new Date().toISOString(), to: from },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe('The start of the period must come before its end');

    down = false;
    const replayed = ok(await owner.api.post(`/webhook/${webhookId}/deliveries/replay`, { data: { from, to: new Date().toISOString() } }));
    expect(replayed.count).toBe(1);
    await eventually(
      async () => typesOf(receiver, order.id),
      (types) => types.length === 1,
    );
    expect(receiver.received[0]?.id).toBe(failed.rows[0].messageId);
    const audit = ok(await owner.api.get('/auditLog', { filter: { entityName: 'webhook', entityId: webhookId, action: 'webhookReplay' } }));
    expect(audit.count).toBe(1);
  });

  it('adds one delivery per event however often it is recorded', async () => {
    const { company, webhookId, receiver } = await shipperWithReceiver();
    const order = ok(await owner.api.post('/order', { data: orderDataFor(company) }));
    const event = {
      orderId: order.id,
      trackingCode: order.trackingCode,
      referenceNumber: null,
      companyId: company,
      carrierId: null,
      eboxId: null,
      compartimentId: null,
      type: 'DELIVERY' as const,
      from: 'CREATED' as const,
      to: 'INBOUND' as const,
      trigger: 'console.updateStatus',
      at: new Date().toISOString(),
    };
    const ctx = systemContext(t.app.deps, 'webhookSender');
    // Three transactions recording the same event at once (a retried request, two processes).
    await Promise.all([1, 2, 3].map(() => inTransaction(ctx, (tx) => recordOrderStatusWebhooks(tx, event))));
    await eventually(
      async () => typesOf(receiver, order.id),
      (types) => types.length === 2,
    );
    const log = ok(await owner.api.get(`/webhook/${webhookId}/deliveries`));
    expect(log.rows.map((row: any) => row.type).sort()).toEqual(['order.created', 'order.status_changed']);
  });
});

describe('the delivery log: permission and company scope', () => {
  it('answers 403 without webhookRead, 404 for another company, and resend needs webhookEdit', async () => {
    const { company, webhookId, receiver } = await shipperWithReceiver();
    const order = ok(await owner.api.post('/order', { data: orderDataFor(company) }));
    await eventually(
      async () => typesOf(receiver, order.id),
      (types) => types.length === 1,
    );
    const other = ok(await owner.api.post('/company', { data: { name: 'Loja Alheia', type: 'shipper' } })).id;
    const stranger = await t.createUser({ permissions: ['webhookRead', 'webhookEdit'], allowedCompanies: [other] });
    const reader = await t.createUser({ permissions: ['webhookRead'], allowedCompanies: [company] });
    const nobody = await t.createUser({ permissions: ['orderRead'], allowedCompanies: [company] });
    expect((await nobody.api.get(`/webhook/${webhookId}/deliveries`)).status).toBe(403);
    expect((await stranger.api.get(`/webhook/${webhookId}/deliveries`)).status).toBe(404);
    const log = ok(await reader.api.get(`/webhook/${webhookId}/deliveries`));
    const deliveryId = log.rows[0].id;
    expect((await reader.api.post(`/webhook/${webhookId}/deliveries/${deliveryId}/resend`)).status).toBe(403);
    expect((await stranger.api.post(`/webhook/${webhookId}/deliveries/${deliveryId}/resend`)).status).toBe(404);
    expect((await reader.api.post(`/webhook/${webhookId}/rotateSecret`, { data: {} })).status).toBe(403);
    const period = { data: { from: new Date(0).toISOString(), to: new Date().toISOString() } };
    expect((await reader.api.post(`/webhook/${webhookId}/deliveries/replay`, period)).status).toBe(403);
    expect((await stranger.api.post(`/webhook/${webhookId}/deliveries/replay`, period)).status).toBe(404);

    // Sent again: the same webhook-id arrives a second time.
    ok(await owner.api.post(`/webhook/${webhookId}/deliveries/${deliveryId}/resend`));
    await eventually(
      async () => receiver.received.length,
      (count) => count === 2,
    );
    expect(receiver.received[1]?.id).toBe(receiver.received[0]?.id);
  });
});
