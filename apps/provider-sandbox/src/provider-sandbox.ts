import { randomBytes, randomInt } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSnsHandler, type SnsCredentials, type SnsReceived } from './aws-sns';
import { createFcmHandler, createFcmServiceAccount, type FcmReceived } from './fcm';
import { createMercadoPagoStandIn, type MercadoPagoReceived, type MercadoPagoSandboxOptions } from './mercado-pago';
import { type FailureScript, JSON_TYPE, type ProviderHandler, type SandboxAnswer, type SandboxRequest } from './sandbox-kit';
import { createSinchHandler, type SinchCredentials, type SinchReceived } from './sinch';
import {
  createWhatsAppHandler,
  type WhatsAppCallback,
  type WhatsAppCredentials,
  type WhatsAppCustomerMessage,
  type WhatsAppInbound,
  type WhatsAppInboundOptions,
  type WhatsAppInboundResult,
  type WhatsAppNewNumber,
  type WhatsAppReceived,
  type WhatsAppSandboxOptions,
  type WhatsAppStatusScript,
} from './whatsapp-cloud';

export type ReceivedByProvider = {
  whatsapp: WhatsAppReceived;
  fcm: FcmReceived;
  sns: SnsReceived;
  sinch: SinchReceived;
  mercadoPago: MercadoPagoReceived;
};
export type SandboxProvider = keyof ReceivedByProvider;

const PROVIDERS: SandboxProvider[] = ['whatsapp', 'fcm', 'sns', 'sinch', 'mercadoPago'];
const WHATSAPP_API_VERSION = 'v21.0';

export type ProviderSandboxOptions = {
  host?: string;
  /** 0 (the default): a free port. */
  port?: number;
  whatsappAppSecret?: string;
  /** Where WhatsApp posts status notifications and customers' messages (setStatusCallbackUrl changes it). */
  whatsappStatusCallbackUrl?: string;
  /** Meta's rules the WhatsApp stand-in applies: the 24-hour window, throughput, inbound retries. */
  whatsapp?: WhatsAppSandboxOptions;
  /** Mercado Pago's accounts (one per company: token and webhook secret) and its notification retries. */
  mercadoPago?: MercadoPagoSandboxOptions;
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

  /** One webhook POST as Meta makes it: the signed bytes, and the receiver's status or why there was none. */
  async function postAsMeta(target: string, body: string, signature: string): Promise<{ status?: number; error?: string }> {
    try {
      const response = await fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature, 'user-agent': 'facebookexternalua' },
        body,
        // A signal of its own that follows the stop: undici keeps its abort listener on the signal
        // given until the request is collected, and thousands of callbacks on one signal warned of a leak.
        signal: AbortSignal.any([stopCallbacks.signal]),
      });
      await response.body?.cancel();
      return { status: response.status };
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
  }

  const postCallback = (target: string, body: string, signature: string) => {
    callbackChain = callbackChain.then(async () => {
      if (stopCallbacks.signal.aborted) return;
      const callback: WhatsAppCallback = { url: target, body, signature };
      callbacks.push(callback);
      Object.assign(callback, await postAsMeta(target, body, signature));
      settle();
    });
    return callbackChain;
  };
  const whatsappHandler = createWhatsAppHandler(whatsapp, { urlOf: () => callbackUrl, post: postCallback }, options.whatsapp);

  /** A wait between retries that ends early when the sandbox closes. */
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        stopCallbacks.signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      stopCallbacks.signal.addEventListener('abort', done, { once: true });
      if (stopCallbacks.signal.aborted) done();
    });

  const inbound: WhatsAppInbound[] = [];
  const delivering = new Set<Promise<unknown>>();
  /**
   * Posts a customer's message until the receiver answers 200 or the retries run out, as Meta does
   * (its retries go on for days; the sandbox's delays are short, for tests). Each posting is posted
   * on its own, not behind the status notifications' queue: a receiver failing one must not hold up
   * the others, and Meta promises no order either.
   */
  function deliverInbound(entry: WhatsAppInbound): Promise<WhatsAppInboundResult> {
    inbound.push(entry);
    const delays = whatsappHandler.retryDelaysMs();
    const delivery = (async () => {
      for (let attempt = 0; !stopCallbacks.signal.aborted; attempt++) {
        const answer = await postAsMeta(entry.url, entry.body, entry.signature);
        entry.attempts.push(answer);
        entry.status = answer.status;
        entry.error = answer.error;
        if (answer.status === 200 || attempt >= delays.length) break;
        settle();
        await pause(delays[attempt] ?? 0);
      }
      if (!entry.attempts.length) entry.error = 'the provider sandbox was closed';
      entry.done = true;
      settle();
      return { wamid: entry.wamid, status: entry.status, error: entry.error, body: entry.body, signature: entry.signature };
    })();
    delivering.add(delivery);
    void delivery.finally(() => delivering.delete(delivery));
    return delivery;
  }
  const inboundDone = () => inbound.filter((entry) => entry.done);
  const mercadoPago = createMercadoPagoStandIn({
    baseUrl: url,
    options: options.mercadoPago,
    signal: stopCallbacks.signal,
    settle,
    waitUntil,
  });
  handlers = {
    whatsapp: whatsappHandler as ProviderHandler<unknown>,
    fcm: createFcmHandler(serviceAccount, publicKey) as ProviderHandler<unknown>,
    sns: createSnsHandler(sns) as ProviderHandler<unknown>,
    sinch: createSinchHandler(sinch) as ProviderHandler<unknown>,
    mercadoPago: mercadoPago.handler as ProviderHandler<unknown>,
  };

  const answered = () => callbacks.filter((callback) => callback.status !== undefined || callback.error !== undefined);
  return {
    /** The base address every provider answers on (there is one server). */
    url,
    whatsapp: {
      ...whatsapp,
      apiUrl: url,
      apiVersion: WHATSAPP_API_VERSION,
      /**
       * Another business number on this server, with its own access token (checked on its sends)
       * and, if given, its own app secret (signing its webhooks). Left out: a random id, token and
       * display number; the sandbox's app secret and verify token (numbers of one Meta app share them).
       */
      addNumber(given: WhatsAppNewNumber = {}): WhatsAppCredentials & { apiUrl: string; apiVersion: string } {
        const made: WhatsAppCredentials = {
          phoneNumberId: digits(15),
          accessToken: `EAAG${secret(48)}`,
          appSecret: whatsapp.appSecret,
          verifyToken: whatsapp.verifyToken,
          businessAccountId: whatsapp.businessAccountId,
          displayPhoneNumber: `55119${digits(8)}`,
        };
        return { ...whatsappHandler.addNumber(given, made), apiUrl: url, apiVersion: WHATSAPP_API_VERSION };
      },
      /**
       * A template Meta approved. Once one is registered, a template send naming another name or
       * language answers 132001 (404) and one with another count of body parameters 132000; with
       * none registered every template passes.
       */
      registerTemplate: (name: string, languageCode: string, bodyParameterCount: number) =>
        whatsappHandler.registerTemplate(name, languageCode, bodyParameterCount),
      /** Changes the rules from now on (the options startProviderSandbox took as `whatsapp`). */
      configure: (changes: WhatsAppSandboxOptions) => whatsappHandler.configure(changes),
      /**
       * A customer writes to the number `message.to`: the notification Meta would post (escaped
       * unicode, signed with that number's app secret) goes to the callback URL, retried while the
       * receiver answers anything but 200. It opens the customer's 24-hour window on that number at
       * `at` and, for a 12-digit Brazilian wa_id, makes the number's 13-digit form reach that account.
       * Resolves once delivered or given up, with the last answer.
       */
      async customerSays(message: WhatsAppCustomerMessage, given: WhatsAppInboundOptions = {}): Promise<WhatsAppInboundResult> {
        const target = given.url ?? callbackUrl;
        if (!target) throw new Error('no callback URL for WhatsApp: setStatusCallbackUrl first (or pass url)');
        const built = whatsappHandler.inboundOf(message, given);
        return deliverInbound({ ...built, url: target, again: false, attempts: [], done: false });
      },
      /** Meta's duplicate delivery: the very bytes and signature of an earlier customer message, posted again. */
      async deliverAgain(wamid: string, given: { url?: string } = {}): Promise<WhatsAppInboundResult> {
        const first = inbound.find((entry) => entry.wamid === wamid);
        if (!first) throw new Error(`no customer message ${wamid} was posted`);
        const { phoneNumberId, from, body, signature } = first;
        return deliverInbound({
          wamid,
          phoneNumberId,
          from,
          body,
          signature,
          url: given.url ?? first.url,
          again: true,
          attempts: [],
          done: false,
        });
      },
      /** Every posting of a customer message so far (retries are attempts of one posting), with the answers. */
      inbound: () => [...inbound],
      /** Resolves once `count` postings of customer messages are done (answered 200, or out of retries). */
      waitForInbound: (count: number) => waitUntil(() => inboundDone().length >= count, inboundDone),
      /**
       * Meta's check of a webhook address: `GET ?hub.mode=subscribe&hub.challenge=<int>&hub.verify_token=`;
       * verified when the receiver answers 200 with the challenge alone.
       */
      async verifyWebhook(given: { url?: string; verifyToken?: string } = {}) {
        const target = given.url ?? callbackUrl;
        if (!target) throw new Error('no callback URL for WhatsApp: setStatusCallbackUrl first (or pass url)');
        const challenge = String(randomInt(1, 2 ** 31 - 1));
        const address = new URL(target);
        address.searchParams.set('hub.mode', 'subscribe');
        address.searchParams.set('hub.challenge', challenge);
        address.searchParams.set('hub.verify_token', given.verifyToken ?? whatsapp.verifyToken);
        const response = await fetch(address, { signal: stopCallbacks.signal });
        const body = await response.text();
        return { status: response.status, body, challenge, verified: response.status === 200 && body === challenge };
      },
    },
    fcm: { serviceAccount, projectId, apiUrl: url },
    sns: { ...sns, endpoint: url },
    sinch: { ...sinch, baseUrl: url },
    /** Mercado Pago's Pix payments: the first account's credentials, more accounts, and the payer's and the bank's side. */
    mercadoPago: mercadoPago.api,
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
    /** Where WhatsApp status notifications and customers' messages go; undefined: nowhere. */
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
      await Promise.allSettled([...delivering]);
      await mercadoPago.close();
    },
  };
}
