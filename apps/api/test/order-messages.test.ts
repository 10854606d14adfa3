import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ProviderSandbox, startProviderSandbox } from '@ebox/provider-sandbox';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildAllRollups } from '../src/modules/dashboard/rollup-service';
import { runDispatchMessages } from '../src/modules/message/dispatch-service';
import { dispatchMessagesJob } from '../src/modules/message/jobs';
import { systemContext } from '../src/platform/context';
import { enqueueJobs } from '../src/platform/jobs/queue';
import { ok, orderDataFor } from './support/answers';
import { eventually } from './support/eventually';
import { type SmtpTestServer, startSmtpServer } from './support/smtp';
import { startTestApp, type TestApp, type TestUser } from './support/test-app';

/**
 * Issue 27, items 1 to 3: an order's moments reach its customer through the providers' real APIs
 * (the provider sandbox and a real SMTP server): the template chosen by channel, language and
 * cluster, rendered with the order's values; a provider's passing refusal tried again after the wait
 * it asked; a permanent one falling back to the next channel; once per moment however often the
 * dispatch runs; WhatsApp's signed status reports; the sends asked for on the order's page with the
 * one-minute refusal; and the log behind permission and company scope.
 */

let t: TestApp;
let owner: TestUser;
let sandbox: ProviderSandbox;
let smtp: SmtpTestServer;
let phoneCounter = 0;

beforeAll(async () => {
  sandbox = await startProviderSandbox();
  smtp = await startSmtpServer();
  t = await startTestApp({
    smtpUrl: smtp.url,
    env: { ...sandbox.env, SMS_PROVIDER: 'sinch', JOBS_RETRY_DELAY_SECONDS: '1', WEBHOOK_ALLOW_LOOPBACK: 'true' },
  });
  sandbox.setStatusCallbackUrl(`${t.baseUrl}/io/api/v1/webhooks/whatsapp`);
  owner = await t.createUser({ roles: ['owner'] });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await sandbox?.close();
  await smtp?.close();
});

/** A company of its own with templates; answers its id. */
async function companyWith(
  templates: { type: string; trigger?: string; subject?: string; content: string; language?: string; subType?: string }[],
  settings: Record<string, unknown> = {},
): Promise<string> {
  const company = ok(
    await owner.api.post('/company', { data: { name: `Loja Mensagens ${++phoneCounter}`, type: 'shipper', companySettings: settings } }),
  ).id;
  for (const template of templates) {
    ok(
      await owner.api.post('/ccm', {
        data: { subType: 'delivery', trigger: 'CREATED', enable: true, company, ...template },
      }),
    );
  }
  return company;
}

/** A phone number no other test uses: the sandbox's messages are told apart by recipient. */
function newPhone(): { typed: string; e164: string } {
  phoneCounter += 1;
  const digits = `55219${String(80000000 + phoneCounter * 7919).slice(0, 8)}`;
  return { typed: digits, e164: `+${digits}` };
}

const messagesOf = async (orderId: string) =>
  ok(await owner.api.get('/order-message', { filter: { order: orderId }, orderBy: 'createdAt_ASC', limit: 50 })).rows as any[];

describe('messages on an order moment', () => {
  it('sends the WhatsApp template with its parameters, and the statuses Meta reports move the message to delivered', async () => {
    const phone = newPhone();
    const company = await companyWith([
      { type: 'whatsapp', subject: 'pedido_criado', content: 'Olá {{customer.name}}, seu pedido {{order.trackingCode}} foi criado.' },
      { type: 'sms', content: 'SMS {{order.trackingCode}}' },
    ]);
    const order = ok(await owner.api.post('/order', { data: orderDataFor(company, { customerPhone: phone.typed }) }));
    const [sent] = await eventually(
      async () => sandbox.received('whatsapp').filter((message) => `+${message.to.replace(/^\+/, '')}` === phone.e164),
      (found) => found.length === 1,
    ).catch(async (error) => {
      throw new Error(`${error}: ${JSON.stringify(await messagesOf(order.id))}`);
    });
    expect(sent?.template).toEqual({ name: 'pedido_criado', languageCode: 'pt_BR', bodyParameters: ['Mariana Souza', order.trackingCode] });
    const [message] = await eventually(
      () => messagesOf(order.id),
      (rows) => rows.length === 1 && rows[0].status === 'delivered',
    );
    expect(message).toMatchObject({
      channel: 'whatsapp',
      trigger: 'CREATED',
      recipient: phone.typed,
      provider: 'whatsapp',
      providerMessageId: sent?.messageId,
      body: `Olá Mariana Souza, seu pedido ${order.trackingCode} foi criado.`,
      attempts: 1,
    });
    // WhatsApp reached the customer: the SMS of the fallback order was not sent.
    expect(sandbox.received('sinch').filter((sms) => sms.to.includes(phone.e164))).toEqual([]);
    // The company's dashboard counts it, sent and delivered, at the next request (issue 28, figure 11).
    const dashboard = ok(await owner.api.get(`/dashboard?filter[period]=past7Days&filter[company]=${company}`));
    expect(dashboard.messages).toEqual([{ channel: 'whatsapp', trigger: 'CREATED', sent: 1, delivered: 1, read: 0, failed: 0 }]);
    // A rebuild from the message log counts the same.
    await rebuildAllRollups(t.app.deps);
    expect(ok(await owner.api.get(`/dashboard?filter[period]=past7Days&filter[company]=${company}`)).messages).toEqual(dashboard.messages);
  });

  it('writes in the customer language and tries a throttled provider again after the wait it asked', async () => {
    const phone = newPhone();
    const company = await companyWith(
      [
        { type: 'sms', content: 'Pedido {{order.trackingCode}}: {{order.type}}', language: 'pt-BR' },
        { type: 'sms', content: 'Order {{order.trackingCode}}: {{order.type}}', language: 'en' },
      ],
      { channelFallback: ['sms'], smsGateway: 'SINCH' },
    );
    const customer = ok(
      await owner.api.post('/customer', { data: { name: 'John Smith', cellphone: phone.typed, company, language: 'en' } }),
    ).id;
    sandbox.failNext('sinch', { status: 429, retryAfterSeconds: 1 });
    const order = ok(await owner.api.post('/order', { data: orderDataFor(company, { customerPhone: null, toCustomer: customer }) }));
    const [sms] = await eventually(
      async () => sandbox.received('sinch').filter((message) => message.to.includes(phone.e164)),
      (found) => found.length === 1,
    );
    expect(sms?.text).toBe(`Order ${order.trackingCode}: Delivery`);
    const [message] = await eventually(
      () => messagesOf(order.id),
      (rows) => rows[0]?.status === 'sent',
    );
    expect(message).toMatchObject({ channel: 'sms', language: 'en', attempts: 2, provider: 'sinch' });
  });

  it('falls back to the next channel when WhatsApp refuses for good, and to e-mail when SMS does too', async () => {
    const phone = newPhone();
    const email = `fallback.${phoneCounter}@example.com`;
    const company = await companyWith([
      { type: 'whatsapp', subject: 'pedido_criado', content: 'WA {{order.trackingCode}}' },
      { type: 'sms', content: 'SMS {{order.trackingCode}}' },
      { type: 'email', subject: 'Seu pedido {{order.trackingCode}}', content: 'E-mail para {{customer.name}}' },
    ]);
    sandbox.failNext('whatsapp', { code: 132001 });
    sandbox.failNext('sinch', { status: 400 });
    const order = ok(await owner.api.post('/order', { data: orderDataFor(company, { customerPhone: phone.typed, customerEmail: email }) }));
    const mail = await smtp.waitFor((received) => received.to.includes(email));
    expect(mail.subject).toBe(`Seu pedido ${order.trackingCode}`);
    expect(mail.text.trim()).toBe('E-mail para Mariana Souza');
    const rows = await eventually(
      () => messagesOf(order.id),
      (found) => found.length === 3 && found[2].status === 'sent',
    );
    expect(rows.map((row) => [row.channel, row.status])).toEqual([
      ['whatsapp', 'failed'],
      ['sms', 'failed'],
      ['email', 'sent'],
    ]);
    expect(rows[0].errorCode).toBe('132001');
    expect(rows[0].error).toContain('WhatsApp');
  });

  it('sends once however often the dispatch runs, even side by side', async () => {
    const email = `once.${++phoneCounter}@example.com`;
    const company = await companyWith([{ type: 'email', subject: 'Uma vez', content: 'Uma vez {{order.trackingCode}}' }]);
    const order = ok(await owner.api.post('/order', { data: orderDataFor(company, { customerPhone: null, customerEmail: email }) }));
    const ctx = systemContext(t.app.deps, 'customerMessenger');
    await Promise.all([1, 2, 3].map(() => runDispatchMessages(ctx, { orderId: order.id, trigger: 'CREATED', occasion: 'auto' })));
    await smtp.waitFor((received) => received.to.includes(email));
    const rows = await eventually(
      () => messagesOf(order.id),
      (found) => found[0]?.status === 'sent',
    );
    expect(rows).toHaveLength(1);
    // The audit log holds the message's story, by the messenger.
    const audit = await t.database.db.execute<{ action: string }>(
      sql`select action from audit_log where entity_name = 'orderMessage' and entity_id = ${rows[0].id} order by timestamp, id`,
    );
    expect(audit.rows.map((row) => row.action)).toEqual(['queued', 'sent']);
  });

  it('records a template that does not render as failed with the reason, and sends nothing half', async () => {
    const email = `broken.${++phoneCounter}@example.com`;
    const company = await companyWith([{ type: 'email', subject: 'Quebrado', content: 'Olá {{#each order}}{{/each}} {{lookup}}' }], {
      channelFallback: ['email'],
    });
    const order = ok(await owner.api.post('/order', { data: orderDataFor(company, { customerPhone: null, customerEmail: email }) }));
    const [row] = await eventually(
      () => messagesOf(order.id),
      (found) => found[0]?.status === 'failed',
    );
    expect(row.errorCode).toBe('template');
    expect(row.error).toContain('does not render');
    expect(smtp.messages.some((mail) => mail.to.includes(email))).toBe(false);
  });

  it('refuses on save a template that parses but that handlebars would not render, naming the line', async () => {
    const company = await companyWith([]);
    const template = { subType: 'delivery', trigger: 'CREATED', enable: true, company, type: 'sms' };
    const helper = await owner.api.post('/ccm', { data: { ...template, content: 'Olá\n{{formatDate order.overdueDate}}' } });
    expect(helper.status).toBe(400);
    expect(helper.body.error.message).toBe('O conteúdo não compila (linha 2): unknown helper "formatDate"');
    const saved = ok(await owner.api.post('/ccm', { data: { ...template, content: 'Olá {{customer.name}}' } }));
    const edited = await owner.api.put(`/ccm/${saved.id}`, { data: { content: 'Pedido {{if order.trackingCode}}' } });
    expect(edited.status).toBe(400);
    expect(edited.body.error.message).toContain('(linha 1): if needs a block');
    const page = await owner.api.post('/qrcodeTemplate', { data: { type: 'STORED', company, hbsContent: '<p>{{> rodape}}</p>' } });
    expect(page.status).toBe(400);
    expect(page.body.error.message).toBe('Conteúdo (Handlebars) não compila (linha 1): unknown partial "rodape"');
  });
});

describe("sends asked for on the order's page", () => {
  it('sends a notification now, resends the e-mail, and refuses a second resend within a minute', async () => {
    const email = `manual.${++phoneCounter}@example.com`;
    const company = await companyWith([{ type: 'email', subject: 'Aviso', content: 'Aviso {{order.trackingCode}}' }]);
    const order = ok(await owner.api.post('/order', { data: orderDataFor(company, { customerPhone: null, customerEmail: email }) }));
    await eventually(
      () => messagesOf(order.id),
      (rows) => rows[0]?.status === 'sent',
    );
    const notified = ok(await owner.api.post('/order/send-notification', { data: { id: order.id } }));
    expect(notified).toMatchObject({ sent: 1, messages: [{ channel: 'email', recipient: email }] });
    const refused = await owner.api.post('/order/resend-email', { data: { id: order.id } });
    expect(refused.status, JSON.stringify(refused.body)).toBe(429);
    expect(refused.body.error.code).toBe('messageResentTooSoon');
    // No SMS template: nothing to resend there.
    const none = await owner.api.post('/order/resend-sms', { data: { id: order.id } });
    expect(none.status).toBe(400);
    expect(none.body.error.message).toBe('Comunicação não enviada');
    await eventually(
      () => messagesOf(order.id),
      (rows) => rows.length === 2 && rows.every((row) => row.status === 'sent'),
    );
  });

  it('refuses without the permission and outside the company scope, and lists only the companies in scope', async () => {
    const email = `scope.${++phoneCounter}@example.com`;
    const company = await companyWith([{ type: 'email', subject: 'Escopo', content: 'Escopo' }]);
    const other = await companyWith([]);
    const order = ok(await owner.api.post('/order', { data: orderDataFor(company, { customerPhone: null, customerEmail: email }) }));
    await eventually(
      () => messagesOf(order.id),
      (rows) => rows.length === 1,
    );
    const viewer = await t.createUser({ permissions: ['orderRead'] });
    expect((await viewer.api.post('/order/send-notification', { data: { id: order.id } })).status).toBe(403);
    expect((await viewer.api.post('/order/resend-sms', { data: { id: order.id } })).status).toBe(403);
    const outsider = await t.createUser({ permissions: ['orderRead', 'orderEdit', 'orderResendSMS'], allowedCompanies: [other] });
    expect((await outsider.api.post('/order/send-notification', { data: { id: order.id } })).status).toBe(404);
    expect(ok(await outsider.api.get('/order-message', { filter: { order: order.id } })).count).toBe(0);
    expect(ok(await viewer.api.get('/order-message', { filter: { order: order.id } })).count).toBe(1);
    const nobody = await t.createUser({ permissions: ['customerRead'] });
    expect((await nobody.api.get('/order-message')).status).toBe(403);
  });
});

describe("Meta's webhook", () => {
  it('answers the verify challenge only with the verify token, and refuses a report without the right signature', async () => {
    const challenge = await fetch(
      `${t.baseUrl}/io/api/v1/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=${sandbox.whatsapp.verifyToken}&hub.challenge=12345`,
    );
    expect(challenge.status).toBe(200);
    expect(await challenge.text()).toBe('12345');
    const wrong = await fetch(`${t.baseUrl}/io/api/v1/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=nope&hub.challenge=12345`);
    expect(wrong.status).toBe(403);
    const unsigned = await fetch(`${t.baseUrl}/io/api/v1/webhooks/whatsapp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': 'sha256=00' },
      body: JSON.stringify({ object: 'whatsapp_business_account', entry: [] }),
    });
    expect(unsigned.status).toBe(401);
  });
});

describe("the shippers' webhooks", () => {
  it('hear of a message delivered and of one failed for good, verified as Standard Webhooks', async () => {
    const { startWebhookReceiver } = await import('./support/webhook-receiver');
    const receiver = await startWebhookReceiver();
    try {
      const phone = newPhone();
      const email = `hook.${phoneCounter}@example.com`;
      const company = await companyWith([
        { type: 'whatsapp', subject: 'pedido_criado', content: 'WA {{order.trackingCode}}' },
        { type: 'email', subject: 'Pedido', content: 'E-mail {{order.trackingCode}}' },
      ]);
      const hook = ok(await owner.api.post('/webhook', { data: { url: receiver.url, company, enable: true } }));
      receiver.secrets.push(hook.secret);
      sandbox.scriptWhatsAppStatuses(phone.e164.slice(1), ['sent', { status: 'failed', code: 131026 }]);
      const order = ok(
        await owner.api.post('/order', { data: orderDataFor(company, { customerPhone: phone.typed, customerEmail: email }) }),
      );
      const types = await eventually(
        async () => receiver.received.filter((delivery) => delivery.body.data.orderId === order.id).map((delivery) => delivery.body.type),
        (found) => found.includes('message.failed'),
      );
      expect(types[0]).toBe('order.created');
      const failed = receiver.received.find((delivery) => delivery.body.type === 'message.failed');
      expect(failed?.body.data).toMatchObject({
        orderId: order.id,
        channel: 'whatsapp',
        trigger: 'CREATED',
        error: expect.stringContaining('WhatsApp'),
      });
      // The failure moved the customer to e-mail.
      await smtp.waitFor((mail) => mail.to.includes(email));
      expect(receiver.requests.every((request) => request.verified)).toBe(true);
    } finally {
      await receiver.close();
    }
  });
});

describe('two processes', () => {
  it('send each message once while the API and a worker process both take the jobs, each dispatch enqueued twice', async () => {
    const company = await companyWith([{ type: 'sms', content: 'Dois processos {{order.trackingCode}}' }], {
      channelFallback: ['sms'],
      smsGateway: 'AWS',
    });
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
    const worker = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/worker.ts')], {
      cwd: root,
      env: {
        ...process.env,
        ...sandbox.env,
        SMS_PROVIDER: 'sinch',
        DATABASE_URL: t.databaseUrl,
        JOBS_POLLING_SECONDS: '0.5',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    try {
      const phones = Array.from({ length: 12 }, () => newPhone());
      const orders: { id: string }[] = [];
      for (const phone of phones) {
        orders.push(ok(await owner.api.post('/order', { data: orderDataFor(company, { customerPhone: phone.typed }) })));
      }
      // Every order's dispatch once more, as a job delivered twice would be: the two processes race on them.
      await enqueueJobs(
        { deps: t.app.deps },
        dispatchMessagesJob,
        [...orders, ...orders].map((order) => ({ orderId: order.id, trigger: 'CREATED' as const, occasion: 'auto' })),
      );
      const digits = new Set(phones.map((phone) => phone.e164));
      const received = await eventually(
        async () => sandbox.received('sns').filter((sms) => digits.has(sms.to)),
        (found) => found.length >= phones.length,
        30_000,
      );
      // The company's gateway is AWS: SNS got them all, Sinch (the default) none.
      expect(sandbox.received('sinch').filter((sms) => sms.to.some((to) => digits.has(to)))).toEqual([]);
      await eventually(
        async () => (await Promise.all(orders.map((order) => messagesOf(order.id)))).flat(),
        (rows) => rows.length === orders.length && rows.every((row) => row.status === 'sent'),
      );
      expect(received.map((sms) => sms.to).sort()).toEqual([...digits].sort());
    } finally {
      worker.kill('SIGTERM');
      await new Promise((resolve) => worker.once('exit', resolve));
    }
  }, 90_000);
});
