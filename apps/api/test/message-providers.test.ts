import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ProviderSandbox, startProviderSandbox } from '@ebox/provider-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, parsePushSettings, parseSmsSettings, parseWhatsAppSettings } from '../src/config';
import { createFcmProvider, type PushProvider } from '../src/platform/message-providers/fcm';
import { ProviderDeliveryError } from '../src/platform/message-providers/provider-error';
import {
  createWhatsAppCloudProvider,
  parseWhatsAppStatuses,
  verifyWhatsAppSignature,
  type WhatsAppProvider,
} from '../src/platform/message-providers/whatsapp-cloud';
import type { SmsMessage } from '../src/platform/sms';
import { createSmsProviders } from '../src/platform/sms-providers/configured-provider';
import { SmsDeliveryError } from '../src/platform/sms-providers/delivery-error';

/**
 * The message providers' clients (issue 27, item 2) against the provider sandbox, which speaks each
 * provider's real API: what arrives, how each provider's refusals come back (permanent or
 * retryable, with the wait asked for), WhatsApp's signed status notifications and their parsing.
 */

let sandbox: ProviderSandbox;
beforeAll(async () => {
  sandbox = await startProviderSandbox();
});
afterAll(() => sandbox?.close());

/** The provider's failure, which must keep every given secret out of its text. */
async function failureOf(send: () => Promise<unknown>, secrets: string[] = []): Promise<ProviderDeliveryError> {
  const error = await send().then(
    () => null,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(ProviderDeliveryError);
  const failure = error as ProviderDeliveryError;
  for (const secret of secrets) expect(failure.message).not.toContain(secret);
  return failure;
}

/** A local endpoint standing for the console's webhook: it keeps each notification's raw bytes and headers. */
async function startWebhookReceiver() {
  const posts: { body: Buffer; headers: IncomingHttpHeaders }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      posts.push({ body: Buffer.concat(chunks), headers: req.headers });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/whatsapp`,
    posts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('WhatsApp Cloud API', () => {
  let whatsapp: WhatsAppProvider;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  const settingsOf = (env: Record<string, string>) => {
    const settings = parseWhatsAppSettings({ ...env, PROVIDER_TIMEOUT_MS: '3000' });
    if (!settings) throw new Error('WhatsApp settings expected');
    return settings;
  };
  beforeAll(async () => {
    whatsapp = createWhatsAppCloudProvider(settingsOf(sandbox.env));
    receiver = await startWebhookReceiver();
  });
  afterAll(() => receiver?.close());

  it('sends a template message with its body parameters to the number, with the access token', async () => {
    const before = sandbox.received('whatsapp').length;
    const { providerMessageId } = await whatsapp.send({
      to: '+55 (31) 98765-4321',
      template: { name: 'order_stored', languageCode: 'pt_BR', bodyParameters: ['Ana', '482913', 'Av. Paulista, 1000'] },
    });
    const received = (await sandbox.waitForReceived('whatsapp', before + 1)).at(-1);
    expect(received).toEqual({
      messageId: providerMessageId,
      to: '5531987654321',
      waId: '5531987654321',
      type: 'template',
      template: { name: 'order_stored', languageCode: 'pt_BR', bodyParameters: ['Ana', '482913', 'Av. Paulista, 1000'] },
    });
    expect(providerMessageId).toMatch(/^wamid\./);
    const request = sandbox.requests('whatsapp').at(-1);
    expect(request?.path).toBe(`/v21.0/${sandbox.whatsapp.phoneNumberId}/messages`);
    expect(request?.headers.authorization).toBe(`Bearer ${sandbox.whatsapp.accessToken}`);
  });

  it('sends free text inside the customer window', async () => {
    const before = sandbox.received('whatsapp').length;
    await whatsapp.send({ to: '5531987654321', text: 'Your parcel is waiting' });
    expect((await sandbox.waitForReceived('whatsapp', before + 1)).at(-1)).toMatchObject({ type: 'text', text: 'Your parcel is waiting' });
  });

  it('fails for good on a refused access token, with Meta code 190 and no secret in the error', async () => {
    const refused = createWhatsAppCloudProvider(settingsOf({ ...sandbox.env, WHATSAPP_ACCESS_TOKEN: 'EAAGwrong-token-never-in-errors' }));
    const failure = await failureOf(
      () => refused.send({ to: '5531987654321', text: 'code 482913' }),
      ['EAAGwrong-token-never-in-errors', '482913'],
    );
    expect(failure).toMatchObject({ retryable: false, status: 401, code: '190', provider: 'WhatsApp' });
    expect(failure.message).toBe(
      'WhatsApp: Meta refused the access token, expired or revoked (check WHATSAPP_ACCESS_TOKEN) (HTTP 401 190; permanent, not retried)',
    );
  });

  it('reports throughput and pair rate limits as retryable with the wait Meta asks for, and a missing template as permanent', async () => {
    sandbox.failNext('whatsapp', { code: 130429, retryAfterSeconds: 7 });
    const throttled = await failureOf(() => whatsapp.send({ to: '5531987654321', text: 'hello there' }));
    expect(throttled).toMatchObject({ retryable: true, status: 429, code: '130429', retryAfterSeconds: 7 });
    expect(throttled.message).toBe(
      'WhatsApp: WhatsApp is throttling this number (throughput reached) (HTTP 429 130429; retryable after 7 s)',
    );

    sandbox.failNext('whatsapp', { code: 131056 });
    expect(await failureOf(() => whatsapp.send({ to: '5531987654321', text: 'hello there' }))).toMatchObject({
      retryable: true,
      code: '131056',
    });

    sandbox.failNext('whatsapp', { code: 132001, message: 'template name (order_stored) does not exist in pt_BR' });
    const missing = await failureOf(() =>
      whatsapp.send({ to: '5531987654321', template: { name: 'order_stored', languageCode: 'pt_BR', bodyParameters: ['482913'] } }),
    );
    expect(missing).toMatchObject({ retryable: false, status: 404, code: '132001' });
    expect(missing.message).toContain('template name (order_stored) does not exist in pt_BR');
  });

  it('retries a WhatsApp that cannot be reached, and refuses a number without country code before calling it', async () => {
    const gone = await startProviderSandbox();
    const unreachable = createWhatsAppCloudProvider(settingsOf(gone.env));
    await gone.close();
    const failure = await failureOf(() => unreachable.send({ to: '5531987654321', text: 'hello there' }));
    expect(failure).toMatchObject({ retryable: true, status: undefined });
    expect(failure.message).toBe('WhatsApp: WhatsApp could not be reached (ECONNREFUSED) (no answer; retryable)');

    const before = sandbox.requests('whatsapp').length;
    expect(await failureOf(() => whatsapp.send({ to: '98765', text: 'hello there' }))).toMatchObject({ retryable: false });
    expect(sandbox.requests('whatsapp').length).toBe(before);
  });

  it('posts signed status notifications the signature check accepts, and refuses tampered ones', async () => {
    sandbox.setStatusCallbackUrl(receiver.url);
    sandbox.scriptWhatsAppStatuses('5531911112222', ['sent', 'delivered', 'read']);
    const before = sandbox.statusCallbacks().length;
    const { providerMessageId } = await whatsapp.send({ to: '5531911112222', text: 'Your parcel is waiting' });
    const callbacks = await sandbox.waitForStatusCallbacks(before + 3);
    expect(callbacks.slice(before).map((callback) => callback.status)).toEqual([200, 200, 200]);

    const posts = receiver.posts.slice(-3);
    const { appSecret } = sandbox.whatsapp;
    for (const post of posts) {
      const header = post.headers['x-hub-signature-256'] as string;
      expect(verifyWhatsAppSignature(post.body, header, appSecret)).toBe(true);
      const tampered = Buffer.from(post.body.toString().replace(/"status":"\w+"/, '"status":"failed"'));
      expect(tampered.equals(post.body)).toBe(false);
      expect(verifyWhatsAppSignature(tampered, header, appSecret)).toBe(false);
      expect(verifyWhatsAppSignature(Buffer.concat([post.body, Buffer.from(' ')]), header, appSecret)).toBe(false);
      expect(verifyWhatsAppSignature(post.body, header, 'another-app-secret')).toBe(false);
    }
    const [first] = posts;
    expect(verifyWhatsAppSignature(first.body, undefined, appSecret)).toBe(false);
    expect(verifyWhatsAppSignature(first.body, 'sha256=abc', appSecret)).toBe(false);
    expect(verifyWhatsAppSignature(first.body, `sha1=${'0'.repeat(40)}`, appSecret)).toBe(false);

    const statuses = posts.flatMap((post) => parseWhatsAppStatuses(JSON.parse(post.body.toString())));
    expect(statuses.map(({ providerMessageId: id, status, recipientId }) => ({ id, status, recipientId }))).toEqual(
      ['sent', 'delivered', 'read'].map((status) => ({ id: providerMessageId, status, recipientId: '5531911112222' })),
    );
    expect(statuses[0].at).toBeInstanceOf(Date);
    expect(Math.abs(statuses[0].at.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it("reads a failed status with Meta's error code, and skips what is not a status", async () => {
    sandbox.scriptWhatsAppStatuses('5531933334444', ['sent', { status: 'failed', code: 131026 }]);
    const before = sandbox.statusCallbacks().length;
    await whatsapp.send({ to: '5531933334444', template: { name: 'order_stored', languageCode: 'en_US', bodyParameters: [] } });
    await sandbox.waitForStatusCallbacks(before + 2);
    const failed = parseWhatsAppStatuses(JSON.parse(receiver.posts.at(-1)?.body.toString() ?? '{}'));
    expect(failed).toEqual([
      expect.objectContaining({
        status: 'failed',
        errorCode: 131026,
        errorTitle: 'Message undeliverable',
        errorDetails: expect.any(String),
      }),
    ]);

    const incoming = {
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '1',
          changes: [
            { field: 'message_template_status_update', value: { event: 'APPROVED', message_template_name: 'order_stored' } },
            { field: 'messages', value: { messaging_product: 'whatsapp', messages: [{ from: '5531933334444', type: 'text' }] } },
            {
              field: 'messages',
              value: {
                statuses: [
                  { id: 'wamid.A', status: 'deleted', timestamp: '1700000000' },
                  { id: 'wamid.B', status: 'read', timestamp: '1700000000', recipient_id: '5531933334444' },
                  { status: 'read' },
                ],
              },
            },
          ],
        },
      ],
    };
    expect(parseWhatsAppStatuses(incoming)).toEqual([
      { providerMessageId: 'wamid.B', status: 'read', at: new Date(1_700_000_000_000), recipientId: '5531933334444' },
    ]);
    for (const other of [null, 'text', {}, { object: 'page', entry: [] }, { object: 'whatsapp_business_account' }]) {
      expect(parseWhatsAppStatuses(other)).toEqual([]);
    }
  });
});

describe('Firebase Cloud Messaging HTTP v1', () => {
  const pushSettingsOf = (env: Record<string, string>) => {
    const settings = parsePushSettings({ ...env, PROVIDER_TIMEOUT_MS: '3000' });
    if (!settings) throw new Error('push settings expected');
    return settings;
  };
  let push: PushProvider;
  beforeAll(() => {
    push = createFcmProvider(pushSettingsOf(sandbox.env));
  });

  const tokenRequests = () => sandbox.requests('fcm').filter((request) => request.path === '/token').length;

  it('gets one access token for the service account and sends two notifications with it', async () => {
    const before = sandbox.received('fcm').length;
    const tokensBefore = tokenRequests();
    const [first, second] = await Promise.all([
      push.send({ token: 'device-token-1', title: 'Parcel stored', body: 'Code 482913', data: { orderId: '42' } }),
      push.send({ token: 'device-token-2', title: 'Parcel stored', body: 'Code 771234' }),
    ]);
    const received = (await sandbox.waitForReceived('fcm', before + 2)).slice(before);
    expect(received.map(({ messageId, ...rest }) => [messageId, rest])).toEqual(
      expect.arrayContaining([
        [first.providerMessageId, { token: 'device-token-1', title: 'Parcel stored', body: 'Code 482913', data: { orderId: '42' } }],
        [second.providerMessageId, { token: 'device-token-2', title: 'Parcel stored', body: 'Code 771234', data: undefined }],
      ]),
    );
    expect(first.providerMessageId).toMatch(new RegExp(`^projects/${sandbox.fcm.projectId}/messages/`));
    await push.send({ token: 'device-token-3', title: 'Reminder', body: 'Your parcel waits' });
    expect(tokenRequests()).toBe(tokensBefore + 1);
    const sends = sandbox.requests('fcm').filter((request) => request.path.endsWith('/messages:send'));
    expect(new Set(sends.slice(-3).map((request) => request.headers.authorization)).size).toBe(1);
  });

  it('fails for good on an unregistered token, and retries a throttled FCM after the wait it asks for', async () => {
    sandbox.failNext('fcm', { code: 'UNREGISTERED' });
    const unregistered = await failureOf(() => push.send({ token: 'gone-device-token', title: 'Parcel', body: 'Code 482913' }), ['482913']);
    expect(unregistered).toMatchObject({ retryable: false, status: 404, code: 'UNREGISTERED', provider: 'FCM' });

    sandbox.failNext('fcm', { code: 'INVALID_ARGUMENT' });
    expect(await failureOf(() => push.send({ token: 'bad', title: 'Parcel', body: 'Code' }))).toMatchObject({
      retryable: false,
      status: 400,
    });

    sandbox.failNext('fcm', { code: 'QUOTA_EXCEEDED', retryAfterSeconds: 12 });
    const throttled = await failureOf(() => push.send({ token: 'device-token-1', title: 'Parcel', body: 'Code' }));
    expect(throttled).toMatchObject({ retryable: true, status: 429, code: 'QUOTA_EXCEEDED', retryAfterSeconds: 12 });
    expect(throttled.message).toBe('FCM: FCM is throttling this project (HTTP 429 QUOTA_EXCEEDED; retryable after 12 s)');

    sandbox.failNext('fcm', { status: 503 });
    expect(await failureOf(() => push.send({ token: 'device-token-1', title: 'Parcel', body: 'Code' }))).toMatchObject({
      retryable: true,
      code: 'UNAVAILABLE',
    });
  });

  it('is refused a token for a key that is not the service account’s', async () => {
    const { privateKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    const forged = JSON.stringify({ ...sandbox.fcm.serviceAccount, private_key: privateKey });
    const impostor = createFcmProvider(pushSettingsOf({ ...sandbox.env, FCM_SERVICE_ACCOUNT: forged }));
    const failure = await failureOf(() => impostor.send({ token: 'device-token-1', title: 'Parcel', body: 'Code' }), [privateKey]);
    expect(failure).toMatchObject({ retryable: false, status: 400, code: 'invalid_grant' });
    expect(failure.message).toContain('Invalid JWT Signature.');
  });
});

describe('SMS gateways: provider ids and Retry-After', () => {
  const message: SmsMessage = { to: '5531987654321', text: 'Ebox: your parcel waits, code 482913' };
  const providers = () => createSmsProviders(parseSmsSettings({ ...sandbox.env, SMS_PROVIDER: 'sinch', SMS_TIMEOUT_MS: '3000' }));

  it('builds both gateways at once, SMS_PROVIDER naming the default', () => {
    const { default: fallback, byGateway } = providers();
    expect(Object.keys(byGateway).sort()).toEqual(['AWS', 'SINCH']);
    expect(fallback).toBe(byGateway.SINCH);
  });

  it('answers the SNS MessageId and the Sinch batch id', async () => {
    const { byGateway } = providers();
    const sns = await byGateway.AWS?.send(message);
    expect(sns?.providerMessageId).toBe(sandbox.received('sns').at(-1)?.messageId);
    expect(sandbox.received('sns').at(-1)).toMatchObject({ to: '+5531987654321', text: message.text, region: 'sa-east-1' });
    const sinch = await byGateway.SINCH?.send(message);
    expect(sinch?.providerMessageId).toBe(sandbox.received('sinch').at(-1)?.batchId);
    expect(sandbox.received('sinch').at(-1)).toMatchObject({ to: ['+5531987654321'], text: message.text, from: sandbox.sinch.from });
  });

  it('reports a 429 with the wait the gateway asks for', async () => {
    const { byGateway } = providers();
    const send = (gateway: 'AWS' | 'SINCH') => () => byGateway[gateway]?.send(message) ?? Promise.resolve();
    sandbox.failNext('sns', { status: 429, retryAfterSeconds: 5 });
    const sns = await failureOf(send('AWS'), [message.text]);
    expect(sns).toBeInstanceOf(SmsDeliveryError);
    expect(sns).toMatchObject({ retryable: true, status: 429, code: 'Throttled', retryAfterSeconds: 5 });
    sandbox.failNext('sinch', { status: 429, retryAfterSeconds: 9 });
    expect(await failureOf(send('SINCH'), [message.text])).toMatchObject({
      retryable: true,
      status: 429,
      code: 'too_many_requests',
      retryAfterSeconds: 9,
    });
  });

  it('is refused by SNS when the request is signed with another secret key', async () => {
    const wrong = createSmsProviders(
      parseSmsSettings({ ...sandbox.env, SNS_SECRET_ACCESS_KEY: 'not-the-secret-key', SMS_PROVIDER: 'sns' }),
    );
    const failure = await failureOf(() => wrong.default?.send(message) ?? Promise.resolve(), ['not-the-secret-key']);
    expect(failure).toMatchObject({ retryable: false, status: 403, code: 'SignatureDoesNotMatch' });
  });
});

describe('provider configuration', () => {
  const load = (env: Record<string, string>) => () =>
    loadConfig({ DATA_DIR: '/tmp/ebox-provider-config', JWT_SECRET: 'x'.repeat(40), ...env });

  it('configures no provider without its variables', () => {
    expect(load({})()).toMatchObject({ whatsapp: undefined, push: undefined, sms: undefined });
  });

  it('takes every provider pointed at the sandbox', () => {
    const config = load(sandbox.env)();
    expect(config.whatsapp).toMatchObject({ phoneNumberId: sandbox.whatsapp.phoneNumberId, baseUrl: sandbox.url, apiVersion: 'v21.0' });
    expect(config.push).toMatchObject({ projectId: 'ebox-sandbox', baseUrl: sandbox.url });
    expect(config.push?.serviceAccount.token_uri).toBe(`${sandbox.url}/token`);
    expect(config.sms).toMatchObject({ sns: { region: 'sa-east-1' }, sinch: { baseUrl: sandbox.url } });
    // Both gateways are there for the companies that pick one; without SMS_PROVIDER there is no default.
    expect(config.sms?.provider).toBeUndefined();
  });

  it('stops start-up on a provider named without what it needs, naming it', () => {
    expect(load({ WHATSAPP_ACCESS_TOKEN: 'token' })).toThrow(
      'WhatsApp (WHATSAPP_ACCESS_TOKEN is set) needs WHATSAPP_PHONE_NUMBER_ID and WHATSAPP_APP_SECRET and WHATSAPP_VERIFY_TOKEN',
    );
    expect(load({ ...sandbox.env, WHATSAPP_API_VERSION: '21' })).toThrow('WHATSAPP_API_VERSION must look like v21.0');
    expect(load({ FCM_PROJECT_ID: 'ebox' })).toThrow('FCM_PROJECT_ID is set: push needs FCM_SERVICE_ACCOUNT');
    expect(load({ FCM_SERVICE_ACCOUNT: '/nowhere/key.json' })).toThrow('FCM_SERVICE_ACCOUNT: cannot read the key file /nowhere/key.json');
    expect(load({ FCM_SERVICE_ACCOUNT: '{"client_email":"a@b.c","private_key":"not a key"}' })).toThrow(
      'FCM_SERVICE_ACCOUNT: private_key is not a PEM private key',
    );
    expect(load({ SMS_PROVIDER: 'sns', SINCH_API_TOKEN: 'token', SNS_REGION: 'sa-east-1' })).toThrow(
      'Sinch (SINCH_API_TOKEN is set) needs SINCH_SERVICE_PLAN_ID and SINCH_FROM',
    );
  });
});
