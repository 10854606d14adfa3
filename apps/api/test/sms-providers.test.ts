import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, parseSmsSettings } from '../src/config';
import type { SmsMessage, SmsProvider } from '../src/platform/sms';
import { SmsDeliveryError } from '../src/platform/sms-providers/delivery-error';
import { createSinchProvider } from '../src/platform/sms-providers/sinch';
import { createSnsProvider } from '../src/platform/sms-providers/sns';
import { eventually } from './support/eventually';
import { type FakeGateway, queryParamsOf, sinchError, snsError, startFakeSinch, startFakeSns } from './support/sms-gateways';
import { startTestApp, type TestApp, type TestUser } from './support/test-app';

/**
 * SMS that really leaves (issue 7): each provider, through its official SDK, against a local server
 * speaking the gateway's real API; then a password reset by SMS through the console's API with
 * SMS_PROVIDER set, and what the reset-methods call says with and without a provider.
 */

const SECRET_TOKEN = 's.very-secret-reset-token-0123456789';
const message: SmsMessage = {
  to: '5531987654321',
  text: `Ebox Console: reset your password at http://console.test/auth/password-reset?token=${SECRET_TOKEN} (2 h)`,
  link: `http://console.test/auth/password-reset?token=${SECRET_TOKEN}`,
};

const SNS_ENV = {
  SMS_PROVIDER: 'sns',
  SNS_REGION: 'sa-east-1',
  SNS_ACCESS_KEY_ID: 'AKIAEBOXTEST00000001',
  SNS_SECRET_ACCESS_KEY: 'sns-secret-key-never-in-errors',
  SNS_SENDER_ID: 'Ebox',
};
const SINCH_TOKEN = 'sinch-api-token-never-in-errors';
const SINCH_ENV = {
  SMS_PROVIDER: 'sinch',
  SINCH_SERVICE_PLAN_ID: 'plan0123456789',
  SINCH_API_TOKEN: SINCH_TOKEN,
  SINCH_REGION: 'br',
  SINCH_FROM: '+5511900000000',
};

/** The credentials the gateways accept: the ones the settings above name. */
const SNS_KEYS = { accessKeyId: SNS_ENV.SNS_ACCESS_KEY_ID, secretAccessKey: SNS_ENV.SNS_SECRET_ACCESS_KEY };
const SINCH_PLAN = { servicePlanId: SINCH_ENV.SINCH_SERVICE_PLAN_ID, apiToken: SINCH_TOKEN };

/** The provider's failure, which must say whether to retry and keep every secret out of its text. */
async function failureOf(provider: SmsProvider, secrets: string[]): Promise<SmsDeliveryError> {
  const error = await provider.send(message).then(
    () => null,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(SmsDeliveryError);
  const failure = error as SmsDeliveryError;
  for (const secret of [message.text, SECRET_TOKEN, ...secrets]) expect(failure.message).not.toContain(secret);
  return failure;
}

function snsProviderAt(gateway: FakeGateway): SmsProvider {
  const settings = parseSmsSettings({ ...SNS_ENV, SNS_ENDPOINT: gateway.url, SMS_TIMEOUT_MS: '3000' });
  if (settings?.provider !== 'sns') throw new Error('sns settings expected');
  return createSnsProvider(settings.sns);
}

function sinchProviderAt(gateway: FakeGateway): SmsProvider {
  const settings = parseSmsSettings({ ...SINCH_ENV, SINCH_BASE_URL: gateway.url, SMS_TIMEOUT_MS: '3000' });
  if (settings?.provider !== 'sinch') throw new Error('sinch settings expected');
  return createSinchProvider(settings.sinch);
}

describe('AWS SNS provider, against a server speaking the SNS Query API', () => {
  let sns: FakeGateway;
  let provider: SmsProvider;
  beforeAll(async () => {
    sns = await startFakeSns(SNS_KEYS);
    provider = snsProviderAt(sns);
  });
  afterAll(() => sns?.close());

  it('publishes one transactional SMS to the number in E.164, signed with SigV4 for the region', async () => {
    await provider.send(message);
    const request = sns.requests.at(-1);
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/');
    expect(request?.headers['content-type']).toContain('application/x-www-form-urlencoded');
    expect(request?.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIAEBOXTEST00000001\/\d{8}\/sa-east-1\/sns\/aws4_request, SignedHeaders=[\w;-]+, Signature=[0-9a-f]{64}$/,
    );
    expect(request?.headers.authorization).not.toContain(SNS_ENV.SNS_SECRET_ACCESS_KEY);
    const params = queryParamsOf(request as never);
    expect(params).toMatchObject({ Action: 'Publish', Version: '2010-03-31', PhoneNumber: '+5531987654321', Message: message.text });
    const attributes = Object.fromEntries(
      [1, 2].map((i) => [params[`MessageAttributes.entry.${i}.Name`], params[`MessageAttributes.entry.${i}.Value.StringValue`]]),
    );
    expect(attributes).toEqual({ 'AWS.SNS.SMS.SMSType': 'Transactional', 'AWS.SNS.SMS.SenderID': 'Ebox' });
    expect(params['MessageAttributes.entry.1.Value.DataType']).toBe('String');
  });

  it('takes a number typed with + and separators', async () => {
    await provider.send({ ...message, to: '+55 (31) 98765-4321' });
    expect(queryParamsOf(sns.requests.at(-1) as never).PhoneNumber).toBe('+5531987654321');
  });

  it('refuses a number without country code before calling SNS, for good', async () => {
    const before = sns.requests.length;
    const failure = await failureOf({ name: 'short number', send: () => provider.send({ ...message, to: '98765' }) }, []);
    expect(failure.retryable).toBe(false);
    expect(failure.message).toContain('not a full international number');
    expect(sns.requests.length).toBe(before);
  });

  it('fails for good on an invalid number, refused credentials or missing rights, with SNS reason and code', async () => {
    sns.answerNext(
      snsError(400, 'Sender', 'InvalidParameter', 'Invalid parameter: PhoneNumber Reason: +5531987654321 is not valid to publish to'),
    );
    const invalid = await failureOf(provider, [SNS_ENV.SNS_SECRET_ACCESS_KEY]);
    expect(invalid).toMatchObject({ retryable: false, status: 400, code: 'InvalidParameter' });
    expect(invalid.message).toBe(
      'AWS SNS: Invalid parameter: PhoneNumber Reason: +5531987654321 is not valid to publish to (HTTP 400 InvalidParameter; permanent, not retried)',
    );

    sns.answerNext(snsError(403, 'Sender', 'InvalidClientTokenId', 'The security token included in the request is invalid.'));
    const refused = await failureOf(provider, [SNS_ENV.SNS_SECRET_ACCESS_KEY]);
    expect(refused).toMatchObject({ retryable: false, status: 403, code: 'InvalidClientTokenId' });
    expect(refused.message).toContain('AWS refused the access key');

    sns.answerNext(snsError(403, 'Sender', 'AuthorizationError', 'User is not authorized to perform: SNS:Publish'));
    expect(await failureOf(provider, [])).toMatchObject({ retryable: false, status: 403, code: 'AuthorizationError' });
  });

  it('keeps the message text out of an error even when SNS echoes it', async () => {
    sns.answerNext(snsError(400, 'Sender', 'InvalidParameter', `Invalid parameter: Message "${message.text}" too long`));
    const failure = await failureOf(provider, []);
    expect(failure.message).toContain('Invalid parameter: Message "[message]" too long');
  });

  it('reports throttling, SNS failures and an unreachable SNS as retryable', async () => {
    sns.answerNext(snsError(429, 'Sender', 'Throttled', 'Rate exceeded'));
    const throttled = await failureOf(provider, []);
    expect(throttled).toMatchObject({ retryable: true, status: 429 });
    expect(throttled.message).toBe('AWS SNS: SNS is throttling this account (HTTP 429 Throttled; retryable)');

    sns.answerNext(snsError(400, 'Sender', 'Throttling', 'Rate exceeded'));
    expect(await failureOf(provider, [])).toMatchObject({ retryable: true, status: 400 });

    sns.answerNext(snsError(500, 'Receiver', 'InternalError', 'Internal error'));
    expect(await failureOf(provider, [])).toMatchObject({ retryable: true, status: 500 });

    const gone = await startFakeSns(SNS_KEYS);
    const unreachable = snsProviderAt(gone);
    await gone.close();
    const failure = await failureOf(unreachable, []);
    expect(failure).toMatchObject({ retryable: true, status: undefined });
    expect(failure.message).toMatch(/^AWS SNS: SNS could not be reached \(.+\) \(no answer; retryable\)$/);
  });
});

describe('Sinch provider, against a server speaking the XMS batches API', () => {
  let sinch: FakeGateway;
  let provider: SmsProvider;
  beforeAll(async () => {
    sinch = await startFakeSinch(SINCH_PLAN);
    provider = sinchProviderAt(sinch);
  });
  afterAll(() => sinch?.close());

  it('sends one text batch from the configured number to the number in E.164 with the API token', async () => {
    await provider.send(message);
    const request = sinch.requests.at(-1);
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/xms/v1/plan0123456789/batches');
    expect(request?.headers.authorization).toBe(`Bearer ${SINCH_TOKEN}`);
    expect(request?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request?.body ?? '')).toEqual({
      type: 'mt_text',
      from: '+5511900000000',
      to: ['+5531987654321'],
      body: message.text,
    });
  });

  it('fails for good on a refused number or a refused token, saying which', async () => {
    sinch.answerNext(sinchError(400, 'syntax_invalid_parameter_format', "Invalid 'to' parameter: '+5531987654321'"));
    const invalid = await failureOf(provider, [SINCH_TOKEN]);
    expect(invalid).toMatchObject({ retryable: false, status: 400, code: 'syntax_invalid_parameter_format' });
    expect(invalid.message).toBe(
      "Sinch: Sinch refused the SMS: Invalid 'to' parameter: '+5531987654321' (HTTP 400 syntax_invalid_parameter_format; permanent, not retried)",
    );

    sinch.answerNext(sinchError(401, 'unauthorized', 'Unauthorized'));
    const refused = await failureOf(provider, [SINCH_TOKEN]);
    expect(refused).toMatchObject({ retryable: false, status: 401 });
    expect(refused.message).toBe(
      'Sinch: Sinch refused the API token (check SINCH_API_TOKEN) (HTTP 401 unauthorized; permanent, not retried)',
    );
  });

  it('reports throttling, an unavailable Sinch and an unreachable one as retryable', async () => {
    sinch.answerNext(sinchError(429, 'too_many_requests', 'Too many requests'));
    const throttled = await failureOf(provider, [SINCH_TOKEN]);
    expect(throttled).toMatchObject({ retryable: true, status: 429 });
    expect(throttled.message).toContain('Sinch is throttling this service plan');

    sinch.answerNext(sinchError(503, 'service_unavailable', 'Service temporarily unavailable'));
    expect(await failureOf(provider, [SINCH_TOKEN])).toMatchObject({ retryable: true, status: 503 });

    const gone = await startFakeSinch(SINCH_PLAN);
    const unreachable = sinchProviderAt(gone);
    await gone.close();
    const failure = await failureOf(unreachable, [SINCH_TOKEN]);
    expect(failure).toMatchObject({ retryable: true, status: undefined });
    expect(failure.message).toBe('Sinch: Sinch could not be reached (ECONNREFUSED) (no answer; retryable)');
  });
});

describe('SMS configuration', () => {
  const load = (env: Record<string, string>) => () => loadConfig({ DATA_DIR: '/tmp/ebox-sms-config', JWT_SECRET: 'x'.repeat(40), ...env });

  it('has no provider without SMS_PROVIDER', () => {
    expect(load({})().sms).toBeUndefined();
  });

  it('stops start-up on a half-configured provider, naming what is missing', () => {
    expect(load({ SMS_PROVIDER: 'sinch', SINCH_SERVICE_PLAN_ID: 'p', SINCH_FROM: '+5511900000000' })).toThrow(
      'SMS_PROVIDER=sinch needs SINCH_API_TOKEN',
    );
    expect(load({ SMS_PROVIDER: 'sinch' })).toThrow('SMS_PROVIDER=sinch needs SINCH_SERVICE_PLAN_ID and SINCH_API_TOKEN and SINCH_FROM');
    expect(load({ ...SINCH_ENV, SINCH_REGION: 'mars' })).toThrow('SINCH_REGION must be one of us, eu, br, au, ca');
    expect(load({ SMS_PROVIDER: 'sns' })).toThrow('SMS_PROVIDER=sns needs SNS_REGION (or AWS_REGION)');
    expect(load({ SMS_PROVIDER: 'sns', SNS_REGION: 'sa-east-1', SNS_ACCESS_KEY_ID: 'AKIA' })).toThrow(
      'SMS_PROVIDER=sns needs both SNS_ACCESS_KEY_ID and SNS_SECRET_ACCESS_KEY',
    );
    expect(load({ ...SNS_ENV, SNS_SENDER_ID: 'Ebox Lockers Brasil' })).toThrow('SNS_SENDER_ID must be 1 to 11 letters and digits');
    expect(load({ SMS_PROVIDER: 'twilio' })).toThrow('SMS_PROVIDER must be sns or sinch');
  });

  it('takes the standard AWS region and credentials when no SNS keys are given', () => {
    const settings = load({ SMS_PROVIDER: 'sns', AWS_REGION: 'us-east-1' })().sms;
    expect(settings).toMatchObject({ provider: 'sns', sns: { region: 'us-east-1', credentials: undefined, smsType: 'Transactional' } });
  });
});

describe('a password reset by SMS through the API', () => {
  let sinch: FakeGateway;
  let sns: FakeGateway;
  let viaSinch: TestApp;
  let viaSns: TestApp;
  let withoutProvider: TestApp;
  let sinchOwner: TestUser;

  beforeAll(async () => {
    [sinch, sns] = await Promise.all([startFakeSinch(SINCH_PLAN), startFakeSns(SNS_KEYS)]);
    [viaSinch, viaSns, withoutProvider] = await Promise.all([
      startTestApp({ env: { ...SINCH_ENV, SINCH_BASE_URL: sinch.url } }),
      startTestApp({ env: { ...SNS_ENV, SNS_ENDPOINT: sns.url } }),
      startTestApp(),
    ]);
    sinchOwner = await viaSinch.createUser({ roles: ['owner'] });
  });
  afterAll(async () => {
    await Promise.all([viaSinch?.close(), viaSns?.close(), withoutProvider?.close()]);
    await Promise.all([sinch?.close(), sns?.close()]);
  });

  const resetBySms = (t: TestApp, email: string) =>
    t.client(undefined, 'en').post('/auth/send-password-reset-email', { email, method: 'sms' });

  /** The outbox row an owner reads for a recipient. */
  async function outboxRowOf(owner: TestUser, recipient: string) {
    const response = await owner.api.get('/outbox', { filter: { recipient } });
    expect(response.status).toBe(200);
    return response.body.rows[0] as { status: string; error: string | null; body: string };
  }

  it('says SMS leaves when a provider is configured, and that it waits in the outbox when none is', async () => {
    const email = 'anyone@example.com';
    expect((await viaSinch.api.post('/auth/get-password-reset-method', { email })).body).toEqual({
      methods: ['email', 'sms'],
      delivery: { email: 'outbox', sms: 'sent' },
    });
    expect((await viaSns.api.post('/auth/get-password-reset-method', { email })).body.delivery.sms).toBe('sent');
    expect((await withoutProvider.api.post('/auth/get-password-reset-method', { email })).body).toEqual({
      methods: ['email', 'sms'],
      delivery: { email: 'outbox', sms: 'outbox' },
    });
  });

  it('texts the reset link through Sinch to the phone in E.164, and the link resets the password', async () => {
    const account = await viaSinch.createUser({ email: 'sinch.reset@example.com', phoneNumber: '55 31 98765-1111' });
    const before = sinch.requests.length;
    const response = await resetBySms(viaSinch, account.email);
    expect(response.status).toBe(200);
    // The SMS leaves from the job queue, a moment after the request answered.
    await eventually(
      async () => sinch.requests.length,
      (n) => n === before + 1,
    );
    const batch = JSON.parse(sinch.requests.at(-1)?.body ?? '{}') as { to: string[]; body: string; from: string };
    expect(batch.to).toEqual(['+5531987651111']);
    expect(batch.from).toBe(SINCH_ENV.SINCH_FROM);
    const token = decodeURIComponent(new RegExp(`${viaSinch.baseUrl}/auth/password-reset\\?token=([\\w.%-]+)`).exec(batch.body)?.[1] ?? '');
    expect(token).toMatch(/^s\./);
    expect((await viaSinch.api.put('/auth/password-reset', { token, password: 'N3w-pass-by-sms' })).status).toBe(200);
    expect((await viaSinch.api.post('/auth/sign-in', { email: account.email, password: 'N3w-pass-by-sms' })).status).toBe(200);
    expect(
      (
        await eventually(
          () => outboxRowOf(sinchOwner, '55 31 98765-1111'),
          (row) => row.status === 'sent',
        )
      ).status,
    ).toBe('sent');
  });

  it('texts the reset link through SNS to the phone in E.164', async () => {
    const account = await viaSns.createUser({ email: 'sns.reset@example.com', phoneNumber: '5531987652222' });
    const before = sns.requests.length;
    expect((await resetBySms(viaSns, account.email)).status).toBe(200);
    await eventually(
      async () => sns.requests.length,
      (n) => n === before + 1,
    );
    const params = queryParamsOf(sns.requests.at(-1) as never);
    expect(params).toMatchObject({ Action: 'Publish', PhoneNumber: '+5531987652222' });
    expect(params.Message).toContain(`${viaSns.baseUrl}/auth/password-reset?token=s.`);
  });

  it('marks the SMS failed at once when Sinch refuses it, and the owner reads why and that it is permanent', async () => {
    for (const [phone, answer, expected] of [
      [
        '5531987653333',
        sinchError(401, 'unauthorized', 'Unauthorized'),
        'Sinch refused the API token (check SINCH_API_TOKEN) (HTTP 401 unauthorized; permanent, not retried)',
      ],
      [
        '5531987654444',
        sinchError(400, 'syntax_invalid_parameter_format', "Invalid 'to' parameter"),
        "Sinch refused the SMS: Invalid 'to' parameter (HTTP 400 syntax_invalid_parameter_format; permanent, not retried)",
      ],
    ] as const) {
      const account = await viaSinch.createUser({ phoneNumber: phone });
      sinch.answerNext(answer);
      // The request is kept: the reset token exists and the message waits in the outbox for its job.
      expect((await resetBySms(viaSinch, account.email)).status).toBe(200);
      const row = await eventually(
        () => outboxRowOf(sinchOwner, phone),
        (r) => r.status !== 'queued',
      );
      expect(row.status).toBe('failed');
      expect(row.error).toBe(`Sinch: ${expected}`);
      expect(row.error).not.toContain(SINCH_TOKEN);
    }
  });

  it('keeps retrying a throttled or unavailable Sinch, and the owner reads that it will be retried', async () => {
    for (const [phone, answer] of [
      ['5531987655555', sinchError(429, 'too_many_requests', 'Too many requests')],
      ['5531987656666', sinchError(503, 'service_unavailable', 'Service unavailable')],
    ] as const) {
      const account = await viaSinch.createUser({ phoneNumber: phone });
      sinch.answerNext(answer);
      expect((await resetBySms(viaSinch, account.email)).status).toBe(200);
      const row = await eventually(
        () => outboxRowOf(sinchOwner, phone),
        (r) => Boolean(r.error),
      );
      expect(row.status).toBe('queued');
      expect(row.error).toMatch(/\(HTTP (429|503) \w+; retryable\)$/);
    }
  });

  it('keeps the SMS in the outbox without a provider, where the owner reads the link', async () => {
    const owner = await withoutProvider.createUser({ roles: ['owner'] });
    const account = await withoutProvider.createUser({ phoneNumber: '5531987657777' });
    expect((await resetBySms(withoutProvider, account.email)).status).toBe(200);
    const row = await outboxRowOf(owner, '5531987657777');
    expect(row.status).toBe('outbox');
    expect(row.body).toContain('/auth/password-reset?token=s.');
  });
});
