import { DECLARED_ENTITIES, entityResponseSchemas } from '@ebox/domain';
import { mercadoPagoSignature, type ProviderSandbox, startProviderSandbox } from '@ebox/provider-sandbox';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botRemindJob } from '../src/modules/bot/jobs';
import { enqueueJob } from '../src/platform/jobs/queue';
import { ok } from './support/answers';
import { eventually } from './support/eventually';
import { SPEC_FIELDS, SPEC_RULES } from './support/spec-tables';
import { startTestApp, type TestApp, type TestUser } from './support/test-app';
import { type BotWorld, bodyOf, makeBotWorld } from './support/whatsapp-bot-world';

/**
 * Issue 32 item 4: a paid bot's booking is held while the customer pays a Pix made at Mercado Pago
 * (its stand-in: bearer, idempotency, a BR Code with its CRC, signed notifications); the payment
 * moves only on what GET /v1/payments/{id} says after a signed notification: approved → the access
 * code; refused or expired → the compartment freed and the customer told; paid after its expiry →
 * DECLINED and flagged for a refund. A company's own gateway account charges its bots' bookings.
 */

let t: TestApp;
let owner: TestUser;
let sandbox: ProviderSandbox;
let world: BotWorld;

const CATALOG = { unit: 'HOUR', priceP: 4, priceM: 5.5 };

beforeAll(async () => {
  sandbox = await startProviderSandbox();
  t = await startTestApp({
    env: { ...sandbox.env, ...sandbox.mercadoPago.env, SMS_PROVIDER: 'sinch', JOBS_RETRY_DELAY_SECONDS: '1' },
  });
  owner = await t.createUser({ roles: ['owner'] });
  world = await makeBotWorld(t, sandbox, owner, {
    name: 'Guarda Volumes Pix',
    flowType: 'hourlyBooking',
    operationType: 'HOUR',
    bot: { isPaid: true, catalog: CATALOG, paymentMethods: ['pix'] },
  });
  // Enough of each size that every test finds one free, whatever the ones before still hold.
  for (let at = 1; at <= 10; at += 1) await world.addCompartment(at, at % 2 ? 'P' : 'M');
}, 120_000);

afterAll(async () => {
  await t?.close();
  await sandbox?.close();
});

type PaymentDb = {
  id: string;
  status: string;
  value: string;
  gateway_id: string | null;
  status_detail: string | null;
  pix_code: string | null;
  refund_due: boolean;
  order_id: string;
  tracking_code: string;
  compartiment_number: number;
};

const paymentOf = async (waId: string) =>
  (
    await t.database.db.execute<PaymentDb>(sql`
      SELECT id, status, value::text, gateway_id, status_detail, pix_code, refund_due, order_id, tracking_code, compartiment_number
      FROM payment WHERE wa_id = ${waId} ORDER BY created_at DESC LIMIT 1`)
  ).rows[0];

const orderOf = async (id: string) =>
  (
    await t.database.db.execute<{ status: string; access_code: string; compartment: string | null }>(sql`
      SELECT o.status, o.access_code, c.status AS compartment FROM "order" o
      LEFT JOIN compartiment c ON c.ebox_id = o.ebox_id AND c.number = o.compartiment_number WHERE o.id = ${id}`)
  ).rows[0];

/** Chats from "oi" to the confirmation of `hours` hours of a size: the bot answers with the Pix. */
async function bookAndGetPix(customer: string, size: string, hours: number) {
  await world.says(customer, 'oi');
  await world.waitForReplies(customer, 2);
  await world.chooses(customer, 'list_reply', `size:${size}`, size);
  await world.waitForReplies(customer, 3);
  // Midnight has always passed today (São Paulo): the booking starts now, so it ends within the hour
  // whatever the time of day the test runs ("08:00" did only after 08:00 there).
  await world.says(customer, '00:00');
  await world.waitForReplies(customer, 4);
  await world.says(customer, String(hours));
  await world.waitForReplies(customer, 5);
  await world.chooses(customer, 'button_reply', 'confirm', 'Confirmar');
  const pix = (await world.waitForReplies(customer, 6))[5];
  const payment = await eventually(
    () => paymentOf(customer),
    (row) => Boolean(row?.gateway_id),
  );
  if (!payment) throw new Error('no payment');
  return { pix, payment };
}

/** Every payment job and reply has run. */
const settled = () => world.settled(['whatsapp.inbound', 'bot.send', 'payment.charge', 'payment.check']);

const auditOf = async (paymentId: string) =>
  (
    await t.database.db.execute<{ action: string; actor_label: string | null }>(
      sql`SELECT action, actor_label FROM audit_log WHERE entity_name = 'payment' AND entity_id = ${paymentId} ORDER BY timestamp, id`,
    )
  ).rows;

describe('a paid hourly bot charges a Pix at Mercado Pago', () => {
  it('holds the booking while the Pix waits, and sends the code once the payment is approved (repeats change nothing)', async () => {
    const customer = world.newCustomer();
    const { pix, payment } = await bookAndGetPix(customer, 'M', 3);
    // The catalog's price for 3 hours of M, charged once with our payment's id as the idempotency key.
    expect(payment).toMatchObject({ status: 'PENDING', value: '16.50' });
    const charged = sandbox.received('mercadoPago').filter((entry) => entry.idempotencyKey === payment.id);
    expect(charged).toHaveLength(1);
    expect(charged[0]?.body).toMatchObject({ transaction_amount: 16.5, payment_method_id: 'pix', external_reference: payment.id });
    expect(bodyOf(pix)).toContain('Pague com o Pix');
    expect(bodyOf(pix)).toMatch(/R\$\s16,50/);
    expect(bodyOf(pix)).toContain(payment.pix_code ?? 'no code');
    expect(payment.pix_code).toMatch(/^000201/);
    // Held: the compartment is booked for the order the bot made; the customer has no code yet.
    expect(await orderOf(payment.order_id)).toMatchObject({ status: 'CREATED', compartment: 'BOOKED' });
    expect(bodyOf(pix)).not.toContain((await orderOf(payment.order_id))?.access_code ?? 'none');

    sandbox.mercadoPago.approve(payment.gateway_id ?? '');
    const booked = (await world.waitForReplies(customer, 7))[6];
    expect(bodyOf(booked)).toContain('Reserva confirmada');
    expect(bodyOf(booked)).toContain(`*${(await orderOf(payment.order_id))?.access_code}*`);
    expect(await paymentOf(customer)).toMatchObject({ status: 'APPROVED', refund_due: false });

    // Mercado Pago delivers the notification again: the payment is checked, nothing changes.
    await settled();
    const audits = await auditOf(payment.id);
    expect(audits.map((row) => row.action)).toEqual(['create', 'update', 'update']);
    const again = await sandbox.mercadoPago.deliverAgain(payment.gateway_id ?? '');
    expect(again.status).toBe(200);
    await settled();
    // The code's QR image followed the code; nothing more came.
    expect(world.repliesTo(customer)[7]).toMatchObject({ type: 'image' });
    expect(world.repliesTo(customer)).toHaveLength(8);
    expect(await auditOf(payment.id)).toHaveLength(3);
  });

  it('a refused Pix frees the compartment and tells the customer', async () => {
    const customer = world.newCustomer();
    const { payment } = await bookAndGetPix(customer, 'P', 2);
    expect(payment.value).toBe('8.00');
    sandbox.mercadoPago.reject(payment.gateway_id ?? '');
    const told = (await world.waitForReplies(customer, 7))[6];
    expect(bodyOf(told)).toContain('O pagamento não foi concluído');
    expect(await paymentOf(customer)).toMatchObject({ status: 'DECLINED', status_detail: 'rejected_by_bank' });
    expect(await orderOf(payment.order_id)).toMatchObject({ status: 'CANCELED', compartment: 'AVAILABLE' });
  });

  it('a Pix past its time is cancelled at Mercado Pago, the booking released; paid after its expiry it is flagged for a refund', async () => {
    const customer = world.newCustomer();
    const { payment } = await bookAndGetPix(customer, 'P', 1);
    // Its 15 minutes are over (written back rather than waited for); the next notification checks it.
    await t.database.db.execute(sql`UPDATE payment SET expires_at = now() - interval '1 second' WHERE id = ${payment.id}`);
    expect((await sandbox.mercadoPago.deliverAgain(payment.gateway_id ?? '')).status).toBe(200);
    const told = (await world.waitForReplies(customer, 7))[6];
    expect(bodyOf(told)).toContain('O pagamento não foi concluído');
    expect(await paymentOf(customer)).toMatchObject({ status: 'DECLINED', status_detail: 'expired', refund_due: false });
    expect(sandbox.mercadoPago.payment(payment.gateway_id ?? '').status).toBe('cancelled');
    expect(await orderOf(payment.order_id)).toMatchObject({ status: 'CANCELED', compartment: 'AVAILABLE' });

    // Another customer pays a Pix after its end here (the bank was slow): DECLINED, a refund due.
    const late = world.newCustomer();
    const second = await bookAndGetPix(late, 'M', 1);
    await t.database.db.execute(sql`UPDATE payment SET expires_at = now() - interval '1 second' WHERE id = ${second.payment.id}`);
    sandbox.mercadoPago.approve(second.payment.gateway_id ?? '');
    await eventually(
      () => paymentOf(late),
      (row) => row?.refund_due === true,
    );
    expect(await paymentOf(late)).toMatchObject({ status: 'DECLINED', refund_due: true });
    expect(await orderOf(second.payment.order_id)).toMatchObject({ status: 'CANCELED' });
  });

  it('refuses a notification signed with another secret (401), and takes one for a payment it does not know without changing anything', async () => {
    const customer = world.newCustomer();
    const { payment } = await bookAndGetPix(customer, 'P', 1);
    const post = (dataId: string, secret: string) => {
      const requestId = crypto.randomUUID();
      const ts = String(Date.now());
      return fetch(`${t.baseUrl}/io/api/v1/webhooks/mercadopago?data.id=${dataId}&type=payment`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-request-id': requestId,
          'x-signature': mercadoPagoSignature(secret, dataId, requestId, ts),
        },
        body: JSON.stringify({ action: 'payment.updated', type: 'payment', data: { id: dataId } }),
      });
    };
    expect((await post(payment.gateway_id ?? '', 'not-the-secret')).status).toBe(401);
    expect((await post('999999999', sandbox.mercadoPago.webhookSecret)).status).toBe(200);
    // A signed notification with a body that says "approved" does not approve: the status is read from Mercado Pago.
    expect((await post(payment.gateway_id ?? '', sandbox.mercadoPago.webhookSecret)).status).toBe(200);
    await settled();
    expect(await paymentOf(customer)).toMatchObject({ status: 'PENDING' });
  });
});

describe("a paid booking's reminder", () => {
  it('reminds a paid booking an hour before it ends, once; an unpaid one is not reminded', async () => {
    const paid = world.newCustomer();
    const pix = await bookAndGetPix(paid, 'P', 1);
    sandbox.mercadoPago.approve(pix.payment.gateway_id ?? '');
    await world.waitForReplies(paid, 8);
    const unpaid = world.newCustomer();
    await bookAndGetPix(unpaid, 'P', 1);
    // A booking of one hour ends within the hour: the minute's job reminds it.
    await enqueueJob({ deps: t.app.deps }, botRemindJob, {});
    const reminder = (await world.waitForReplies(paid, 9))[8];
    expect(bodyOf(reminder)).toContain('sua reserva termina em menos de 1 hora');
    expect(bodyOf(reminder)).toContain(`*${(await orderOf(pix.payment.order_id))?.access_code}*`);
    // The same run passed over the unpaid booking; a second run reminds nobody again.
    await enqueueJob({ deps: t.app.deps }, botRemindJob, {});
    await world.settled(['bot.remind', 'bot.send']);
    expect(world.repliesTo(paid)).toHaveLength(9);
    expect(world.repliesTo(unpaid)).toHaveLength(6);
  });
});

describe('payments in the console', () => {
  it('lists a company its own payments with the order copied up, refuses another company and a user without paymentRead', async () => {
    const list = ok(await owner.api.get('/payment', { filter: { company: world.company }, limit: 50 }));
    expect(list.count).toBeGreaterThanOrEqual(4);
    expect(list.rows[0]).toMatchObject({ gateway: 'mercadopago', company: expect.anything(), trackingCode: expect.stringMatching(/^WA/) });
    // The answer is the declared record, as the OpenAPI document describes it.
    const found = ok(await owner.api.get(`/payment/${list.rows[0].id}`));
    expect(entityResponseSchemas(DECLARED_ENTITIES.payment).record.safeParse(found).error).toBeUndefined();
    expect(found.order).toMatchObject({ id: expect.any(String), label: expect.stringMatching(/^WA/) });
    // Spec 3's fields, and spec 5.3's cap read as reais.
    expect(Object.keys(DECLARED_ENTITIES.payment.fields).sort()).toEqual(
      [...(SPEC_FIELDS.payment?.fields ?? []), ...Object.keys(SPEC_FIELDS.payment?.beyond ?? {})].sort(),
    );
    expect(DECLARED_ENTITIES.payment.fields.value).toMatchObject({ max: SPEC_RULES.payment?.value?.max, required: true });
    const other = await t.createUser({
      roles: ['owner'],
      allowedCompanies: [ok(await owner.api.post('/company', { data: { name: 'Outra Empresa Pix', type: 'shipper' } })).id],
    });
    expect(ok(await other.api.get('/payment', {})).count).toBe(0);
    expect((await other.api.get(`/payment/${list.rows[0].id}`)).status).toBe(404);
    const reader = await t.createUser({ permissions: ['orderRead'] });
    expect((await reader.api.get('/payment', {})).status).toBe(403);
    // Made by the gateway only: no POST.
    expect((await owner.api.post('/payment', { data: { value: 1, gateway: 'mercadopago', company: world.company } })).status).toBe(404);
  });

  it("charges through the company's own account once it has one, whose secrets no answer shows", async () => {
    const account = sandbox.mercadoPago.addCredentials();
    const created = ok(
      await owner.api.post('/paymentGateway', {
        data: {
          name: 'Conta Pix',
          gateway: 'mercadopago',
          company: world.company,
          accessToken: account.accessToken,
          webhookSecret: account.webhookSecret,
          enable: true,
        },
      }),
    );
    expect(created.accessToken ?? null).toBeNull();
    expect(JSON.stringify(ok(await owner.api.get(`/paymentGateway/${created.id}`)))).not.toContain(account.accessToken);
    const customer = world.newCustomer();
    const { payment } = await bookAndGetPix(customer, 'P', 1);
    expect(sandbox.received('mercadoPago').find((entry) => entry.idempotencyKey === payment.id)?.userId).toBe(account.userId);
    sandbox.mercadoPago.approve(payment.gateway_id ?? '');
    await eventually(
      () => paymentOf(customer),
      (row) => row?.status === 'APPROVED',
    );
  });
});
