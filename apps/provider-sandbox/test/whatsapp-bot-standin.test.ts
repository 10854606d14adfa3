import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ProviderSandbox, startProviderSandbox, type WhatsAppReceived } from '../src';

/**
 * Issue 32's WhatsApp Cloud API stand-in, over real HTTP: the interactive limits Meta refuses with
 * 131009, several numbers each with its token and app secret, customers writing in (escaped
 * unicode, signed over the exact bytes, retried on a non-200, delivered again), the 24-hour window,
 * 80 messages a second, registered templates, and Brazil's 12-digit wa_ids.
 */

type SendingNumber = { phoneNumberId: string; accessToken: string };
type Answer = { status: number; body: any };

const sandboxes: ProviderSandbox[] = [];
const receivers: Receiver[] = [];
afterAll(async () => {
  await Promise.all(sandboxes.map((sandbox) => sandbox.close()));
  await Promise.all(receivers.map((receiver) => receiver.close()));
});

async function newSandbox(options: Parameters<typeof startProviderSandbox>[0] = {}) {
  const sandbox = await startProviderSandbox({ ...options, credentials: { fcmPrivateKey: FCM_KEY, ...options.credentials } });
  sandboxes.push(sandbox);
  return sandbox;
}

/** One FCM key for every sandbox here: making a 2048-bit key per sandbox is slow and beside the point. */
let FCM_KEY: string | undefined;
beforeAll(async () => {
  const first = await startProviderSandbox();
  FCM_KEY = first.fcm.serviceAccount.private_key;
  sandboxes.push(first);
});

async function send(sandbox: ProviderSandbox, number: SendingNumber, message: Record<string, unknown>): Promise<Answer> {
  const response = await fetch(`${sandbox.whatsapp.apiUrl}/${sandbox.whatsapp.apiVersion}/${number.phoneNumberId}/messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${number.accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ messaging_product: 'whatsapp', recipient_type: 'individual', ...message }),
  });
  return { status: response.status, body: await response.json() };
}

const text = (to: string, body = 'Olá') => ({ to, type: 'text', text: { body } });
const template = (to: string, name: string, languageCode: string, parameters: string[]) => ({
  to,
  type: 'template',
  template: {
    name,
    language: { code: languageCode },
    components: [{ type: 'body', parameters: parameters.map((p) => ({ type: 'text', text: p })) }],
  },
});

function expectMetaError(answer: Answer, status: number, code: number, details?: string | RegExp) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.body.error).toMatchObject({ code, type: 'OAuthException', fbtrace_id: expect.any(String) });
  if (details !== undefined) {
    const given = answer.body.error.error_data.details as string;
    if (typeof details === 'string') expect(given).toContain(details);
    else expect(given).toMatch(details);
  }
}

type Receiver = { url: string; posts: { body: Buffer; headers: IncomingHttpHeaders; answered: number }[]; close(): Promise<void> };

/** A tiny stand-in for the console's webhook: keeps each POST's raw bytes, answers what `statusOf` says; the handshake by token. */
async function startReceiver(statusOf: (index: number) => number = () => 200, verifyToken = 'verify-me'): Promise<Receiver> {
  const posts: Receiver['posts'] = [];
  const server = createServer((req, res) => {
    if (req.method === 'GET') {
      const query = new URL(req.url ?? '/', 'http://x').searchParams;
      if (query.get('hub.mode') === 'subscribe' && query.get('hub.verify_token') === verifyToken) {
        res.writeHead(200, { 'content-type': 'text/plain' }).end(query.get('hub.challenge'));
      } else res.writeHead(403).end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const answered = statusOf(posts.length);
      posts.push({ body: Buffer.concat(chunks), headers: req.headers, answered });
      res.writeHead(answered).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const receiver: Receiver = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/whatsapp`,
    posts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  receivers.push(receiver);
  return receiver;
}

/** The console's check: HMAC-SHA256 of the bytes received, compared in constant time. */
function signedBy(body: Buffer, header: string | string[] | undefined, appSecret: string): boolean {
  const expected = Buffer.from(`sha256=${createHmac('sha256', appSecret).update(body).digest('hex')}`);
  const given = Buffer.from(String(header ?? ''));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

describe('interactive messages', () => {
  let sandbox: ProviderSandbox;
  beforeAll(async () => {
    sandbox = await newSandbox();
  });
  const list = (overrides: { body?: string; footer?: string; button?: string; sections?: unknown[] } = {}) => ({
    to: '5531987654321',
    type: 'interactive',
    interactive: {
      type: 'list',
      header: { type: 'text', text: 'Armários livres' },
      body: { text: overrides.body ?? 'Escolha o tamanho' },
      footer: { text: overrides.footer ?? 'Ebox' },
      action: {
        button: overrides.button ?? 'Ver tamanhos',
        sections: overrides.sections ?? [
          {
            title: 'Agora',
            rows: [
              { id: 'size-P', title: 'Pequeno', description: 'R$ 5,00 por hora' },
              { id: 'size-M', title: 'Médio' },
            ],
          },
        ],
      },
    },
  });
  const buttons = (given: { id: string; title: string }[], body = 'Confirma a reserva?') => ({
    to: '5531987654321',
    type: 'interactive',
    interactive: { type: 'button', body: { text: body }, action: { buttons: given.map((reply) => ({ type: 'reply', reply })) } },
  });
  const rows = (count: number, prefix = 'r') => Array.from({ length: count }, (_, i) => ({ id: `${prefix}${i}`, title: `Linha ${i}` }));

  it('accepts a list and reply buttons and records them as the customer sees them', async () => {
    const before = sandbox.received('whatsapp').length;
    const sentList = await send(sandbox, sandbox.whatsapp, list());
    expect(sentList.status).toBe(200);
    expect(sentList.body).toEqual({
      messaging_product: 'whatsapp',
      contacts: [{ input: '5531987654321', wa_id: '5531987654321' }],
      messages: [{ id: expect.stringMatching(/^wamid\./) }],
    });
    const sentButtons = await send(
      sandbox,
      sandbox.whatsapp,
      buttons([
        { id: 'confirm', title: 'Confirmar' },
        { id: 'cancel', title: 'Cancelar' },
      ]),
    );
    expect(sentButtons.status).toBe(200);
    const [first, second] = sandbox.received('whatsapp').slice(before);
    expect(first).toEqual({
      messageId: sentList.body.messages[0].id,
      to: '5531987654321',
      waId: '5531987654321',
      type: 'interactive',
      interactive: {
        type: 'list',
        header: 'Armários livres',
        body: 'Escolha o tamanho',
        footer: 'Ebox',
        button: 'Ver tamanhos',
        sections: [
          {
            title: 'Agora',
            rows: [
              { id: 'size-P', title: 'Pequeno', description: 'R$ 5,00 por hora' },
              { id: 'size-M', title: 'Médio' },
            ],
          },
        ],
      },
    } satisfies WhatsAppReceived);
    expect(second?.interactive).toEqual({
      type: 'button',
      body: 'Confirma a reserva?',
      buttons: [
        { id: 'confirm', title: 'Confirmar' },
        { id: 'cancel', title: 'Cancelar' },
      ],
    });
  });

  it('counts characters as Meta does: 20 accented letters or emoji are a label of 20', async () => {
    expect((await send(sandbox, sandbox.whatsapp, list({ button: 'ã'.repeat(20) }))).status).toBe(200);
    expect((await send(sandbox, sandbox.whatsapp, list({ button: '📦'.repeat(20) }))).status).toBe(200);
    expect((await send(sandbox, sandbox.whatsapp, list({ button: '📦'.repeat(21) }))).status).toBe(400);
  });

  it('refuses a list past any of its limits with 131009, naming what broke', async () => {
    const refused: [Record<string, unknown>, string | RegExp][] = [
      [list({ body: 'x'.repeat(4097) }), "interactive['body']['text'] must be at most 4096"],
      [list({ footer: 'x'.repeat(61) }), "interactive['footer']['text'] must be at most 60"],
      [list({ button: 'x'.repeat(21) }), "interactive['action']['button'] must be at most 20"],
      [list({ sections: [{ rows: rows(11) }] }), 'Total row count exceed max allowed count: 10'],
      [
        list({
          sections: [
            { title: 'A', rows: rows(6, 'a') },
            { title: 'B', rows: rows(5, 'b') },
          ],
        }),
        'Total row count exceed max allowed count: 10',
      ],
      [list({ sections: [{ rows: [{ id: 'a', title: 'x'.repeat(25) }] }] }), "['rows'][0]['title'] must be at most 24"],
      [list({ sections: [{ rows: [{ id: 'a', title: 'A', description: 'x'.repeat(73) }] }] }), "['description'] must be at most 72"],
      [list({ sections: [{ rows: [{ id: 'x'.repeat(201), title: 'A' }] }] }), "['rows'][0]['id'] must be at most 200"],
      [
        list({
          sections: [
            { title: 'A', rows: [{ id: 'same', title: 'A' }] },
            { title: 'B', rows: [{ id: 'same', title: 'B' }] },
          ],
        }),
        "'same' is used twice",
      ],
    ];
    const before = sandbox.received('whatsapp').length;
    for (const [message, details] of refused) expectMetaError(await send(sandbox, sandbox.whatsapp, message), 400, 131009, details);
    // Within every limit, on the edge: accepted.
    const edge = list({
      body: 'x'.repeat(4096),
      footer: 'x'.repeat(60),
      button: 'x'.repeat(20),
      sections: [{ rows: [...rows(9), { id: 'x'.repeat(200), title: 'x'.repeat(24), description: 'x'.repeat(72) }] }],
    });
    expect((await send(sandbox, sandbox.whatsapp, edge)).status).toBe(200);
    expect(sandbox.received('whatsapp').length).toBe(before + 1);
  });

  it('refuses reply buttons past any of their limits with 131009', async () => {
    const ok = [
      { id: 'a', title: 'A' },
      { id: 'b', title: 'B' },
      { id: 'c', title: 'C' },
    ];
    const refused: [Record<string, unknown>, string][] = [
      [buttons(ok, 'x'.repeat(1025)), "interactive['body']['text'] must be at most 1024"],
      [buttons([...ok, { id: 'd', title: 'D' }]), 'max allowed buttons: 3'],
      [buttons([{ id: 'a', title: 'x'.repeat(21) }]), "['reply']['title'] must be at most 20"],
      [buttons([{ id: 'x'.repeat(257), title: 'A' }]), "['reply']['id'] must be at most 256"],
      [
        buttons([
          { id: 'a', title: 'A' },
          { id: 'a', title: 'B' },
        ]),
        "'a' is used twice",
      ],
    ];
    for (const [message, details] of refused) expectMetaError(await send(sandbox, sandbox.whatsapp, message), 400, 131009, details);
    const edge = buttons([...ok.slice(0, 2), { id: 'x'.repeat(256), title: 'x'.repeat(20) }], 'x'.repeat(1024));
    expect((await send(sandbox, sandbox.whatsapp, edge)).status).toBe(200);
  });
});

describe('several numbers', () => {
  it('checks each number against its own token, says which number a message left from, signs its statuses with its app secret', async () => {
    const sandbox = await newSandbox();
    const receiver = await startReceiver();
    sandbox.setStatusCallbackUrl(receiver.url);
    const before = await send(sandbox, sandbox.whatsapp, text('5531911110000'));
    expect(before.status).toBe(200);
    // With one number the record is what it always was.
    expect(sandbox.received('whatsapp')[0]).not.toHaveProperty('phoneNumberId');

    const second = sandbox.whatsapp.addNumber({ appSecret: 'second-app-secret', displayPhoneNumber: '5521955550123' });
    expect(second).toMatchObject({
      phoneNumberId: expect.stringMatching(/^\d{15}$/),
      accessToken: expect.stringMatching(/^EAAG/),
      appSecret: 'second-app-secret',
      displayPhoneNumber: '5521955550123',
      verifyToken: sandbox.whatsapp.verifyToken,
      apiUrl: sandbox.url,
      apiVersion: 'v21.0',
    });
    const third = sandbox.whatsapp.addNumber({ phoneNumberId: '109876543210987', accessToken: 'EAAG-third' });
    expect(third).toMatchObject({ phoneNumberId: '109876543210987', accessToken: 'EAAG-third', appSecret: sandbox.whatsapp.appSecret });
    expect(() => sandbox.whatsapp.addNumber({ phoneNumberId: '109876543210987' })).toThrow(/already/);

    expectMetaError(await send(sandbox, { ...second, accessToken: 'EAAG-nobody' }, text('5531911110000')), 401, 190);
    expectMetaError(await send(sandbox, { ...second, accessToken: third.accessToken }, text('5531911110000')), 400, 100, 'does not exist');
    expectMetaError(await send(sandbox, { ...sandbox.whatsapp, accessToken: second.accessToken }, text('5531911110000')), 400, 100);

    const fromSecond = await send(sandbox, second, text('5531922220000'));
    const fromThird = await send(sandbox, third, text('5531933330000'));
    expect([fromSecond.status, fromThird.status]).toEqual([200, 200]);
    expect(sandbox.received('whatsapp').map((r) => [r.phoneNumberId, r.to])).toEqual([
      [sandbox.whatsapp.phoneNumberId, '5531911110000'],
      [second.phoneNumberId, '5531922220000'],
      [third.phoneNumberId, '5531933330000'],
    ]);

    const callbacks = await sandbox.waitForStatusCallbacks(6);
    const ofSecond = callbacks.filter((callback) => callback.body.includes(fromSecond.body.messages[0].id));
    expect(ofSecond).toHaveLength(2);
    for (const callback of ofSecond) {
      expect(signedBy(Buffer.from(callback.body), callback.signature, 'second-app-secret')).toBe(true);
      expect(signedBy(Buffer.from(callback.body), callback.signature, sandbox.whatsapp.appSecret)).toBe(false);
      expect(JSON.parse(callback.body).entry[0].changes[0].value.metadata).toEqual({
        display_phone_number: '5521955550123',
        phone_number_id: second.phoneNumberId,
      });
    }
    const ofThird = callbacks.find((callback) => callback.body.includes(fromThird.body.messages[0].id));
    expect(signedBy(Buffer.from(ofThird?.body ?? ''), ofThird?.signature, sandbox.whatsapp.appSecret)).toBe(true);
  });
});

describe('customers writing in', () => {
  it('posts escaped unicode signed over the exact bytes, in the shape Meta posts, retried until the receiver answers 200', async () => {
    const sandbox = await newSandbox({ whatsapp: { inboundRetryDelaysMs: [20, 40] } });
    const receiver = await startReceiver((index) => (index === 0 ? 500 : 200));
    sandbox.setStatusCallbackUrl(receiver.url);
    const at = new Date('2026-12-04T09:00:00Z');
    const said = await sandbox.whatsapp.customerSays(
      { to: sandbox.whatsapp.phoneNumberId, from: '5521987650001', name: 'João Conceição', text: 'Olá, às 14h 📦' },
      { at },
    );
    expect(said.status).toBe(200);
    expect(said.wamid).toMatch(/^wamid\./);
    expect(receiver.posts.map((post) => post.answered)).toEqual([500, 200]);
    const [failed, delivered] = receiver.posts;
    // The same bytes each time, escaped: no byte past ASCII, "ã" as \u00e3, the emoji as its two halves.
    expect(delivered?.body.equals(failed?.body as Buffer)).toBe(true);
    const raw = delivered?.body.toString('utf8') ?? '';
    expect(said.body).toBe(raw);
    expect([...(delivered?.body ?? [])].every((byte) => byte < 0x80)).toBe(true);
    expect(raw).toContain('Jo\\u00e3o Concei\\u00e7\\u00e3o');
    expect(raw).toContain('\\u00e0s 14h \\ud83d\\udce6');
    expect(delivered?.headers['x-hub-signature-256']).toBe(said.signature);
    expect(signedBy(delivered?.body as Buffer, delivered?.headers['x-hub-signature-256'], sandbox.whatsapp.appSecret)).toBe(true);
    // Signing the text re-serialised (unescaped) gives another signature: the receiver must check the bytes.
    const reserialised = Buffer.from(JSON.stringify(JSON.parse(raw)));
    expect(signedBy(reserialised, delivered?.headers['x-hub-signature-256'], sandbox.whatsapp.appSecret)).toBe(false);
    expect(delivered?.headers['content-type']).toBe('application/json');

    expect(JSON.parse(raw)).toEqual({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: sandbox.whatsapp.businessAccountId,
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: sandbox.whatsapp.displayPhoneNumber, phone_number_id: sandbox.whatsapp.phoneNumberId },
                contacts: [{ profile: { name: 'João Conceição' }, wa_id: '5521987650001' }],
                messages: [
                  {
                    from: '5521987650001',
                    id: said.wamid,
                    timestamp: String(at.getTime() / 1000),
                    type: 'text',
                    text: { body: 'Olá, às 14h 📦' },
                  },
                ],
              },
            },
          ],
        },
      ],
    });
    expect(sandbox.whatsapp.inbound()).toEqual([
      expect.objectContaining({ wamid: said.wamid, again: false, done: true, status: 200, attempts: [{ status: 500 }, { status: 200 }] }),
    ]);
  });

  it('gives up after the last retry, delivers the same bytes again on demand, and can be waited for', async () => {
    const sandbox = await newSandbox({ whatsapp: { inboundRetryDelaysMs: [10, 10] } });
    const receiver = await startReceiver((index) => (index < 3 ? 503 : 200));
    sandbox.setStatusCallbackUrl(receiver.url);
    const pending = sandbox.whatsapp.customerSays({ to: sandbox.whatsapp.phoneNumberId, from: '5521987650002', text: 'oi' });
    const [done] = await sandbox.whatsapp.waitForInbound(1);
    const said = await pending;
    expect(said.status).toBe(503);
    expect(done?.attempts.map((attempt) => attempt.status)).toEqual([503, 503, 503]);

    const again = await sandbox.whatsapp.deliverAgain(said.wamid);
    expect(again).toMatchObject({ wamid: said.wamid, status: 200, body: said.body, signature: said.signature });
    expect(receiver.posts.at(-1)?.body.toString()).toBe(said.body);
    expect(receiver.posts.at(-1)?.headers['x-hub-signature-256']).toBe(said.signature);
    expect(sandbox.whatsapp.inbound().map((entry) => [entry.again, entry.status])).toEqual([
      [false, 503],
      [true, 200],
    ]);
    await expect(sandbox.whatsapp.deliverAgain('wamid.unknown')).rejects.toThrow(/no customer message/);
  });

  it("carries a list or button choice with the message it answers, by default the number's last interactive one", async () => {
    const sandbox = await newSandbox();
    const receiver = await startReceiver();
    sandbox.setStatusCallbackUrl(receiver.url);
    const customer = '5521987650003';
    await sandbox.whatsapp.customerSays({ to: sandbox.whatsapp.phoneNumberId, from: customer, text: 'oi' });
    const asked = await send(sandbox, sandbox.whatsapp, {
      to: customer,
      type: 'interactive',
      interactive: {
        type: 'list',
        body: { text: 'Tamanho?' },
        action: { button: 'Ver', sections: [{ rows: [{ id: 'size-P', title: 'Pequeno', description: 'R$ 5' }] }] },
      },
    });
    expect(asked.status).toBe(200);
    const picked = await sandbox.whatsapp.customerSays({
      to: sandbox.whatsapp.phoneNumberId,
      from: customer,
      choice: { type: 'list_reply', id: 'size-P', title: 'Pequeno', description: 'R$ 5' },
    });
    const message = JSON.parse(picked.body).entry[0].changes[0].value.messages[0];
    expect(message).toEqual({
      context: { from: sandbox.whatsapp.displayPhoneNumber, id: asked.body.messages[0].id },
      from: customer,
      id: picked.wamid,
      timestamp: expect.stringMatching(/^\d{10}$/),
      type: 'interactive',
      interactive: { type: 'list_reply', list_reply: { id: 'size-P', title: 'Pequeno', description: 'R$ 5' } },
    });
    const pressed = await sandbox.whatsapp.customerSays(
      {
        to: sandbox.whatsapp.phoneNumberId,
        from: customer,
        choice: { type: 'button_reply', id: 'confirm', title: 'Confirmar' },
        contextId: 'wamid.X',
      },
      { id: 'wamid.given' },
    );
    expect(JSON.parse(pressed.body).entry[0].changes[0].value.messages[0]).toMatchObject({
      context: { id: 'wamid.X' },
      id: 'wamid.given',
      interactive: { type: 'button_reply', button_reply: { id: 'confirm', title: 'Confirmar' } },
    });
    expect(pressed.wamid).toBe('wamid.given');
  });

  it('answers the handshake check and refuses to post without a callback URL', async () => {
    const sandbox = await newSandbox({ credentials: { whatsapp: { verifyToken: 'verify-me' } } });
    await expect(sandbox.whatsapp.customerSays({ to: sandbox.whatsapp.phoneNumberId, from: '5521987650004', text: 'oi' })).rejects.toThrow(
      /callback URL/,
    );
    await expect(
      sandbox.whatsapp.customerSays({ to: '1', from: '5521987650004', text: 'oi' }, { url: 'http://127.0.0.1:9/' }),
    ).rejects.toThrow(/no number/);
    const receiver = await startReceiver();
    sandbox.setStatusCallbackUrl(receiver.url);
    expect(await sandbox.whatsapp.verifyWebhook()).toMatchObject({ status: 200, verified: true });
    expect(await sandbox.whatsapp.verifyWebhook({ verifyToken: 'wrong' })).toMatchObject({ status: 403, verified: false });
  });
});

describe('the 24-hour customer service window', () => {
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

  it('is not enforced on a number no customer wrote to, as before it existed', async () => {
    const sandbox = await newSandbox();
    expect((await send(sandbox, sandbox.whatsapp, text('5531911112222'))).status).toBe(200);
  });

  it('refuses free-form messages to a customer who wrote more than 24 h ago or never, and lets templates through', async () => {
    const sandbox = await newSandbox();
    sandbox.setStatusCallbackUrl(receiver.url);
    const id = sandbox.whatsapp.phoneNumberId;
    await sandbox.whatsapp.customerSays({ to: id, from: '5521987651001', text: 'oi' }, { at: hoursAgo(25) });
    await sandbox.whatsapp.customerSays({ to: id, from: '5521987651002', text: 'oi' }, { at: hoursAgo(23) });
    expectMetaError(await send(sandbox, sandbox.whatsapp, text('5521987651001')), 400, 131047, 'more than 24 hours');
    expectMetaError(await send(sandbox, sandbox.whatsapp, text('5521987659999')), 400, 131047);
    const interactive = {
      to: '5521987651001',
      type: 'interactive',
      interactive: { type: 'button', body: { text: 'Oi' }, action: { buttons: [{ type: 'reply', reply: { id: 'a', title: 'A' } }] } },
    };
    expectMetaError(await send(sandbox, sandbox.whatsapp, interactive), 400, 131047);
    expect((await send(sandbox, sandbox.whatsapp, text('5521987651002'))).status).toBe(200);
    expect((await send(sandbox, sandbox.whatsapp, template('5521987651001', 'retomar', 'pt_BR', []))).status).toBe(200);
    expect((await send(sandbox, sandbox.whatsapp, template('5521987659999', 'retomar', 'pt_BR', []))).status).toBe(200);
    // Writing again reopens it; an older message told later does not close it.
    await sandbox.whatsapp.customerSays({ to: id, from: '5521987651001', text: 'voltei' });
    await sandbox.whatsapp.customerSays({ to: id, from: '5521987651001', text: 'antiga' }, { at: hoursAgo(30) });
    expect((await send(sandbox, sandbox.whatsapp, interactive)).status).toBe(200);

    // The window is the number's: the same customer never wrote to another number.
    const other = sandbox.whatsapp.addNumber({ enforceWindow: true });
    expectMetaError(await send(sandbox, other, text('5521987651001')), 400, 131047);
  });

  it('is enforced from the start with enforceWindow, and can be switched with configure', async () => {
    const sandbox = await newSandbox({ whatsapp: { enforceWindow: true } });
    expectMetaError(await send(sandbox, sandbox.whatsapp, text('5531911112222')), 400, 131047);
    sandbox.whatsapp.configure({ enforceWindow: false });
    expect((await send(sandbox, sandbox.whatsapp, text('5531911112222'))).status).toBe(200);
  });
});

describe('throughput', () => {
  it('takes 80 messages a second per number, answers 130429 past them, and takes more once the second has passed', async () => {
    const sandbox = await newSandbox();
    const other = sandbox.whatsapp.addNumber();
    const burst = await Promise.all(
      Array.from({ length: 85 }, (_, i) =>
        send(sandbox, sandbox.whatsapp, template(`55319${String(i).padStart(8, '0')}`, 'aviso', 'pt_BR', [])),
      ),
    );
    const throttled = burst.filter((answer) => answer.status === 429);
    expect(burst.filter((answer) => answer.status === 200)).toHaveLength(80);
    expect(throttled).toHaveLength(5);
    for (const answer of throttled) expectMetaError(answer, 429, 130429);
    // Another number has its own 80.
    expect((await send(sandbox, other, text('5531900000000'))).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await send(sandbox, sandbox.whatsapp, text('5531900000000'))).status).toBe(200);
  });

  it('follows messagesPerSecond, 0 turning the limit off', async () => {
    const sandbox = await newSandbox({ whatsapp: { messagesPerSecond: 3 } });
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push((await send(sandbox, sandbox.whatsapp, text('5531900000001'))).status);
    expect(answers).toEqual([200, 200, 200, 429]);
    sandbox.whatsapp.configure({ messagesPerSecond: 0 });
    const unlimited = await Promise.all(Array.from({ length: 120 }, () => send(sandbox, sandbox.whatsapp, text('5531900000001'))));
    expect(unlimited.every((answer) => answer.status === 200)).toBe(true);
  });
});

describe('registered templates', () => {
  it('passes any template while none is registered, then refuses an unknown one (132001) and a wrong parameter count (132000)', async () => {
    const sandbox = await newSandbox();
    const to = '5531911113333';
    expect((await send(sandbox, sandbox.whatsapp, template(to, 'qualquer', 'pt_BR', ['a']))).status).toBe(200);
    sandbox.whatsapp.registerTemplate('pedido_criado', 'pt_BR', 2);
    sandbox.whatsapp.registerTemplate('pedido_criado', 'en_US', 2);
    expectMetaError(
      await send(sandbox, sandbox.whatsapp, template(to, 'qualquer', 'pt_BR', ['a'])),
      404,
      132001,
      'template name (qualquer)',
    );
    expectMetaError(await send(sandbox, sandbox.whatsapp, template(to, 'pedido_criado', 'es', ['a', 'b'])), 404, 132001, 'in es');
    expectMetaError(
      await send(sandbox, sandbox.whatsapp, template(to, 'pedido_criado', 'pt_BR', ['a'])),
      400,
      132000,
      'number of localizable_params (1) does not match the expected number of params (2)',
    );
    expect((await send(sandbox, sandbox.whatsapp, template(to, 'pedido_criado', 'pt_BR', ['Ana', 'EBX1']))).status).toBe(200);
    expect((await send(sandbox, sandbox.whatsapp, template(to, 'pedido_criado', 'en_US', ['Ana', 'EBX1']))).status).toBe(200);
  });
});

describe("Brazil's ninth digit", () => {
  let sandbox: ProviderSandbox;
  beforeAll(async () => {
    sandbox = await newSandbox();
    sandbox.setStatusCallbackUrl((await startReceiver()).url);
  });

  it('reaches an older account with a 12-digit wa_id by either form, answering with its wa_id, within its window', async () => {
    const id = sandbox.whatsapp.phoneNumberId;
    await sandbox.whatsapp.customerSays({ to: id, from: '552199998888', text: 'oi' });
    const before = sandbox.received('whatsapp').length;
    const thirteen = await send(sandbox, sandbox.whatsapp, text('5521999998888'));
    expect(thirteen.status).toBe(200);
    expect(thirteen.body.contacts).toEqual([{ input: '5521999998888', wa_id: '552199998888' }]);
    const twelve = await send(sandbox, sandbox.whatsapp, text('552199998888'));
    expect(twelve.body.contacts).toEqual([{ input: '552199998888', wa_id: '552199998888' }]);
    const plus = await send(sandbox, sandbox.whatsapp, text('+55 21 99999-8888'));
    expect(plus.body.contacts).toEqual([{ input: '+55 21 99999-8888', wa_id: '552199998888' }]);
    expect(
      sandbox
        .received('whatsapp')
        .slice(before)
        .map((r) => [r.to, r.waId]),
    ).toEqual([
      ['5521999998888', '552199998888'],
      ['552199998888', '552199998888'],
      ['+55 21 99999-8888', '552199998888'],
    ]);
    // A 13-digit number that never wrote is no one's: outside any window.
    expectMetaError(await send(sandbox, sandbox.whatsapp, text('5521999997777')), 400, 131047);
  });

  it('counts the window against the account, whichever form is sent to', async () => {
    const id = sandbox.whatsapp.phoneNumberId;
    await sandbox.whatsapp.customerSays({ to: id, from: '552188887777', text: 'oi' }, { at: new Date(Date.now() - 25 * 3_600_000) });
    expectMetaError(await send(sandbox, sandbox.whatsapp, text('5521988887777')), 400, 131047);
    expectMetaError(await send(sandbox, sandbox.whatsapp, text('552188887777')), 400, 131047);
    await sandbox.whatsapp.customerSays({ to: id, from: '552188887777', text: 'de novo' });
    expect((await send(sandbox, sandbox.whatsapp, text('5521988887777'))).status).toBe(200);
  });
});
