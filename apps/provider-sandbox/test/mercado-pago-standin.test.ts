import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inflateSync } from 'node:zlib';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  computeBrCodeCrc,
  hasValidBrCodeCrc,
  type MercadoPagoPayment,
  mercadoPagoSignature,
  type ProviderSandbox,
  parseBrCode,
  startProviderSandbox,
} from '../src';

/**
 * The Mercado Pago stand-in over real HTTP: Pix payments created with a Bearer token and an
 * idempotency key, a valid BR Code and its QR image, reads scoped to the token's account, the
 * ticket page paying, signed notifications retried and delivered again, and expiry.
 */

type Answer = { status: number; body: any };

const sandboxes: ProviderSandbox[] = [];
const receivers: Receiver[] = [];
afterAll(async () => {
  await Promise.all(sandboxes.map((sandbox) => sandbox.close()));
  await Promise.all(receivers.map((receiver) => receiver.close()));
});

/** One FCM key for every sandbox here: making a 2048-bit key per sandbox is slow and beside the point. */
let FCM_KEY: string | undefined;
beforeAll(async () => {
  const first = await startProviderSandbox();
  FCM_KEY = first.fcm.serviceAccount.private_key;
  sandboxes.push(first);
});

async function newSandbox(options: Parameters<typeof startProviderSandbox>[0] = {}) {
  const sandbox = await startProviderSandbox({ ...options, credentials: { fcmPrivateKey: FCM_KEY, ...options.credentials } });
  sandboxes.push(sandbox);
  return sandbox;
}

type Receiver = {
  url: string;
  posts: { url: string; body: Buffer; headers: IncomingHttpHeaders; answered: number }[];
  close(): Promise<void>;
};

/** A tiny stand-in for the console's payment webhook: keeps each POST's bytes, answers what `statusOf` says. */
async function startReceiver(statusOf: (index: number) => number = () => 200): Promise<Receiver> {
  const posts: Receiver['posts'] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const answered = statusOf(posts.length);
      posts.push({ url: req.url ?? '', body: Buffer.concat(chunks), headers: req.headers, answered });
      res.writeHead(answered).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const receiver: Receiver = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/mercado-pago`,
    posts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  receivers.push(receiver);
  return receiver;
}

/** The console's check, as Mercado Pago documents it: HMAC-SHA256 of the manifest built from data.id (query), x-request-id and ts. */
function isSignedBy(post: Receiver['posts'][number], secret: string): boolean {
  const dataId = new URL(post.url, 'http://x').searchParams.get('data.id') ?? '';
  const parts = Object.fromEntries(
    String(post.headers['x-signature'] ?? '')
      .split(',')
      .map((part) => part.split('=', 2) as [string, string]),
  );
  const manifest = `id:${dataId};request-id:${String(post.headers['x-request-id'])};ts:${parts.ts};`;
  const expected = Buffer.from(createHmac('sha256', secret).update(manifest).digest('hex'));
  const given = Buffer.from(parts.v1 ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const pix = (overrides: Record<string, unknown> = {}) => ({
  transaction_amount: 12.5,
  description: 'Armário M por 2 horas',
  payment_method_id: 'pix',
  payer: { email: 'cliente@example.com', identification: { type: 'CPF', number: '12345678909' } },
  external_reference: 'order-1',
  ...overrides,
});

async function createPayment(
  sandbox: ProviderSandbox,
  body: Record<string, unknown>,
  given: { token?: string; idempotencyKey?: string | null } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {
    authorization: `Bearer ${given.token ?? sandbox.mercadoPago.accessToken}`,
    'content-type': 'application/json',
  };
  if (given.idempotencyKey !== null) headers['x-idempotency-key'] = given.idempotencyKey ?? randomUUID();
  const response = await fetch(`${sandbox.mercadoPago.apiUrl}/v1/payments`, { method: 'POST', headers, body: JSON.stringify(body) });
  return { status: response.status, body: await response.json() };
}

async function getPayment(sandbox: ProviderSandbox, id: number, token = sandbox.mercadoPago.accessToken): Promise<Answer> {
  const response = await fetch(`${sandbox.mercadoPago.apiUrl}/v1/payments/${id}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, body: await response.json() };
}

function expectMercadoPagoError(answer: Answer, status: number, message: string | RegExp) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.body).toMatchObject({ status, error: expect.any(String), cause: [expect.objectContaining({ code: expect.anything() })] });
  if (typeof message === 'string') expect(answer.body.message).toBe(message);
  else expect(answer.body.message).toMatch(message);
}

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

describe('creating a Pix payment', () => {
  let sandbox: ProviderSandbox;
  beforeAll(async () => {
    sandbox = await newSandbox();
  });

  it('answers 201 pending with a BR Code whose CRC verifies, its QR as a PNG and the ticket page', async () => {
    const expiry = inAnHour();
    const created = await createPayment(sandbox, pix({ date_of_expiration: expiry }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const payment = created.body as MercadoPagoPayment;
    expect(payment).toMatchObject({
      id: expect.any(Number),
      status: 'pending',
      status_detail: 'pending_waiting_transfer',
      transaction_amount: 12.5,
      external_reference: 'order-1',
      payment_method_id: 'pix',
      date_approved: null,
      collector_id: sandbox.mercadoPago.userId,
    });
    expect(payment.date_created).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}-04:00$/);
    expect(Date.parse(payment.date_of_expiration)).toBe(Date.parse(expiry));

    const { qr_code, qr_code_base64, ticket_url } = payment.point_of_interaction.transaction_data;
    expect(hasValidBrCodeCrc(qr_code)).toBe(true);
    expect(hasValidBrCodeCrc(`${qr_code.slice(0, -1)}${qr_code.endsWith('0') ? '1' : '0'}`)).toBe(false);
    const fields = parseBrCode(qr_code);
    expect(fields).toMatchObject({ '00': '01', '01': '12', '52': '0000', '53': '986', '54': '12.50', '58': 'BR', '60': 'SAO PAULO' });
    expect(parseBrCode(fields['26'] as string)).toEqual({ '00': 'br.gov.bcb.pix', '01': sandbox.mercadoPago.pixKey });
    expect(parseBrCode(fields['62'] as string)).toEqual({ '05': `mpqrinter${payment.id}` });
    expect(fields['63']).toMatch(/^[0-9A-F]{4}$/);

    const png = Buffer.from(qr_code_base64, 'base64');
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(png.subarray(12, 16).toString('ascii')).toBe('IHDR');
    const width = png.readUInt32BE(16);
    expect(png.readUInt32BE(20)).toBe(width);
    expect(width).toBeGreaterThanOrEqual(150);
    const idatLength = png.readUInt32BE(33);
    expect(png.subarray(37, 41).toString('ascii')).toBe('IDAT');
    expect(inflateSync(png.subarray(41, 41 + idatLength))).toHaveLength(width * (width + 1));
    // A phone's camera reads the image back as the very copy-paste code.
    const image = PNG.sync.read(png);
    expect(jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data).toBe(qr_code);

    expect(ticket_url).toMatch(new RegExp(`^${sandbox.mercadoPago.apiUrl}/payments/${payment.id}/ticket\\?`));
    expect(sandbox.received('mercadoPago')).toEqual([
      expect.objectContaining({ paymentId: payment.id, userId: sandbox.mercadoPago.userId }),
    ]);
  });

  it('computes CRC16-CCITT-FALSE (the check value of "123456789" is 29B1)', () => {
    expect(computeBrCodeCrc('123456789')).toBe('29B1');
  });

  it('refuses a create without X-Idempotency-Key, and the same key again gives back the same payment', async () => {
    expectMercadoPagoError(await createPayment(sandbox, pix(), { idempotencyKey: null }), 400, "Header X-Idempotency-Key can't be null");
    const before = sandbox.mercadoPago.payments().length;
    const key = randomUUID();
    const first = await createPayment(sandbox, pix({ external_reference: 'order-2' }), { idempotencyKey: key });
    const again = await createPayment(sandbox, pix({ external_reference: 'order-2' }), { idempotencyKey: key });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    expect(again.body.point_of_interaction).toEqual(first.body.point_of_interaction);
    expect(sandbox.mercadoPago.payments()).toHaveLength(before + 1);
    const other = await createPayment(sandbox, pix({ external_reference: 'order-2' }));
    expect(other.body.id).not.toBe(first.body.id);
  });

  it('refuses a bad token with 401 and bad fields with 400 as Mercado Pago does', async () => {
    expectMercadoPagoError(await createPayment(sandbox, pix(), { token: 'APP_USR-nope' }), 401, 'invalid access token');
    expectMercadoPagoError(await createPayment(sandbox, pix({ transaction_amount: undefined })), 400, /transaction_amount/);
    expectMercadoPagoError(await createPayment(sandbox, pix({ transaction_amount: -1 })), 400, 'Invalid transaction_amount');
    expectMercadoPagoError(await createPayment(sandbox, pix({ transaction_amount: '12.50' })), 400, 'Invalid transaction_amount');
    expectMercadoPagoError(await createPayment(sandbox, pix({ payment_method_id: 'visa' })), 400, /payment_method_id/);
    expectMercadoPagoError(await createPayment(sandbox, pix({ payer: { email: 'not-an-email' } })), 400, /payer.email/);
    const badCpf = pix({ payer: { email: 'a@b.co', identification: { type: 'CPF', number: '123' } } });
    expectMercadoPagoError(await createPayment(sandbox, badCpf), 400, 'Invalid user identification number');
    expectMercadoPagoError(await createPayment(sandbox, pix({ notification_url: 'not a url' })), 400, /notification_url/);
    const past = new Date(Date.now() - 60_000).toISOString();
    expectMercadoPagoError(await createPayment(sandbox, pix({ date_of_expiration: past })), 400, /date_of_expiration/);
  });

  it('answers a scripted failure once, then accepts again', async () => {
    sandbox.failNext('mercadoPago', { status: 500 });
    const failed = await createPayment(sandbox, pix());
    expectMercadoPagoError(failed, 500, /.+/);
    expect((await createPayment(sandbox, pix())).status).toBe(201);
  });
});

describe('reading payments', () => {
  it("answers GET with the current payment, and 404 for another account's or an unknown id", async () => {
    const sandbox = await newSandbox({ mercadoPago: { credentials: [{ userId: 1001 }, { userId: 1002 }] } });
    const [first, second] = sandbox.mercadoPago.accounts();
    const third = sandbox.mercadoPago.addCredentials({ userId: 1003 });
    const created = await createPayment(sandbox, pix(), { token: second?.accessToken });
    expect(created.body.collector_id).toBe(1002);

    const read = await getPayment(sandbox, created.body.id, second?.accessToken);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created.body);
    sandbox.mercadoPago.approve(created.body.id);
    const approved = await getPayment(sandbox, created.body.id, second?.accessToken);
    expect(approved.body).toMatchObject({ status: 'approved', status_detail: 'accredited', date_approved: expect.any(String) });

    const notFound = { message: 'Payment not found', error: 'not_found', status: 404, cause: [expect.objectContaining({ code: 2000 })] };
    expect(await getPayment(sandbox, created.body.id, first?.accessToken)).toEqual({ status: 404, body: notFound });
    expect(await getPayment(sandbox, created.body.id, third.accessToken)).toEqual({ status: 404, body: notFound });
    expect(await getPayment(sandbox, 1, second?.accessToken)).toEqual({ status: 404, body: notFound });
    expectMercadoPagoError(await getPayment(sandbox, created.body.id, 'APP_USR-nope'), 401, 'invalid access token');

    const search = await fetch(`${sandbox.mercadoPago.apiUrl}/v1/payments/search?external_reference=order-1`, {
      headers: { authorization: `Bearer ${second?.accessToken}` },
    });
    const found = (await search.json()) as { results: MercadoPagoPayment[] };
    expect(found.results.map((payment) => payment.id)).toEqual([created.body.id]);
  });
});

describe('paying and notifications', () => {
  it('pays from the ticket page and posts signed notifications to notification_url', async () => {
    const sandbox = await newSandbox();
    const receiver = await startReceiver();
    const created = await createPayment(sandbox, pix({ notification_url: receiver.url }));
    const id = created.body.id as number;
    await sandbox.mercadoPago.waitForNotifications(1);

    const page = await fetch(created.body.point_of_interaction.transaction_data.ticket_url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<html lang="pt-BR">');
    expect(html).toContain('R$\u00a012,50');
    expect(html).toContain('<label for="pix-code">Pix copia e cola</label>');
    expect(html).toContain(
      `<textarea id="pix-code" readonly rows="5" aria-describedby="pix-code-hint">${created.body.point_of_interaction.transaction_data.qr_code}</textarea>`,
    );
    expect(html).toMatch(/<img src="data:image\/png;base64,[^"]+" alt="QR code Pix para pagar R\$\u00a012,50"/);
    const action = /<form method="post" action="([^"]+)"><button type="submit">Simular pagamento<\/button><\/form>/.exec(html)?.[1];
    expect(action).toBeDefined();
    const wrongHash = await fetch(`${sandbox.mercadoPago.apiUrl}/payments/${id}/ticket?hash=nope`);
    expect(wrongHash.status).toBe(404);

    const paid = await fetch(new URL((action as string).replaceAll('&amp;', '&'), sandbox.mercadoPago.apiUrl), {
      method: 'POST',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    const after = await fetch(new URL(paid.headers.get('location') as string, sandbox.mercadoPago.apiUrl));
    const afterHtml = await after.text();
    expect(afterHtml).toContain('Pagamento aprovado');
    expect(afterHtml).not.toContain('Simular pagamento');
    expect((await getPayment(sandbox, id)).body).toMatchObject({ status: 'approved', status_detail: 'accredited' });

    const done = await sandbox.mercadoPago.waitForNotifications(2);
    expect(done.map((entry) => [entry.action, entry.paymentStatus, entry.status])).toEqual([
      ['payment.created', 'pending', 200],
      ['payment.updated', 'approved', 200],
    ]);
    expect(receiver.posts).toHaveLength(2);
    for (const post of receiver.posts) {
      expect(isSignedBy(post, sandbox.mercadoPago.webhookSecret)).toBe(true);
      expect(isSignedBy(post, 'another-secret')).toBe(false);
      expect(post.url).toBe(`/webhooks/mercado-pago?data.id=${id}&type=payment`);
      expect(post.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      const ts = /^ts=(\d+),v1=[0-9a-f]{64}$/.exec(String(post.headers['x-signature']))?.[1];
      expect(post.headers['x-signature']).toBe(
        mercadoPagoSignature(sandbox.mercadoPago.webhookSecret, id, String(post.headers['x-request-id']), ts as string),
      );
    }
    expect(JSON.parse(receiver.posts[1]?.body.toString() ?? '')).toEqual({
      id: expect.any(Number),
      live_mode: false,
      type: 'payment',
      date_created: expect.any(String),
      user_id: sandbox.mercadoPago.userId,
      api_version: 'v1',
      action: 'payment.updated',
      data: { id: String(id) },
    });
  });

  it('posts again while the receiver answers 500, and delivers the last notification again on demand', async () => {
    const sandbox = await newSandbox({ mercadoPago: { notificationRetryDelaysMs: [10, 20] } });
    const receiver = await startReceiver((index) => (index === 0 ? 500 : 200));
    const created = await createPayment(sandbox, pix({ notification_url: receiver.url }));
    const [first] = await sandbox.mercadoPago.waitForNotifications(1);
    expect(first?.attempts).toEqual([{ status: 500 }, { status: 200 }]);
    expect(receiver.posts.map((post) => post.answered)).toEqual([500, 200]);
    expect(receiver.posts[1]?.body.equals(receiver.posts[0]?.body as Buffer)).toBe(true);

    const again = await sandbox.mercadoPago.deliverAgain(created.body.id);
    expect(again).toMatchObject({ again: true, status: 200, body: first?.body, signature: first?.signature, requestId: first?.requestId });
    expect(receiver.posts).toHaveLength(3);
    expect(receiver.posts[2]?.body.toString()).toBe(first?.body);
    expect(isSignedBy(receiver.posts[2] as Receiver['posts'][number], sandbox.mercadoPago.webhookSecret)).toBe(true);
    await expect(sandbox.mercadoPago.deliverAgain(1)).rejects.toThrow(/no notification/);
  });

  it('gives up after the last retry', async () => {
    const sandbox = await newSandbox({ mercadoPago: { notificationRetryDelaysMs: [5, 5] } });
    const receiver = await startReceiver(() => 503);
    await createPayment(sandbox, pix({ notification_url: receiver.url }));
    const [done] = await sandbox.mercadoPago.waitForNotifications(1);
    expect(done?.attempts.map((attempt) => attempt.status)).toEqual([503, 503, 503]);
  });
});

describe('expiry and other changes', () => {
  it('turns a pending Pix past its date_of_expiration into cancelled/expired, read or notified', async () => {
    const sandbox = await newSandbox();
    const receiver = await startReceiver();
    const created = await createPayment(
      sandbox,
      pix({ notification_url: receiver.url, date_of_expiration: new Date(Date.now() + 300).toISOString() }),
    );
    const done = await sandbox.mercadoPago.waitForNotifications(2);
    expect(done.map((entry) => [entry.action, entry.paymentStatus, entry.paymentStatusDetail])).toEqual([
      ['payment.created', 'pending', 'pending_waiting_transfer'],
      ['payment.updated', 'cancelled', 'expired'],
    ]);
    expect((await getPayment(sandbox, created.body.id)).body).toMatchObject({
      status: 'cancelled',
      status_detail: 'expired',
      date_approved: null,
    });
    const page = await (await fetch(created.body.point_of_interaction.transaction_data.ticket_url)).text();
    expect(page).toContain('Pix expirado');
    expect(page).not.toContain('Simular pagamento');
  });

  it('expires on demand, approves after expiry only when asked, rejects and cancels pending ones', async () => {
    const sandbox = await newSandbox();
    const expiring = await createPayment(sandbox, pix());
    const expired = sandbox.mercadoPago.expireNow(expiring.body.id);
    expect(expired).toMatchObject({ status: 'cancelled', status_detail: 'expired' });
    expect(Date.parse(expired.date_of_expiration)).toBeLessThanOrEqual(Date.now());
    expect(() => sandbox.mercadoPago.approve(expiring.body.id)).toThrow(/not pending/);
    expect(sandbox.mercadoPago.approve(expiring.body.id, { afterExpiry: true })).toMatchObject({
      status: 'approved',
      status_detail: 'accredited',
    });

    const rejected = await createPayment(sandbox, pix());
    expect(sandbox.mercadoPago.reject(rejected.body.id)).toMatchObject({ status: 'rejected', status_detail: 'rejected_by_bank' });
    const cancelled = await createPayment(sandbox, pix());
    const put = await fetch(`${sandbox.mercadoPago.apiUrl}/v1/payments/${cancelled.body.id}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${sandbox.mercadoPago.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'cancelled' }),
    });
    expect(put.status).toBe(200);
    expect(await put.json()).toMatchObject({ status: 'cancelled', status_detail: 'by_collector' });
    expect(() => sandbox.mercadoPago.cancel(cancelled.body.id)).toThrow(/not pending/);
  });
});
