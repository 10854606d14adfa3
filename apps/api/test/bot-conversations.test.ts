import { accessCodeOfQrPayload } from '@ebox/domain';
import { type ProviderSandbox, startProviderSandbox } from '@ebox/provider-sandbox';
import { sql } from 'drizzle-orm';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from './support/answers';
import { eventually } from './support/eventually';
import { startTestApp, type TestApp, type TestUser } from './support/test-app';
import { type BotWorld, bodyOf, makeBotWorld } from './support/whatsapp-bot-world';

/**
 * Issue 32 item 3 (and item 2's outgoing half): a customer's WhatsApp messages move the bot's
 * declared conversation, in order per phone, and the replies (text, a list of the sizes free now,
 * reply buttons) reach the customer through the WhatsApp Cloud API stand-in, in the order written.
 * A free bot's confirmed booking is an order made by the bot through the order service: a free
 * compartment of the size is booked and the customer gets the access code. Meta's side (signed
 * escaped-unicode notifications, duplicate deliveries, 12-digit wa_ids, throttling) is the
 * provider sandbox's.
 */

let t: TestApp;
let owner: TestUser;
let sandbox: ProviderSandbox;
let world: BotWorld;
let number: { phoneNumberId: string; accessToken: string };
let company: string;
let locker: string;
let bot: string;
/** The first test's customer and the order the bot made for them (the support bot lists it). */
let bookedBy: { customer: string; trackingCode: string; accessCode: string } | undefined;

beforeAll(async () => {
  sandbox = await startProviderSandbox();
  t = await startTestApp({ env: { ...sandbox.env, SMS_PROVIDER: 'sinch', JOBS_RETRY_DELAY_SECONDS: '1' } });
  owner = await t.createUser({ roles: ['owner'] });
  world = await makeBotWorld(t, sandbox, owner, { name: 'Rodoviária', flowType: 'hourlyBooking', operationType: 'HOUR' });
  ({ number, company, locker, bot } = world);
  await world.addCompartment(1, 'P');
  await world.addCompartment(2, 'P');
  await world.addCompartment(3, 'M');
}, 120_000);

afterAll(async () => {
  await t?.close();
  await sandbox?.close();
});

const newCustomer = () => world.newCustomer();
const repliesTo = (waId: string) => world.repliesTo(waId);
const waitForReplies = (waId: string, count: number) => world.waitForReplies(waId, count);
const says = (from: string, text: string) => world.says(from, text);
const chooses = (from: string, type: 'list_reply' | 'button_reply', id: string, title: string) => world.chooses(from, type, id, title);
const settled = () => world.settled();

const compartmentStatuses = async () =>
  (
    await t.database.db.execute<{ number: number; status: string }>(
      sql`SELECT number, status FROM compartiment WHERE ebox_id = ${locker} ORDER BY number`,
    )
  ).rows;

describe('a WhatsApp conversation with a free hourly bot', () => {
  it('books a compartment from "oi" to the access code, through the order service, replies in order', async () => {
    const customer = newCustomer();
    await says(customer, 'oi');
    const [welcome, sizes] = await waitForReplies(customer, 2);
    expect(welcome).toMatchObject({ type: 'text', phoneNumberId: number.phoneNumberId });
    expect(bodyOf(welcome)).toContain('assistente dos armários');
    // The sizes free now in the cluster, as a list (smallest first).
    expect(sizes?.type).toBe('interactive');
    expect(sizes?.interactive).toMatchObject({ type: 'list', button: 'Ver tamanhos' });
    const rows = sizes?.interactive?.type === 'list' ? sizes.interactive.sections.flatMap((section) => section.rows) : [];
    expect(rows.map((row) => row.title)).toEqual(['P', 'M']);

    await chooses(customer, 'list_reply', 'size:M', 'M');
    expect(bodyOf((await waitForReplies(customer, 3))[2])).toContain('A partir de que horas');
    await says(customer, '14:30');
    expect(bodyOf((await waitForReplies(customer, 4))[3])).toContain('Por quantas horas');
    await says(customer, '3 horas');
    const confirm = (await waitForReplies(customer, 5))[4];
    expect(confirm?.interactive).toMatchObject({
      type: 'button',
      buttons: [
        { id: 'confirm', title: 'Confirmar' },
        { id: 'cancel', title: 'Cancelar' },
      ],
    });
    await chooses(customer, 'button_reply', 'confirm', 'Confirmar');
    const booked = (await waitForReplies(customer, 6))[5];
    expect(bodyOf(booked)).toContain('Reserva confirmada');

    // The order the bot made: its company's, a storage of the M compartment, the customer's phone.
    const order = (
      await t.database.db.execute<{
        id: string;
        type: string;
        status: string;
        access_code: string;
        customer_phone: string;
        compartiment_number: number;
      }>(
        sql`SELECT id, type, status, access_code, customer_phone, compartiment_number FROM "order" WHERE ebox_id = ${locker} AND customer_phone = ${customer}`,
      )
    ).rows;
    expect(order).toHaveLength(1);
    const tracking = (
      await t.database.db.execute<{ tracking_code: string }>(sql`SELECT tracking_code FROM "order" WHERE id = ${order[0]?.id}`)
    ).rows[0]?.tracking_code;
    bookedBy = { customer, trackingCode: tracking ?? '', accessCode: order[0]?.access_code ?? '' };
    expect(order[0]).toMatchObject({ type: 'STORAGE', status: 'CREATED', compartiment_number: 3 });
    expect(bodyOf(booked)).toContain(`*${order[0]?.access_code}*`);
    expect(bodyOf(booked)).toContain('Armário Rodoviária, porta 3');
    // Then the code's QR image, which Meta fetches from the console's signed link: it reads as the code.
    const qr = (await waitForReplies(customer, 7))[6];
    expect(qr).toMatchObject({ type: 'image', image: { caption: expect.stringContaining('QR code') } });
    const image = await fetch(qr?.image?.link ?? '');
    expect(image.headers.get('content-type')).toContain('image/png');
    const png = PNG.sync.read(Buffer.from(await image.arrayBuffer()));
    const read = jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? '';
    expect(accessCodeOfQrPayload(read)).toBe(order[0]?.access_code);
    expect((await compartmentStatuses()).find((row) => row.number === 3)?.status).toBe('BOOKED');
    // Made by the bot, and audited as such in its transaction.
    const audit = (
      await t.database.db.execute<{ action: string; created_by_id: string | null; actor_label: string | null }>(
        sql`SELECT action, created_by_id, actor_label FROM audit_log WHERE entity_name = 'order' AND entity_id = ${order[0]?.id}`,
      )
    ).rows;
    expect(audit).toEqual([expect.objectContaining({ action: 'create', created_by_id: null, actor_label: expect.any(String) })]);

    // Every reply is in the thread, sent, with Meta's wamid; the conversation is over.
    await settled();
    const thread = (
      await t.database.db.execute<{ direction: string; status: string; wamid: string | null; step: string | null }>(
        sql`SELECT direction, status, wamid, step FROM bot_message WHERE bot_id = ${bot} AND wa_id = ${customer} ORDER BY seq`,
      )
    ).rows;
    expect(thread.filter((row) => row.direction === 'out').map((row) => row.step)).toEqual([
      'welcome',
      'chooseSize',
      'askStart',
      'askHours',
      'confirm',
      'booked',
      'booked',
    ]);
    expect(thread.filter((row) => row.direction === 'out').every((row) => row.wamid?.startsWith('wamid.'))).toBe(true);
  });

  it('asks again, then helps, on an answer it cannot read; "cancelar" ends it anywhere', async () => {
    const customer = newCustomer();
    await says(customer, 'olá');
    await waitForReplies(customer, 2);
    await says(customer, 'banana');
    const [askAgain, again] = (await waitForReplies(customer, 4)).slice(2);
    expect(bodyOf(askAgain)).toContain('Não entendi');
    expect(again?.interactive?.type).toBe('list');
    await says(customer, 'sei lá');
    const [help] = (await waitForReplies(customer, 6)).slice(4);
    expect(bodyOf(help)).toContain('escolhendo uma das opções');
    await says(customer, 'Cancelar');
    const cancelled = (await waitForReplies(customer, 7))[6];
    expect(bodyOf(cancelled)).toContain('cancelei');
    await settled();
    const state = (
      await t.database.db.execute<{ state: unknown }>(sql`SELECT state FROM bot_conversation WHERE bot_id = ${bot} AND wa_id = ${customer}`)
    ).rows[0];
    expect(state?.state).toBeNull();
  });

  it('answers a message Meta delivers three times once', async () => {
    const customer = newCustomer();
    const first = await says(customer, 'oi');
    await waitForReplies(customer, 2);
    for (let i = 0; i < 3; i++) expect((await sandbox.whatsapp.deliverAgain(first.wamid)).status).toBe(200);
    await settled();
    expect(repliesTo(customer)).toHaveLength(2);
  });

  it('an older account (12-digit wa_id) is answered at its wa_id and its order keeps the 13-digit phone', async () => {
    const thirteen = newCustomer();
    const twelve = `${thirteen.slice(0, 4)}${thirteen.slice(5)}`;
    await says(twelve, 'oi');
    const replies = await waitForReplies(twelve, 2);
    expect(replies[0]?.to).toBe(twelve);
    await chooses(twelve, 'list_reply', 'size:P', 'P');
    await waitForReplies(twelve, 3);
    await says(twelve, '9');
    await waitForReplies(twelve, 4);
    await says(twelve, '2');
    await waitForReplies(twelve, 5);
    await says(twelve, 'sim');
    expect(bodyOf((await waitForReplies(twelve, 6))[5])).toContain('Reserva confirmada');
    const phones = (
      await t.database.db.execute<{ customer_phone: string }>(sql`SELECT customer_phone FROM "order" WHERE customer_phone = ${thirteen}`)
    ).rows;
    expect(phones).toHaveLength(1);
  });

  it('waits out Meta throttling the number (130429): the reply goes later, still in order', async () => {
    const customer = newCustomer();
    sandbox.failNext('whatsapp', { code: 130429, status: 429 });
    await says(customer, 'oi');
    const [welcome, sizes] = await waitForReplies(customer, 2);
    expect(welcome?.type).toBe('text');
    expect(sizes?.type).toBe('interactive');
    await settled();
    expect(sandbox.requests('whatsapp').length).toBeGreaterThan(sandbox.received('whatsapp').length);
  });

  it('of two phones confirming the last compartment of a size at once, one gets it and the other is told none is free', async () => {
    // One M left at most: book every other M first (the first test took compartment 3, the only M).
    const [a, b] = [newCustomer(), newCustomer()];
    await world.addCompartment(4, 'G');
    for (const customer of [a, b]) {
      await says(customer, 'oi');
      await waitForReplies(customer, 2);
      await chooses(customer, 'list_reply', 'size:G', 'G');
      await waitForReplies(customer, 3);
      await says(customer, '10');
      await waitForReplies(customer, 4);
      await says(customer, '1');
      await waitForReplies(customer, 5);
    }
    await Promise.all([a, b].map((customer) => chooses(customer, 'button_reply', 'confirm', 'Confirmar')));
    const last = await Promise.all([a, b].map(async (customer) => bodyOf((await waitForReplies(customer, 6))[5])));
    expect(last.filter((text) => text.includes('Reserva confirmada'))).toHaveLength(1);
    expect(last.filter((text) => text.includes('não há compartimentos livres'))).toHaveLength(1);
    expect((await compartmentStatuses()).find((row) => row.number === 4)?.status).toBe('BOOKED');
  });

  it('says it is out of service when the bot is disabled, and keeps no conversation', async () => {
    ok(await owner.api.put(`/bot/${bot}`, { id: bot, data: { enable: false } }));
    try {
      const customer = newCustomer();
      await says(customer, 'oi');
      const [reply] = await waitForReplies(customer, 1);
      expect(bodyOf(reply)).toContain('fora de serviço');
      await settled();
      expect(repliesTo(customer)).toHaveLength(1);
    } finally {
      ok(await owner.api.put(`/bot/${bot}`, { id: bot, data: { enable: true } }));
    }
  });
});

describe('a WhatsApp support bot (logisticSupport)', () => {
  it("lists the phone's open orders, sends their codes again once a minute, and hands off to a person", async () => {
    expect(bookedBy).toBeDefined();
    const { customer, trackingCode, accessCode } = bookedBy as NonNullable<typeof bookedBy>;
    const support = sandbox.whatsapp.addNumber();
    const supportFlow = ok(
      await owner.api.post('/botFlow', { data: { name: 'Atendimento', type: 'logisticSupport', company, enable: true } }),
    ).id;
    ok(
      await owner.api.post('/bot', {
        data: {
          name: 'Bot Atendimento',
          phoneNumberId: support.phoneNumberId,
          accessToken: support.accessToken,
          company,
          flow: supportFlow,
          user: owner.id,
          enable: true,
        },
      }),
    );
    const fromSupport = () => sandbox.received('whatsapp').filter((m) => m.waId === customer && m.phoneNumberId === support.phoneNumberId);
    const waitFor = (count: number) =>
      eventually(
        async () => fromSupport(),
        (replies) => replies.length >= count,
        20_000,
      );
    const write = async (message: { text: string } | { choice: { type: 'button_reply'; id: string; title: string } }) =>
      expect((await sandbox.whatsapp.customerSays({ to: support.phoneNumberId, from: customer, ...message })).status).toBe(200);

    await write({ text: 'bom dia' });
    const [, menu] = await waitFor(2);
    expect(menu?.interactive).toMatchObject({
      type: 'button',
      buttons: [
        { id: 'orders', title: 'Meus pedidos' },
        { id: 'resend', title: 'Reenviar código' },
        { id: 'handOff', title: 'Falar com atendente' },
      ],
    });
    await write({ choice: { type: 'button_reply', id: 'orders', title: 'Meus pedidos' } });
    const orders = (await waitFor(4))[2];
    expect(bodyOf(orders)).toContain(`*${trackingCode}*: Criado em Armário Rodoviária`);
    await write({ text: '2' });
    const codes = (await waitFor(6))[4];
    expect(bodyOf(codes)).toContain(`${trackingCode} (Armário Rodoviária): *${accessCode}*`);
    await write({ choice: { type: 'button_reply', id: 'resend', title: 'Reenviar código' } });
    expect(bodyOf((await waitFor(8))[6])).toContain('Aguarde um minuto');
    await write({ choice: { type: 'button_reply', id: 'handOff', title: 'Falar com atendente' } });
    expect(bodyOf((await waitFor(9))[8])).toContain('Um atendente');
    // Handed off: a person answers now, the bot keeps quiet.
    await write({ text: 'alô?' });
    await settled();
    expect(fromSupport()).toHaveLength(9);
  });
});
