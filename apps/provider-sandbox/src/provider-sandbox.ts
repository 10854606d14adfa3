import { randomBytes, randomInt } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSnsHandler, type SnsCredentials, type SnsReceived } from './aws-sns';
import { createFcmHandler, createFcmServiceAccount, type FcmReceived } from './fcm';
import { type FailureScript, JSON_TYPE, type ProviderHandler, type SandboxAnswer, type SandboxRequest } from './sandbox-kit';
import { createSinchHandler, type SinchCredentials, type SinchReceived } from './sinch';
import {
  createWhatsAppHandler,
  type WhatsAppCallback,
  type WhatsAppCredentials,
  type WhatsAppReceived,
  type WhatsAppStatusScript,
} from './whatsapp-cloud';

export type ReceivedByProvider = { whatsapp: WhatsAppReceived; fcm: FcmReceived; sns: SnsReceived; sinch: SinchReceived };
export type SandboxProvider = keyof ReceivedByProvider;

const PROVIDERS: SandboxProvider[] = ['whatsapp', 'fcm', 'sns', 'sinch'];
const WHATSAPP_API_VERSION = 'v21.0';

export type ProviderSandboxOptions = {
  host?: string;
  /** 0 (the default): a free port. */
  port?: number;
  whatsappAppSecret?: string;
  whatsappStatusCallbackUrl?: string;
  /** Credentials to accept instead of fresh random ones, for a caller whose settings already name some. */
  credentials?: {
    whatsapp?: Partial<Pick<WhatsAppCredentials, 'accessToken' | 'phoneNumberId' | 'verifyToken'>>;
    sns?: Partial<SnsCredentials>;
    sinch?: Partial<SinchCredentials>;
    fcmProjectId?: string;
    /**
     * The FCM service account's RSA key (PKCS#8 PEM) instead of a new one: making a 2048-bit key
     * takes a fifth of a second of CPU, seconds on a busy machine (the demo keeps its own).
     */
    fcmPrivateKey?: string;
  };
};

export type ProviderSandbox = Awaited<ReturnType<typeof startProviderSandbox>>;

type Waiter = { ready(): boolean; resolve(): void; reject(error: Error): void };

const secret = (bytes = 24) => randomBytes(bytes).toString('base64url');
const digits = (count: number) => Array.from({ length: count }, (_, i) => randomInt(i === 0 ? 1 : 0, 10)).join('');

/**
 * One local HTTP server speaking each messaging provider's real API (paths, authentication, request
 * and error shapes) with credentials made for this run: the console's provider clients run against
 * it unchanged, in the tests and in the demo.
 */
export async function startProviderSandbox(options: ProviderSandboxOptions = {}) {
  const requests = Object.fromEntries(PROVIDERS.map((p) => [p, [] as SandboxRequest[]])) as Record<SandboxProvider, SandboxRequest[]>;
  const received = Object.fromEntries(PROVIDERS.map((p) => [p, [] as unknown[]])) as Record<SandboxProvider, unknown[]>;
  const scripts = Object.fromEntries(PROVIDERS.map((p) => [p, [] as FailureScript[]])) as Record<SandboxProvider, FailureScript[]>;
  let waiters: Waiter[] = [];
  const callbacks: WhatsAppCallback[] = [];
  let callbackChain = Promise.resolve();
  let callbackUrl = options.whatsappStatusCallbackUrl;
  const stopCallbacks = new AbortController();
  let handlers: Record<SandboxProvider, ProviderHandler<unknown>> | undefined;

  const settle = () => {
    const ready = waiters.filter((waiter) => waiter.ready());
    waiters = waiters.filter((waiter) => !ready.includes(waiter));
    for (const waiter of ready) waiter.resolve();
  };
  const waitUntil = <T>(ready: () => boolean, value: () => T) =>
    new Promise<T>((resolve, reject) => {
      waiters.push({ ready, resolve: () => resolve(value()), reject });
      settle();
    });

  function scriptedAnswer(handler: ProviderHandler<unknown>, script: FailureScript): SandboxAnswer {
    const answer: SandboxAnswer =
      script.body === undefined
        ? handler.failureOf(script)
        : typeof script.body === 'string'
          ? { status: script.status ?? 400, body: script.body, contentType: handler.contentType }
          : { status: script.status ?? 400, body: JSON.stringify(script.body), contentType: JSON_TYPE };
    return script.retryAfterSeconds === undefined
      ? answer
      : { ...answer, headers: { ...answer.headers, 'retry-after': String(script.retryAfterSeconds) } };
  }

  function takeScript(provider: SandboxProvider): FailureScript | undefined {
    const script = scripts[provider][0];
    if (script && (script.times ?? 1) <= 1) scripts[provider].shift();
    else if (script) scripts[provider][0] = { ...script, times: (script.times ?? 1) - 1 };
    return script;
  }

  function write(res: ServerResponse, answer: SandboxAnswer, onSent?: () => void) {
    res.writeHead(answer.status, { 'content-type': answer.contentType, ...answer.headers });
    res.end(answer.body, onSent);
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks);
      const request: SandboxRequest = {
        method: req.method ?? '',
        path: req.url ?? '/',
        headers: req.headers,
        body: rawBody.toString('utf8'),
        rawBody,
      };
      for (const provider of PROVIDERS) {
        const handler = handlers?.[provider];
        const route = handler?.routeOf(request);
        if (!handler || !route) continue;
        requests[provider].push(request);
        const script = route === 'send' ? takeScript(provider) : undefined;
        if (script) return write(res, scriptedAnswer(handler, script));
        const { answer, accepted } = handler.handle(request);
        if (accepted === undefined) return write(res, answer);
        received[provider].push(accepted);
        settle();
        return write(res, answer, () => handler.afterAccepted?.(accepted));
      }
      write(res, { status: 404, contentType: 'text/plain', body: `no provider answers ${request.method} ${request.path}` });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve);
  });
  const address = server.address() as AddressInfo;
  const host = ['0.0.0.0', '::'].includes(address.address) ? '127.0.0.1' : address.address;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;

  const given = options.credentials ?? {};
  const whatsapp: WhatsAppCredentials = {
    accessToken: given.whatsapp?.accessToken ?? `EAAG${secret(48)}`,
    phoneNumberId: given.whatsapp?.phoneNumberId ?? digits(15),
    appSecret: options.whatsappAppSecret ?? randomBytes(16).toString('hex'),
    verifyToken: given.whatsapp?.verifyToken ?? secret(),
    businessAccountId: digits(15),
    displayPhoneNumber: '5511955550100',
  };
  const projectId = given.fcmProjectId ?? 'ebox-sandbox';
  const { serviceAccount, publicKey } = await createFcmServiceAccount(url, projectId, given.fcmPrivateKey);
  const sns: SnsCredentials = {
    accessKeyId: given.sns?.accessKeyId ?? `AKIA${randomBytes(8).toString('hex').toUpperCase()}`,
    secretAccessKey: given.sns?.secretAccessKey ?? secret(30),
    region: given.sns?.region ?? 'sa-east-1',
  };
  const sinch: SinchCredentials = {
    servicePlanId: given.sinch?.servicePlanId ?? randomBytes(16).toString('hex'),
    apiToken: given.sinch?.apiToken ?? randomBytes(16).toString('hex'),
    from: given.sinch?.from ?? '+5511955550199',
  };

  const postCallback = (target: string, body: string, signature: string) => {
    callbackChain = callbackChain.then(async () => {
      if (stopCallbacks.signal.aborted) return;
      const callback: WhatsAppCallback = { url: target, body, signature };
      callbacks.push(callback);
      try {
        const response = await fetch(target, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature, 'user-agent': 'facebookexternalua' },
          body,
          signal: stopCallbacks.signal,
        });
        callback.status = response.status;
        await response.body?.cancel();
      } catch (error) {
        callback.error = error instanceof Error ? error.message : String(error);
      }
      settle();
    });
    return callbackChain;
  };
  const whatsappHandler = createWhatsAppHandler(whatsapp, { urlOf: () => callbackUrl, post: postCallback });
  handlers = {
    whatsapp: whatsappHandler as ProviderHandler<unknown>,
    fcm: createFcmHandler(serviceAccount, publicKey) as ProviderHandler<unknown>,
    sns: createSnsHandler(sns) as ProviderHandler<unknown>,
    sinch: createSinchHandler(sinch) as ProviderHandler<unknown>,
  };

  const answered = () => callbacks.filter((callback) => callback.status !== undefined || callback.error !== undefined);
  return {
    /** The base address every provider answers on (there is one server). */
    url,
    whatsapp: { ...whatsapp, apiUrl: url, apiVersion: WHATSAPP_API_VERSION },
    fcm: { serviceAccount, projectId, apiUrl: url },
    sns: { ...sns, endpoint: url },
    sinch: { ...sinch, baseUrl: url },
    /** The console's settings pointing every provider here; SMS_PROVIDER (the default gateway) is the caller's choice. */
    env: {
      ...{ WHATSAPP_ACCESS_TOKEN: whatsapp.accessToken, WHATSAPP_PHONE_NUMBER_ID: whatsapp.phoneNumberId },
      ...{ WHATSAPP_APP_SECRET: whatsapp.appSecret, WHATSAPP_VERIFY_TOKEN: whatsapp.verifyToken },
      ...{ WHATSAPP_API_URL: url, WHATSAPP_API_VERSION },
      ...{ FCM_SERVICE_ACCOUNT: JSON.stringify(serviceAccount), FCM_PROJECT_ID: projectId, FCM_API_URL: url },
      ...{ SNS_REGION: sns.region, SNS_ACCESS_KEY_ID: sns.accessKeyId, SNS_SECRET_ACCESS_KEY: sns.secretAccessKey, SNS_ENDPOINT: url },
      ...{ SINCH_SERVICE_PLAN_ID: sinch.servicePlanId, SINCH_API_TOKEN: sinch.apiToken, SINCH_FROM: sinch.from, SINCH_BASE_URL: url },
    } as Record<string, string>,
    /** The messages accepted so far, as the provider understood them. */
    received: <P extends SandboxProvider>(provider: P) => [...received[provider]] as ReceivedByProvider[P][],
    /** Every request that reached the provider, refused or not (FCM's token requests included). */
    requests: (provider: SandboxProvider) => [...requests[provider]],
    /** Resolves with the accepted messages once there are `count` of them. */
    waitForReceived: <P extends SandboxProvider>(provider: P, count: number) =>
      waitUntil(
        () => received[provider].length >= count,
        () => [...received[provider]] as ReceivedByProvider[P][],
      ),
    /** The next sends to `provider` (`times` of them, 1 by default) get this answer instead of being accepted. */
    failNext: (provider: SandboxProvider, script: FailureScript) => void scripts[provider].push(script),
    /** Where WhatsApp status notifications go; undefined: nowhere. */
    setStatusCallbackUrl(target: string | undefined) {
      callbackUrl = target;
    },
    /** The statuses reported for each later message to this recipient (sent, then delivered, by default). */
    scriptWhatsAppStatuses: (recipient: string, statuses: WhatsAppStatusScript[]) => whatsappHandler.scriptStatuses(recipient, statuses),
    /** The status notifications posted so far, with the receiver's answer. */
    statusCallbacks: () => [...callbacks],
    /** Resolves once `count` status notifications have been answered (or failed to be). */
    waitForStatusCallbacks: (count: number) => waitUntil(() => answered().length >= count, answered),
    async close() {
      stopCallbacks.abort();
      for (const waiter of waiters) waiter.reject(new Error('the provider sandbox was closed'));
      waiters = [];
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await callbackChain;
    },
  };
}
