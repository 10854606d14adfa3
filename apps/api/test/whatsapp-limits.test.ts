import { randomUUID } from 'node:crypto';
import { type ProviderSandbox, startProviderSandbox } from '@ebox/provider-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, orderDataFor } from './support/answers';
import { eventually } from './support/eventually';
import { startTestApp, type TestApp, type TestUser } from './support/test-app';

/**
 * Issue 32 item 2: a WhatsApp number's limits are the console's, shared by the bots' replies and
 * the messaging channel's templates. Throughput: the console sends at most
 * WHATSAPP_MESSAGES_PER_SECOND in any second per number, so Meta's stand-in (held to twice that in
 * any sliding second) never answers 130429. The tier: past WHATSAPP_TIER_RECIPIENTS distinct customers
 * reached by a template in 24 hours, a template to one more is not sent and the customer is reached
 * by the company's next channel (SMS); a customer already reached is reached again.
 */

let t: TestApp;
let owner: TestUser;
let sandbox: ProviderSandbox;
let counter = 0;

beforeAll(async () => {
  // The console paces 4 a second (3 evenly, whatsapp-limits.ts sendPaceOf); Meta's stand-in refuses
  // past 8 in any sliding second. The margin is for the time between taking a slot and the
  // request's arrival (a busy machine's hundreds of milliseconds): without the pace, the 12 replies
  // go in one burst.
  sandbox = await startProviderSandbox({ whatsapp: { messagesPerSecond: 8 } });
  t = await startTestApp({
    env: {
      ...sandbox.env,
      SMS_PROVIDER: 'sinch',
      JOBS_RETRY_DELAY_SECONDS: '1',
      WHATSAPP_MESSAGES_PER_SECOND: '4',
      WHATSAPP_TIER_RECIPIENTS: '1',
    },
  });
  sandbox.setStatusCallbackUrl(`${t.baseUrl}/io/api/v1/webhooks/whatsapp`);
  owner = await t.createUser({ roles: ['owner'] });
}, 120_000);

afterAll(async () => {
  await t?.close();
  await sandbox?.close();
});

const newPhone = () => `55219${String(70000000 + ++counter * 7919).slice(0, 8)}`;

describe("a WhatsApp number's limits", () => {
  it('never sends faster than the number may: six customers at once get every reply, and Meta refuses none', async () => {
    const company = ok(await owner.api.post('/company', { data: { name: 'Limites Zap', type: 'shipper' } })).id;
    const flow = ok(await owner.api.post('/botFlow', { data: { name: 'Suporte', type: 'logisticSupport', company, enable: true } })).id;
    const number = sandbox.whatsapp.addNumber();
    ok(
      await owner.api.post('/bot', {
        data: {
          name: 'Bot Limites',
          phoneNumberId: number.phoneNumberId,
          accessToken: number.accessToken,
          company,
          flow,
          user: owner.id,
          enable: true,
        },
      }),
    );
    const customers = Array.from({ length: 6 }, newPhone);
    const requestsBefore = sandbox.requests('whatsapp').length;
    const receivedBefore = sandbox.received('whatsapp').length;
    await Promise.all(customers.map((from) => sandbox.whatsapp.customerSays({ to: number.phoneNumberId, from, text: 'oi' })));
    // Each gets the welcome and the menu: 12 replies from one number.
    await eventually(
      async () => sandbox.received('whatsapp').filter((message) => message.phoneNumberId === number.phoneNumberId),
      (replies) => replies.length === 12,
      30_000,
    );
    expect(sandbox.received('whatsapp').length - receivedBefore).toBe(12);
    expect(sandbox.requests('whatsapp').length - requestsBefore).toBe(12);
  });

  it("past the number's tier, a template to one more customer goes by SMS; one already reached is reached again", async () => {
    const company = ok(
      await owner.api.post('/company', {
        data: { name: `Tier ${randomUUID().slice(0, 6)}`, type: 'shipper', companySettings: { channelFallback: ['whatsapp', 'sms'] } },
      }),
    ).id;
    for (const template of [
      { type: 'whatsapp', subject: 'pedido_criado', content: 'WA {{order.trackingCode}}' },
      { type: 'sms', content: 'SMS {{order.trackingCode}}' },
    ]) {
      ok(await owner.api.post('/ccm', { data: { subType: 'delivery', trigger: 'CREATED', enable: true, company, ...template } }));
    }
    const [first, second] = [newPhone(), newPhone()];
    const messagesOf = async (orderId: string) =>
      ok(await owner.api.get('/order-message', { filter: { order: orderId }, orderBy: 'createdAt_ASC', limit: 50 })).rows as {
        channel: string;
        status: string;
        errorCode: string | null;
      }[];
    // Sent, then delivered by Meta's receipt: either is reached.
    const outcome = (status: string) => (status === 'delivered' ? 'sent' : status);
    const settledRows = (orderId: string, count: number) =>
      eventually(
        () => messagesOf(orderId),
        (rows) => rows.length === count && rows.every((row) => row.status !== 'queued'),
        30_000,
      );

    const reached = ok(await owner.api.post('/order', { data: orderDataFor(company, { customerPhone: first }) }));
    expect((await settledRows(reached.id, 1)).map((row) => [row.channel, outcome(row.status)])).toEqual([['whatsapp', 'sent']]);

    const beyond = ok(await owner.api.post('/order', { data: orderDataFor(company, { customerPhone: second }) }));
    const rows = await settledRows(beyond.id, 2);
    expect(rows.map((row) => [row.channel, outcome(row.status), row.errorCode])).toEqual([
      ['whatsapp', 'failed', 'tier_reached'],
      ['sms', 'sent', null],
    ]);
    expect(sandbox.received('sinch').some((sms) => JSON.stringify(sms).includes(second.slice(-8)))).toBe(true);

    const again = ok(await owner.api.post('/order', { data: orderDataFor(company, { customerPhone: first }) }));
    expect((await settledRows(again.id, 1)).map((row) => [row.channel, outcome(row.status)])).toEqual([['whatsapp', 'sent']]);
  });
});
