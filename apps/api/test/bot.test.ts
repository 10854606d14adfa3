import { createHmac } from 'node:crypto';
import { Writable } from 'node:stream';
import { ENTITIES, exportColumnsOf } from '@ebox/domain';
import { type ProviderSandbox, startProviderSandbox } from '@ebox/provider-sandbox';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, orderDataFor } from './support/answers';
import { eventually } from './support/eventually';
import { startTestApp, type TestApp, type TestUser } from './support/test-app';

/**
 * Issue 32, items 1 and 2 (first part): bots and bot flows on the kit, their three secrets written
 * once and never read back (encrypted in the database; absent from answers, lists, exports, the
 * audit log and the server log), flow texts refused where WhatsApp refuses them, and Meta's webhook:
 * the handshake, the signature over the raw bytes, one handling per wamid, the receipts moving the
 * message log. Meta's side is played by signing payloads exactly as Meta does (escaped unicode, HMAC
 * of the bytes sent) and by the provider sandbox for the messages the console sends.
 */

let t: TestApp;
let owner: TestUser;
let sandbox: ProviderSandbox;
let companyA: string;
let companyB: string;
let flowA: string;
const logLines: string[] = [];
let counter = 0;

const SECRETS = {
  accessToken: 'EAAG-token-of-the-bot-4f9a1c',
  appSecret: 'app-secret-of-the-bot-77e2d0',
  verifyToken: 'verify-token-bot-31b8',
};

beforeAll(async () => {
  sandbox = await startProviderSandbox();
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  t = await startTestApp({ env: { ...sandbox.env, SMS_PROVIDER: 'sinch', JOBS_RETRY_DELAY_SECONDS: '1' }, logStream });
  owner = await t.createUser({ roles: ['owner'] });
  companyA = ok(await owner.api.post('/company', { data: { name: 'Loja Bot A', type: 'shipper' } })).id;
  companyB = ok(await owner.api.post('/company', { data: { name: 'Loja Bot B', type: 'shipper' } })).id;
  flowA = ok(
    await owner.api.post('/botFlow', { data: { name: 'Reserva por hora', type: 'hourlyBooking', company: companyA, enable: true } }),
  ).id;
}, 120_000);
afterAll(async () => {
  await t?.close();
  await sandbox?.close();
});

async function newBot(extra: Record<string, unknown> = {}): Promise<{ id: string; phoneNumberId: string }> {
  counter += 1;
  const phoneNumberId = `10${Date.now()}${counter}`;
  const created = ok(
    await owner.api.post('/bot', {
      data: { name: `Bot ${counter}`, phoneNumberId, company: companyA, flow: flowA, user: owner.id, enable: true, ...SECRETS, ...extra },
    }),
  );
  return { id: created.id, phoneNumberId };
}

/** What Meta sends: JSON with every non-ASCII character escaped (\u00e1), signed over those exact bytes. */
function signedByMeta(payload: unknown, secret: string): { body: string; signature: string } {
  const body = JSON.stringify(payload).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return { body, signature: `sha256=${createHmac('sha256', secret).update(Buffer.from(body, 'utf8')).digest('hex')}` };
}

async function postToWebhook(body: string, signature: string): Promise<Response> {
  return fetch(`${t.baseUrl}/io/api/v1/webhooks/whatsapp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
    body,
  });
}

function notification(phoneNumberId: string, value: Record<string, unknown>) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: 'WABA-1',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '5521900000000', phone_number_id: phoneNumberId },
              ...value,
            },
          },
        ],
      },
    ],
  };
}

function customerMessage(wamid: string, text: string, at: number, from = '552199998888') {
  return {
    contacts: [{ profile: { name: 'João Cliente' }, wa_id: from }],
    messages: [{ from, id: wamid, timestamp: String(at), type: 'text', text: { body: text } }],
  };
}

const botRow = async (id: string) =>
  (
    await t.database.db.execute<{
      access_token: string;
      app_secret: string;
      verify_token: string;
      last_message: string | null;
      last_interaction: Date | null;
    }>(sql`SELECT access_token, app_secret, verify_token, last_message, last_interaction FROM bot WHERE id = ${id}`)
  ).rows[0];

describe('bots and bot flows', () => {
  it('keep the three secrets encrypted and never show them: answers, lists, exports, the audit log, the log', async () => {
    const { id } = await newBot();
    const stored = await botRow(id);
    for (const name of ['access_token', 'app_secret', 'verify_token'] as const) {
      expect(stored?.[name]).toMatch(/^v1\./);
      for (const secret of Object.values(SECRETS)) expect(stored?.[name]).not.toContain(secret);
    }
    const read = ok(await owner.api.get(`/bot/${id}`));
    expect(read).toMatchObject({ accessToken: null, appSecret: null, verifyToken: null, flow: { id: flowA } });
    const list = await owner.api.get('/bot', { filter: { company: companyA } });
    const exported = await owner.api.get('/bot/export', { fields: exportColumnsOf(ENTITIES.bot!), format: 'csv' });
    expect(exported.status).toBe(200);
    const audit = await owner.api.get('/auditLog', { filter: { entityName: 'bot', entityId: id }, limit: 100 });
    expect(audit.body.rows.length).toBeGreaterThan(0);
    // An edit that leaves the token empty keeps it; a new one replaces it, and neither is told.
    ok(await owner.api.put(`/bot/${id}`, { data: { name: 'Bot renomeado', accessToken: '', appSecret: null } }));
    expect((await botRow(id))?.access_token).toBe(stored?.access_token);
    expect((await botRow(id))?.app_secret).toBe(stored?.app_secret);
    const changed = ok(await owner.api.put(`/bot/${id}`, { data: { accessToken: 'EAAG-second-token-9d0e' } }));
    expect(changed.accessToken).toBeNull();
    expect((await botRow(id))?.access_token).not.toBe(stored?.access_token);
    const auditAfter = await owner.api.get('/auditLog', { filter: { entityName: 'bot', entityId: id }, limit: 100 });
    const everything = JSON.stringify([read, list.body, exported.body, audit.body, auditAfter.body, changed]) + logLines.join('\n');
    for (const secret of [...Object.values(SECRETS), 'EAAG-second-token-9d0e']) expect(everything).not.toContain(secret);
    // Nor the ciphertext: an answer shows nothing of the secret at all.
    expect(everything).not.toContain(stored?.access_token);
  });

  it('keeps lastInteraction and lastMessage for the bot alone, and the rules of spec 5.3', async () => {
    const { id } = await newBot();
    // Written by the bot alone: a form's echo of them is dropped.
    ok(await owner.api.put(`/bot/${id}`, { data: { lastMessage: 'forjada', lastInteraction: new Date().toISOString() } }));
    expect(await botRow(id)).toMatchObject({ last_message: null, last_interaction: null });
    expect(
      (await owner.api.post('/bot', { data: { name: 'Sem token', phoneNumberId: '999', company: companyA, flow: flowA, user: owner.id } }))
        .status,
    ).toBe(400);
    const noFlow = await owner.api.post('/bot', {
      data: { name: 'Sem fluxo', phoneNumberId: '998', company: companyA, user: owner.id, accessToken: 'xx' },
    });
    expect(noFlow.status).toBe(400);
    expect(JSON.stringify(noFlow.body)).not.toContain('"xx"');
    // One bot per WhatsApp number: the webhook routes by it.
    const { phoneNumberId } = await newBot();
    expect(
      (
        await owner.api.post('/bot', {
          data: { name: 'Duplicado', phoneNumberId, company: companyA, flow: flowA, user: owner.id, accessToken: 'abc' },
        })
      ).status,
    ).toBe(409);
    const catalog = ok(
      await owner.api.put(`/bot/${id}`, { data: { catalog: { unit: 'HOUR', priceP: 5.5, priceG: 12 }, paymentMethods: ['pix'] } }),
    );
    expect(catalog.catalog).toMatchObject({ unit: 'HOUR', priceP: 5.5, priceG: 12 });
    expect((await owner.api.put(`/bot/${id}`, { data: { catalog: { priceM: 10000 } } })).status).toBe(400);
    expect((await owner.api.put(`/bot/${id}`, { data: { paymentMethods: ['boleto'] } })).status).toBe(400);
  });

  it("refuses a flow's texts where WhatsApp would refuse them", async () => {
    const base = { name: 'Suporte', type: 'logisticSupport', company: companyA };
    const fourButtons = '- Um\n- Dois\n- Três\n- Quatro';
    const refused = await t
      .client(owner.token, 'en')
      .post('/botFlow', { data: { ...base, messages: { menu: `Como posso ajudar?\n${fourButtons}` } } });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('WhatsApp takes up to 3 buttons');
    const longLabel = await owner.api.post('/botFlow', {
      data: { ...base, messages: { confirmEn: 'Confirm?\n- Yes, I confirm this booking now\n- No' } },
    });
    expect(longLabel.status).toBe(400);
    expect(JSON.stringify(longLabel.body)).toContain('20');
    const rows = Array.from({ length: 11 }, (_, i) => `- Linha ${i + 1}`).join('\n');
    expect((await owner.api.post('/botFlow', { data: { ...base, messages: { chooseSize: `Tamanhos\n- Ver\n${rows}` } } })).status).toBe(
      400,
    );
    expect((await owner.api.post('/botFlow', { data: { ...base, messages: { welcome: 'Olá\n- Botão num texto' } } })).status).toBe(400);
    // Within the limits: three buttons of 20 characters, a list button and ten rows.
    const tenRows = Array.from({ length: 10 }, (_, i) => `- Linha ${i + 1}`).join('\n');
    ok(
      await owner.api.post('/botFlow', {
        data: {
          ...base,
          messages: {
            menu: 'Como posso ajudar?\n- Meus pedidos\n- Reenviar código\n- Falar com atendente',
            chooseSize: `Tamanhos\n- Ver\n${tenRows}`,
          },
        },
      }),
    );
    expect((await owner.api.post('/botFlow', { data: { name: 'Sem tipo', company: companyA } })).status).toBe(400);
  });

  it('answers within permission and company scope', async () => {
    const { id } = await newBot();
    const reader = await t.createUser({ permissions: ['botRead'] });
    expect((await reader.api.get(`/bot/${id}`)).status).toBe(200);
    expect(
      (
        await reader.api.post('/bot', {
          data: { name: 'Não', phoneNumberId: '1', company: companyA, flow: flowA, user: owner.id, accessToken: 'zz' },
        })
      ).status,
    ).toBe(403);
    expect((await reader.api.put(`/bot/${id}`, { data: { name: 'Não' } })).status).toBe(403);
    expect((await reader.api.get('/botFlow')).status).toBe(403);
    const other = await t.createUser({ roles: ['owner'], allowedCompanies: [companyB] });
    expect((await other.api.get(`/bot/${id}`)).status).toBe(404);
    expect(ok(await other.api.get('/bot')).rows).toEqual([]);
    // A bot of company B may not run company A's flow.
    const crossed = await other.api.post('/bot', {
      data: { name: 'Cruzado', phoneNumberId: '77', company: companyB, flow: flowA, user: other.id, accessToken: 'tt' },
    });
    expect(crossed.status).toBe(400);
  });
});

describe("Meta's webhook", () => {
  it("answers the handshake with a bot's or the console's verify token, and refuses any other", async () => {
    const { id } = await newBot();
    const handshake = (token: string) =>
      fetch(
        `${t.baseUrl}/io/api/v1/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=${encodeURIComponent(token)}&hub.challenge=1158201444`,
      );
    const answer = await handshake(SECRETS.verifyToken);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe('1158201444');
    expect((await handshake(sandbox.whatsapp.verifyToken)).status).toBe(200);
    expect((await handshake('not-ours')).status).toBe(403);
    // A disabled bot's token no longer subscribes (the other bots' tokens still do).
    ok(await owner.api.put(`/bot/${id}`, { data: { enable: false, verifyToken: 'verify-token-of-a-disabled-bot' } }));
    expect((await handshake('verify-token-of-a-disabled-bot')).status).toBe(403);
  });

  it('refuses a body not signed by a known app secret (401, logged) before reading it', async () => {
    const { phoneNumberId } = await newBot();
    const { body } = signedByMeta(notification(phoneNumberId, customerMessage('wamid.unsigned', 'Olá', 1_790_000_000)), SECRETS.appSecret);
    expect((await postToWebhook(body, 'sha256=00')).status).toBe(401);
    const { signature } = signedByMeta(
      notification(phoneNumberId, customerMessage('wamid.unsigned', 'Olá', 1_790_000_000)),
      'another-app-secret',
    );
    expect((await postToWebhook(body, signature)).status).toBe(401);
    // The signature of the escaped bytes does not match the same JSON written with the raw characters.
    const rewritten = JSON.stringify(JSON.parse(body));
    expect(rewritten).not.toBe(body);
    expect((await postToWebhook(rewritten, signedByMeta(JSON.parse(body), SECRETS.appSecret).signature)).status).toBe(401);
    expect(logLines.some((line) => line.includes('whatsapp webhook: signature refused'))).toBe(true);
    const rows = await t.database.db.execute(sql`SELECT 1 FROM bot_message WHERE wamid = 'wamid.unsigned'`);
    expect(rows.rows).toEqual([]);
  });

  it("routes a customer's message to its bot by phone_number_id, once per wamid, and keeps the last interaction", async () => {
    const { id, phoneNumberId } = await newBot();
    const at = Math.floor(Date.now() / 1000);
    const first = signedByMeta(
      notification(phoneNumberId, customerMessage(`wamid.${id}.1`, 'Olá, quero um armário às 14h', at)),
      SECRETS.appSecret,
    );
    expect(first.body).toContain('\\u00e1');
    const answer = await postToWebhook(first.body, first.signature);
    expect(answer.status).toBe(200);
    const touched = await eventually(
      () => botRow(id),
      (row) => row?.last_message === 'Olá, quero um armário às 14h',
    );
    expect(new Date(touched!.last_interaction!).getTime()).toBe(at * 1000);
    const later = signedByMeta(notification(phoneNumberId, customerMessage(`wamid.${id}.2`, 'cancelar', at + 5)), SECRETS.appSecret);
    expect((await postToWebhook(later.body, later.signature)).status).toBe(200);
    await eventually(
      () => botRow(id),
      (row) => row?.last_message === 'cancelar',
    );
    // Meta delivers the first one again, three times: handled once, and it does not become the last message.
    for (let i = 0; i < 3; i++) expect((await postToWebhook(first.body, first.signature)).status).toBe(200);
    await eventually(
      async () =>
        (
          await t.database.db.execute<{ state: string }>(
            sql`SELECT state FROM pgboss.job WHERE name = 'whatsapp.inbound' AND state IN ('created', 'retry', 'active')`,
          )
        ).rows,
      (pending) => pending.length === 0,
    );
    const kept = await t.database.db.execute<{ wamid: string; text: string; wa_id: string }>(
      sql`SELECT wamid, text, wa_id FROM bot_message WHERE bot_id = ${id} AND direction = 'in' ORDER BY sent_at`,
    );
    expect(kept.rows).toEqual([
      { wamid: `wamid.${id}.1`, text: 'Olá, quero um armário às 14h', wa_id: '552199998888' },
      { wamid: `wamid.${id}.2`, text: 'cancelar', wa_id: '552199998888' },
    ]);
    expect((await botRow(id))?.last_message).toBe('cancelar');
    expect(ok(await owner.api.get(`/bot/${id}`))).toMatchObject({ lastMessage: 'cancelar' });
  });

  it("drops a change signed by another app than its number's bot", async () => {
    const { id, phoneNumberId } = await newBot();
    const forged = signedByMeta(
      notification(phoneNumberId, customerMessage(`wamid.${id}.forged`, 'Oi', 1_790_000_100)),
      sandbox.whatsapp.appSecret,
    );
    // Signed by a known app (the console's), so accepted at the door; the bot's own secret did not sign it.
    expect((await postToWebhook(forged.body, forged.signature)).status).toBe(200);
    await eventually(
      () => Promise.resolve(logLines.some((line) => line.includes('its signer does not own'))),
      (found) => found,
    );
    expect((await t.database.db.execute(sql`SELECT 1 FROM bot_message WHERE bot_id = ${id}`)).rows).toEqual([]);
  });

  it("moves the message log by Meta's receipts: delivered, read, and failed with Meta's code", async () => {
    const company = ok(await owner.api.post('/company', { data: { name: `Loja Recibos ${Date.now()}`, type: 'shipper' } })).id;
    ok(
      await owner.api.post('/ccm', {
        data: {
          type: 'whatsapp',
          subType: 'delivery',
          trigger: 'CREATED',
          enable: true,
          company,
          subject: 'pedido_criado',
          content: 'Pedido {{order.trackingCode}}',
        },
      }),
    );
    const messageOf = async (orderId: string) =>
      (ok(await owner.api.get('/order-message', { filter: { order: orderId }, limit: 10 })).rows as any[]).find(
        (row) => row.channel === 'whatsapp',
      );
    const sentMessage = async (phone: string) => {
      const created = await owner.api.post('/order', { data: orderDataFor(company, { customerPhone: phone }) });
      if (created.status !== 200) throw new Error(logLines.filter((line) => line.includes('"level":50')).join('\n'));
      const order = created.body;
      const message = await eventually(
        () => messageOf(order.id),
        (row) => row?.status === 'sent' && Boolean(row.providerMessageId),
      );
      return { orderId: order.id as string, wamid: message.providerMessageId as string };
    };
    const read = await sentMessage('5521987650001');
    const failed = await sentMessage('5521987650002');
    const now = Math.floor(Date.now() / 1000);
    const receipts = notification(sandbox.whatsapp.phoneNumberId, {
      statuses: [
        { id: read.wamid, status: 'delivered', timestamp: String(now), recipient_id: '5521987650001' },
        { id: read.wamid, status: 'read', timestamp: String(now + 1), recipient_id: '5521987650001' },
        {
          id: failed.wamid,
          status: 'failed',
          timestamp: String(now),
          recipient_id: '5521987650002',
          errors: [{ code: 131026, title: 'Message undeliverable', error_data: { details: 'Não entregável' } }],
        },
      ],
    });
    const signed = signedByMeta(receipts, sandbox.whatsapp.appSecret);
    expect((await postToWebhook(signed.body, signed.signature)).status).toBe(200);
    await eventually(
      () => messageOf(read.orderId),
      (row) => row?.status === 'read',
    );
    const failure = await eventually(
      () => messageOf(failed.orderId),
      (row) => row?.status === 'failed',
    );
    expect(failure.errorCode).toBe('131026');
    expect(failure.error).toContain('Message undeliverable');
  });
});
