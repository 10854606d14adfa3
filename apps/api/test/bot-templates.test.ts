import type { BotThreadAnswer } from '@ebox/domain/bot/messages';
import { type ProviderSandbox, startProviderSandbox } from '@ebox/provider-sandbox';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botRemindJob } from '../src/modules/bot/jobs';
import { enqueueJob } from '../src/platform/jobs/queue';
import { ok } from './support/answers';
import { eventually } from './support/eventually';
import { startTestApp, type TestApp, type TestUser } from './support/test-app';
import { type BotWorld, makeBotWorld } from './support/whatsapp-bot-world';

/**
 * Issue 32 item 2, outside the 24-hour customer service window: WhatsApp takes only a template Meta
 * approved. The bot flow's message template (a ccm whose subject is the approved name) carries the
 * booking's reminder there and is what a person may send from the thread; past the number's tier
 * of customers reached in 24 hours the same words go by SMS, so the booking's message is not lost.
 */

let t: TestApp;
let owner: TestUser;
let sandbox: ProviderSandbox;
let world: BotWorld;

beforeAll(async () => {
  sandbox = await startProviderSandbox();
  t = await startTestApp({
    // A tier of one customer a day: the second customer reached by a template gets an SMS.
    env: { ...sandbox.env, SMS_PROVIDER: 'sinch', JOBS_RETRY_DELAY_SECONDS: '1', WHATSAPP_TIER_RECIPIENTS: '1' },
  });
  owner = await t.createUser({ roles: ['owner'] });
  world = await makeBotWorld(t, sandbox, owner, { name: 'Largo Modelo', flowType: 'hourlyBooking', operationType: 'HOUR' });
  for (const at of [1, 2, 3]) await world.addCompartment(at, 'P');
  const template = ok(
    await owner.api.post('/ccm', {
      data: {
        type: 'whatsapp',
        subType: 'delivery',
        trigger: 'EXPIRED',
        enable: true,
        company: world.company,
        subject: 'lembrete_reserva',
        content: 'Sua reserva no {{locker.name}} termina em {{order.overdueDate}}. Código: {{accessCode}}',
      },
    }),
  ).id;
  ok(await owner.api.put(`/botFlow/${world.flow}`, { data: { messageTemplate: template } }));
}, 120_000);

afterAll(async () => {
  await t?.close();
  await sandbox?.close();
});

/** A free booking of one hour (it ends within the hour: the reminder's job takes it). */
async function book(customer: string): Promise<{ order: string; accessCode: string }> {
  await world.says(customer, 'oi');
  await world.waitForReplies(customer, 2);
  await world.chooses(customer, 'list_reply', 'size:P', 'P');
  await world.waitForReplies(customer, 3);
  // Midnight has always passed today (São Paulo): the booking starts now, so it ends within the hour
  // whatever the time of day the test runs ("08:00" did only after 08:00 there).
  await world.says(customer, '00:00');
  await world.waitForReplies(customer, 4);
  await world.says(customer, '1');
  await world.waitForReplies(customer, 5);
  await world.chooses(customer, 'button_reply', 'confirm', 'Confirmar');
  await world.waitForReplies(customer, 7);
  const { rows } = await t.database.db.execute<{ id: string; access_code: string }>(
    sql`SELECT id, access_code FROM "order" WHERE customer_phone = ${customer}`,
  );
  const order = rows[0];
  if (!order) throw new Error('no booking');
  return { order: order.id, accessCode: order.access_code };
}

/** The customer last wrote 25 hours ago (the window closed), as a day's wait would leave it. */
async function closeWindow(customer: string): Promise<void> {
  await t.database.db.execute(
    sql`UPDATE bot_conversation SET last_inbound_at = now() - interval '25 hours' WHERE bot_id = ${world.bot} AND wa_id = ${customer}`,
  );
}

const threadOf = async (customer: string) => ok(await owner.api.get(`/bot/${world.bot}/messages/${customer}`)) as BotThreadAnswer;

describe('outside the 24-hour window', () => {
  it("reminds by the flow's template, then a person sends it from the thread; free text is refused", async () => {
    const customer = world.newCustomer();
    const booking = await book(customer);
    await closeWindow(customer);
    await enqueueJob({ deps: t.app.deps }, botRemindJob, {});
    const reminder = (await world.waitForReplies(customer, 8))[7];
    // What Meta received: the approved name, the customer's language, the booking's values.
    expect(reminder).toMatchObject({ type: 'template', template: { name: 'lembrete_reserva', languageCode: 'pt_BR' } });
    expect(reminder?.template?.bodyParameters).toEqual([
      `Armário Largo Modelo`,
      expect.stringMatching(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/),
      booking.accessCode,
    ]);

    // The thread shows it as the customer read it, and offers the template (free text is closed).
    const thread = await eventually(
      () => threadOf(customer),
      // Sent, and perhaps already delivered: Meta's receipts come on their own time.
      (answer) => answer.rows.some((row) => row.type === 'template' && ['sent', 'delivered', 'read'].includes(row.status)),
    );
    expect(thread).toMatchObject({ canReply: false, template: { name: 'lembrete_reserva' } });
    const shown = thread.rows.find((row) => row.type === 'template');
    expect(shown?.text).toContain(`Código: ${booking.accessCode}`);

    const refused = await owner.api.post(`/bot/${world.bot}/messages/${customer}`, { data: { text: 'Olá?' } });
    expect(refused.status).toBe(400);
    const sent = ok(await owner.api.post(`/bot/${world.bot}/messages/${customer}`, { data: { template: true } }));
    expect(sent).toMatchObject({ type: 'template', status: 'queued' });
    const again = (await world.waitForReplies(customer, 9))[8];
    expect(again?.template?.name).toBe('lembrete_reserva');
    // The audit keeps the template's name, never its words (they hold the access code).
    const { rows: audit } = await t.database.db.execute<{ values: unknown }>(
      sql`SELECT "values" FROM audit_log WHERE entity_name = 'bot' AND entity_id = ${world.bot} AND action = 'queued' ORDER BY timestamp DESC LIMIT 1`,
    );
    expect(JSON.stringify(audit[0]?.values)).toContain('lembrete_reserva');
    expect(JSON.stringify(audit[0]?.values)).not.toContain(booking.accessCode);
  });

  it("past the number's tier of customers a day, the reminder goes by SMS and the thread says so", async () => {
    // The first test's customer took the tier's one place: this one is past it.
    const customer = world.newCustomer();
    const booking = await book(customer);
    await closeWindow(customer);
    await enqueueJob({ deps: t.app.deps }, botRemindJob, {});
    const sms = await eventually(
      async () => sandbox.received('sinch').filter((message) => JSON.stringify(message).includes(customer)),
      (found) => found.length > 0,
      20_000,
    );
    expect(JSON.stringify(sms[0])).toContain(`Código: ${booking.accessCode}`);
    const thread = await eventually(
      () => threadOf(customer),
      (answer) => answer.rows.some((row) => row.type === 'sms'),
    );
    expect(thread.rows.find((row) => row.type === 'sms')).toMatchObject({ status: 'sent', step: 'reminder' });
    // Nothing went to Meta past the tier.
    expect(world.repliesTo(customer).filter((message) => message.type === 'template')).toHaveLength(0);
  });

  it("without a template on the flow a person's template is refused, translated", async () => {
    ok(await owner.api.put(`/botFlow/${world.flow}`, { data: { messageTemplate: null } }));
    const customer = world.newCustomer();
    await book(customer);
    await closeWindow(customer);
    expect((await threadOf(customer)).template).toBeNull();
    const refused = await t.client(owner.token, 'en').post(`/bot/${world.bot}/messages/${customer}`, { data: { template: true } });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('names no template');
    // Nothing left for Meta: the last thing the customer got is still the booking's QR code.
    await world.settled();
    expect(world.repliesTo(customer).at(-1)?.type).toBe('image');
  });
});
