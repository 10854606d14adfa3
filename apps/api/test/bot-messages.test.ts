import { randomUUID } from 'node:crypto';
import type { BotConversationsAnswer, BotThreadAnswer, BotThreadMessage } from '@ebox/domain/bot/messages';
import { type ProviderSandbox, startProviderSandbox, type WhatsAppReceived } from '@ebox/provider-sandbox';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from './support/answers';
import { eventually } from './support/eventually';
import { openLiveStream } from './support/live-stream';
import { startTestApp, type TestApp, type TestUser } from './support/test-app';
import { newCustomerWaId } from './support/whatsapp-bot-world';

/**
 * Issue 32 item 5, the bot's messages: the conversations of a bot by phone (last message, step,
 * booking, hand-off), a phone's thread as the customer saw it (lists, buttons, Meta's receipts and
 * failure codes) under either form of a Brazilian mobile, one message by its wamid, and a person's
 * reply inside the 24-hour window, sent through the bot's own send path to the WhatsApp stand-in.
 * Denials: no botRead, another company's bot, a reply outside the window.
 */

let t: TestApp;
let owner: TestUser;
let sandbox: ProviderSandbox;
let number: { phoneNumberId: string; accessToken: string };
let support: { phoneNumberId: string; accessToken: string };
let company: string;
let otherCompany: string;
let bot: string;
let supportBot: string;
const newCustomer = () => newCustomerWaId('31');

const twelveOf = (thirteen: string) => `${thirteen.slice(0, 4)}${thirteen.slice(5)}`;

beforeAll(async () => {
  sandbox = await startProviderSandbox();
  t = await startTestApp({ env: { ...sandbox.env, SMS_PROVIDER: 'sinch', JOBS_RETRY_DELAY_SECONDS: '1' } });
  sandbox.setStatusCallbackUrl(`${t.baseUrl}/io/api/v1/webhooks/whatsapp`);
  number = sandbox.whatsapp.addNumber();
  support = sandbox.whatsapp.addNumber();
  owner = await t.createUser({ roles: ['owner'] });
  company = ok(
    await owner.api.post('/company', {
      data: { name: 'Mensagens Zap', type: 'shipper', companySettings: { orderTypes: ['STORAGE', 'DELIVERY'] } },
    }),
  ).id;
  otherCompany = ok(await owner.api.post('/company', { data: { name: 'Outra Empresa Zap', type: 'shipper' } })).id;
  const locker = ok(
    await owner.api.post('/ebox', {
      data: { name: 'Armário Praça', code: `MSG${Date.now() % 100000}`, company, enable: true, terminalId: randomUUID() },
    }),
  ).id;
  for (const at of [1, 2]) {
    ok(
      await owner.api.post('/compartiment', {
        data: {
          ebox: locker,
          number: at,
          boardNumber: 1,
          numberInColumn: at,
          comNumber: at,
          size: 'P',
          width: 1,
          height: 1,
          depth: 1,
          enable: true,
        },
      }),
    );
  }
  const cluster = ok(await owner.api.post('/cluster', { data: { name: 'Praça', company, enable: true, operationType: 'HOUR' } })).id;
  ok(
    await owner.api.post('/clusterEbox', {
      data: { cluster, ebox: locker, sequenceCompartiments: 'LR-TB', clusterPosition: 1, enable: true },
    }),
  );
  const flow = ok(
    await owner.api.post('/botFlow', { data: { name: 'Reserva Praça', type: 'hourlyBooking', company, cluster, enable: true } }),
  ).id;
  bot = ok(
    await owner.api.post('/bot', {
      data: {
        name: 'Bot Praça',
        phoneNumberId: number.phoneNumberId,
        accessToken: number.accessToken,
        company,
        cluster,
        flow,
        user: owner.id,
        enable: true,
      },
    }),
  ).id;
  const supportFlow = ok(
    await owner.api.post('/botFlow', { data: { name: 'Atendimento Praça', type: 'logisticSupport', company, enable: true } }),
  ).id;
  supportBot = ok(
    await owner.api.post('/bot', {
      data: {
        name: 'Bot Atendimento Praça',
        phoneNumberId: support.phoneNumberId,
        accessToken: support.accessToken,
        company,
        flow: supportFlow,
        user: owner.id,
        enable: true,
      },
    }),
  ).id;
}, 120_000);

afterAll(async () => {
  await t?.close();
  await sandbox?.close();
});

const repliesTo = (waId: string, phoneNumberId = number.phoneNumberId) =>
  sandbox.received('whatsapp').filter((message) => message.waId === waId && message.phoneNumberId === phoneNumberId);

async function waitForReplies(waId: string, count: number, phoneNumberId = number.phoneNumberId): Promise<WhatsAppReceived[]> {
  return eventually(
    async () => repliesTo(waId, phoneNumberId),
    (replies) => replies.length >= count,
    20_000,
  );
}

async function says(
  from: string,
  message: { text: string } | { choice: { type: 'list_reply' | 'button_reply'; id: string; title: string } },
  to = number.phoneNumberId,
) {
  const result = await sandbox.whatsapp.customerSays({ to, from, ...message });
  expect(result.status).toBe(200);
  return result;
}

/** No notification or reply is still to be worked on. */
async function settled(): Promise<void> {
  await eventually(
    async () =>
      (
        await t.database.db.execute<{ pending: number }>(sql`
          SELECT count(*)::int AS pending FROM pgboss.job
          WHERE name IN ('whatsapp.inbound', 'bot.send') AND state IN ('created', 'retry', 'active')`)
      ).rows[0]?.pending ?? 0,
    (pending) => pending === 0,
    20_000,
  );
}

const thread = async (user: TestUser, botId: string, key: string, query = '') =>
  ok(await user.api.get(`/bot/${botId}/messages/${key}${query}`)) as BotThreadAnswer;

describe("a bot's messages", () => {
  let booker = '';
  let firstWamid = '';

  it('lists the conversations by phone with the last message, step and booking, and reads a thread as the customer saw it', async () => {
    booker = newCustomer();
    firstWamid = (await says(booker, { text: 'oi' })).wamid;
    await waitForReplies(booker, 2);
    await says(booker, { choice: { type: 'list_reply', id: 'size:P', title: 'P' } });
    await waitForReplies(booker, 3);
    await says(booker, { text: '14:30' });
    await waitForReplies(booker, 4);
    await says(booker, { text: '2' });
    await waitForReplies(booker, 5);
    await says(booker, { choice: { type: 'button_reply', id: 'confirm', title: 'Confirmar' } });
    // The booking's code, then its QR image.
    await waitForReplies(booker, 7);
    await settled();

    const list = ok(await owner.api.get(`/bot/${bot}/messages`)) as BotConversationsAnswer;
    const row = list.rows.find((conversation) => conversation.waId === booker);
    expect(row).toMatchObject({ step: null, handOff: null, lastMessage: { direction: 'out' } });
    expect(row?.lastMessage.text).toContain('QR code');
    const order = (
      await t.database.db.execute<{ id: string; tracking_code: string }>(
        sql`SELECT id, tracking_code FROM "order" WHERE customer_phone = ${booker}`,
      )
    ).rows[0];
    expect(row?.booking).toMatchObject({ orderId: order?.id, trackingCode: order?.tracking_code, status: 'CREATED' });
    // A free bot's booking has no payment; the booking's latest charge shows once there is one.
    expect(row?.payment).toBeNull();
    const charged = (
      await t.database.db.execute<{ id: string }>(sql`
        INSERT INTO payment (value, gateway, status, order_id, company_id, tracking_code, bot_id, wa_id)
        VALUES (12.5, 'mercadopago', 'PENDING', ${order?.id}, ${company}, ${order?.tracking_code}, ${bot}, ${booker}) RETURNING id`)
    ).rows[0];
    const withPayment = (ok(await owner.api.get(`/bot/${bot}/messages?filter[phone]=${booker}`)) as BotConversationsAnswer).rows[0];
    expect(withPayment?.payment).toEqual({ id: charged?.id, status: 'PENDING', value: 12.5 });

    // Filters: the phone's digits, the period of the last message; a step nobody waits at finds none.
    const byPhone = ok(await owner.api.get(`/bot/${bot}/messages?filter[phone]=${booker.slice(-6)}`)) as BotConversationsAnswer;
    expect(byPhone.rows.map((conversation) => conversation.waId)).toEqual([booker]);
    const since = new Date(Date.now() - 3_600_000).toISOString();
    const inPeriod = ok(
      await owner.api.get(`/bot/${bot}/messages?filter[lastMessageAt][]=${encodeURIComponent(since)}&filter[lastMessageAt][]=`),
    ) as BotConversationsAnswer;
    expect(inPeriod.count).toBeGreaterThanOrEqual(1);
    const atConfirm = ok(await owner.api.get(`/bot/${bot}/messages?filter[step]=confirm`)) as BotConversationsAnswer;
    expect(atConfirm.rows.some((conversation) => conversation.waId === booker)).toBe(false);

    // The thread: in order, the customer's choices and the bot's list and buttons as sent, Meta's receipts.
    const messages = await thread(owner, bot, booker);
    expect(messages.count).toBe(12);
    expect(messages.rows.map((message) => message.direction)).toEqual([
      'in',
      'out',
      'out',
      'in',
      'out',
      'in',
      'out',
      'in',
      'out',
      'in',
      'out',
      'out',
    ]);
    expect(messages.rows.at(-2)?.text).toContain('Reserva confirmada');
    expect(messages.rows.at(-1)?.content).toMatchObject({ type: 'image', image: { link: expect.stringContaining('/order/qrcode/') } });
    expect(messages.rows[0]).toMatchObject({ direction: 'in', text: 'oi', status: 'received', wamid: firstWamid });
    const sizes = messages.rows.find((message) => message.step === 'chooseSize');
    expect(sizes?.content).toMatchObject({ type: 'interactive', interactive: { type: 'list', action: { button: 'Ver tamanhos' } } });
    const confirm = messages.rows.find((message) => message.step === 'confirm');
    expect(confirm?.content).toMatchObject({
      interactive: { type: 'button', action: { buttons: [{ reply: { id: 'confirm' } }, { reply: { id: 'cancel' } }] } },
    });
    expect(messages.rows.find((message) => message.choiceId === 'confirm')).toMatchObject({ direction: 'in', text: 'Confirmar' });
    const out = messages.rows.filter((message) => message.direction === 'out');
    expect(out.every((message) => ['sent', 'delivered', 'read'].includes(message.status) && message.wamid)).toBe(true);
    expect(messages.canReply).toBe(true);
    // Meta's receipts (sent, then delivered) land on the thread, and none waits in the customer
    // messages' pending reports, which only the messaging channel's sends take back.
    await eventually(
      () => thread(owner, bot, booker),
      (answer) => answer.rows.filter((message) => message.direction === 'out').every((message) => message.status === 'delivered'),
    );
    const wamids = `{${out.map((message) => message.wamid).join(',')}}`;
    const pending = await t.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM provider_status_report WHERE provider_message_id = ANY(${wamids}::text[])`,
    );
    expect(pending.rows[0]?.n).toBe(0);

    // The 12-digit form reads the same thread; a page; one message by its wamid.
    expect((await thread(owner, bot, twelveOf(booker))).count).toBe(12);
    const firstPage = await thread(owner, bot, booker, '?limit=5&offset=0');
    expect(firstPage.rows.map((message) => message.id)).toEqual(messages.rows.slice(0, 5).map((message) => message.id));
    const newest = await thread(owner, bot, booker, '?limit=5');
    expect(newest.rows.map((message) => message.id)).toEqual(messages.rows.slice(-5).map((message) => message.id));
    // A wamid is base64 (`/`, `+`, `=`): escaped in the path.
    const one = ok(await owner.api.get(`/bot/${bot}/messages/${encodeURIComponent(firstWamid)}`)) as BotThreadMessage;
    expect(one).toMatchObject({ text: 'oi', direction: 'in', waId: booker });
    expect((await owner.api.get(`/bot/${bot}/messages/wamid.nothing`)).status).toBe(404);
    expect((await owner.api.get(`/bot/${bot}/messages/5531999990000`)).status).toBe(404);
  });

  it("keeps Meta's failure code and title on a reply it refused", async () => {
    const customer = newCustomer();
    sandbox.failNext('whatsapp', { status: 400, code: 131026, message: 'Message undeliverable' });
    await says(customer, { text: 'oi' });
    await waitForReplies(customer, 1);
    await settled();
    const failed = (await thread(owner, bot, customer)).rows.find((message) => message.status === 'failed');
    expect(failed).toMatchObject({ direction: 'out', step: 'welcome', errorCode: 131026 });
    expect(failed?.errorTitle).toBeTruthy();
  });

  it("sends a person's reply inside the window through the send path, audited, and answers the hand-off", async () => {
    const customer = twelveOf(newCustomer());
    await says(customer, { text: 'bom dia' }, support.phoneNumberId);
    await waitForReplies(customer, 2, support.phoneNumberId);
    await says(customer, { choice: { type: 'button_reply', id: 'handOff', title: 'Falar com atendente' } }, support.phoneNumberId);
    await waitForReplies(customer, 3, support.phoneNumberId);
    await settled();
    const waiting = ok(await owner.api.get(`/bot/${supportBot}/messages?filter[handOff]=waiting`)) as BotConversationsAnswer;
    expect(waiting.rows.find((row) => row.waId === customer)).toMatchObject({ step: 'handOff', handOff: 'waiting' });

    // Asked by the 13-digit form; answered at the 12-digit wa_id WhatsApp gave.
    const thirteen = `${customer.slice(0, 4)}9${customer.slice(4)}`;
    const sent = ok(
      await owner.api.post(`/bot/${supportBot}/messages/${thirteen}`, { data: { text: 'Olá! Sou a Ana, como posso ajudar?' } }),
    ) as BotThreadMessage;
    expect(sent).toMatchObject({ direction: 'out', status: 'queued', step: 'person', waId: customer });
    const [reply] = (await waitForReplies(customer, 4, support.phoneNumberId)).slice(3);
    expect(reply).toMatchObject({ type: 'text', to: customer, text: 'Olá! Sou a Ana, como posso ajudar?' });
    await settled();
    const stored = (await thread(owner, supportBot, customer)).rows.at(-1);
    expect(stored).toMatchObject({ id: sent.id, step: 'person' });
    expect(['sent', 'delivered', 'read']).toContain(stored?.status);
    const answered = ok(await owner.api.get(`/bot/${supportBot}/messages?filter[handOff]=answered`)) as BotConversationsAnswer;
    expect(answered.rows.find((row) => row.waId === customer)).toMatchObject({ handOff: 'answered' });
    const audit = (
      await t.database.db.execute<{ action: string; created_by_id: string | null; values: { after?: { messageId?: string } } }>(
        sql`SELECT action, created_by_id, "values" FROM audit_log WHERE entity_name = 'bot' AND entity_id = ${supportBot} AND action = 'queued'`,
      )
    ).rows;
    expect(audit).toEqual([expect.objectContaining({ created_by_id: owner.id })]);
    expect(JSON.stringify(audit[0]?.values)).toContain(sent.id);
  });

  it("refuses a free reply outside the 24-hour window, in the caller's language, and sends nothing", async () => {
    const customer = newCustomer();
    await says(customer, { text: 'oi' });
    await waitForReplies(customer, 2);
    await settled();
    await t.database.db.execute(
      sql`UPDATE bot_conversation SET last_inbound_at = now() - interval '25 hours' WHERE bot_id = ${bot} AND wa_id = ${customer}`,
    );
    expect((await thread(owner, bot, customer)).canReply).toBe(false);
    const refused = await owner.api.post(`/bot/${bot}/messages/${customer}`, { data: { text: 'Ainda aí?' } });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('templates');
    const english = await t.client(owner.token, 'en').post(`/bot/${bot}/messages/${customer}`, { data: { text: 'Still there?' } });
    expect(english.status).toBe(400);
    expect(JSON.stringify(english.body)).toContain('only message templates');
    await settled();
    expect(repliesTo(customer)).toHaveLength(2);
  });

  it("asks botRead to read and botEdit to reply, and keeps to the caller's companies", async () => {
    const noBot = await t.createUser({ permissions: ['orderRead'] });
    expect((await noBot.api.get(`/bot/${bot}/messages`)).status).toBe(403);
    expect((await noBot.api.get(`/bot/${bot}/messages/5531999990000`)).status).toBe(403);
    const reader = await t.createUser({ permissions: ['botRead'], allowedCompanies: [company] });
    expect((await reader.api.get(`/bot/${bot}/messages`)).status).toBe(200);
    const customer = (ok(await owner.api.get(`/bot/${bot}/messages`)) as BotConversationsAnswer).rows[0]?.waId ?? '';
    expect((await reader.api.post(`/bot/${bot}/messages/${customer}`, { data: { text: 'oi' } })).status).toBe(403);
    const elsewhere = await t.createUser({ permissions: ['botRead', 'botEdit'], allowedCompanies: [otherCompany] });
    const ownBot = await elsewhere.api.get(`/bot/${bot}`);
    const refused = await elsewhere.api.get(`/bot/${bot}/messages`);
    // The same refusal the bot's own record gives the caller.
    expect(refused.status).toBe(ownBot.status);
    expect(refused.status).toBe(404);
    expect((await elsewhere.api.get(`/bot/${bot}/messages/${customer}`)).status).toBe(404);
    expect((await elsewhere.api.post(`/bot/${bot}/messages/${customer}`, { data: { text: 'oi' } })).status).toBe(404);
  });

  it("pushes each stored or moved message live to botRead holders of the bot's company, and to no one else", async () => {
    // A bot of the other company: its message is the marker the other company's browser hears.
    const otherNumber = sandbox.whatsapp.addNumber();
    const otherFlow = ok(
      await owner.api.post('/botFlow', {
        data: { name: 'Atendimento Outra', type: 'logisticSupport', company: otherCompany, enable: true },
      }),
    ).id;
    const otherBot = ok(
      await owner.api.post('/bot', {
        data: {
          name: 'Bot Outra',
          phoneNumberId: otherNumber.phoneNumberId,
          accessToken: otherNumber.accessToken,
          company: otherCompany,
          flow: otherFlow,
          user: owner.id,
          enable: true,
        },
      }),
    ).id;
    const reader = await t.createUser({ permissions: ['botRead'], allowedCompanies: [company] });
    const elsewhere = await t.createUser({ permissions: ['botRead'], allowedCompanies: [otherCompany] });
    const seeing = await openLiveStream(t, reader.token);
    const blind = await openLiveStream(t, elsewhere.token);
    try {
      await eventually(async () => [seeing, blind].every((stream) => stream.received.some((r) => r.event === 'ready')), Boolean);
      const customer = newCustomer();
      const { wamid } = await says(customer, { text: 'oi' });
      await waitForReplies(customer, 2);
      // The customer's message, then the bot's replies as Meta took them.
      const events = await eventually(
        async () => seeing.received.filter((r) => r.event === 'botMessage.changed' && r.data.waId === customer),
        (found) =>
          found.some((r) => r.data.direction === 'in') &&
          found.filter((r) => r.data.direction === 'out' && r.data.status !== 'queued').length >= 2,
        20_000,
      );
      expect(events[0]?.data).toMatchObject({ botId: bot, companyId: company, direction: 'in', status: 'received' });
      const thread = await t.database.db.execute<{ id: string }>(sql`SELECT id FROM bot_message WHERE wamid = ${wamid}`);
      expect(events[0]?.data.messageId).toBe(thread.rows[0]?.id);
      // The other company's browser hears its own bot, and by then would have heard ours if it were sent.
      await says(newCustomer(), { text: 'oi' }, otherNumber.phoneNumberId);
      await eventually(
        async () => blind.received.some((r) => r.event === 'botMessage.changed' && r.data.botId === otherBot),
        Boolean,
        20_000,
      );
      expect(blind.received.filter((r) => r.event === 'botMessage.changed' && r.data.botId !== otherBot)).toEqual([]);
    } finally {
      seeing.close();
      blind.close();
    }
  }, 60_000);
});
