import { createHmac, randomBytes, randomInt, randomUUID } from 'node:crypto';
import { buildPixBrCode, renderPixQrPng } from './pix-code';
import {
  bearerOf,
  type FailureScript,
  JSON_TYPE,
  jsonAnswer,
  jsonBodyOf,
  type ProviderHandler,
  recordOf,
  type SandboxAnswer,
  type SandboxRequest,
  textOf,
} from './sandbox-kit';

/** One Mercado Pago account (a company's): the token its server calls with and the secret its webhooks are signed with. */
export type MercadoPagoCredentials = {
  accessToken: string;
  /** The "assinatura secreta" of the account's webhooks: the HMAC key of x-signature. */
  webhookSecret: string;
  /** The account's user id: `collector_id` of its payments, `user_id` of its notifications, the token's last part. */
  userId: number;
  /** The Pix key its codes carry, and the name and city the payer's bank shows. */
  pixKey: string;
  merchantName: string;
  merchantCity: string;
  /** Where notifications go for a payment created without `notification_url` (the account's webhook setting). */
  notificationUrl?: string;
};

/** An account to add; what is left out is made up. */
export type MercadoPagoNewCredentials = Partial<MercadoPagoCredentials>;

export type MercadoPagoStatus = 'pending' | 'approved' | 'rejected' | 'cancelled';

/** A payment as `GET /v1/payments/{id}` answers it (the fields a Pix payment has that a client reads). */
export type MercadoPagoPayment = {
  id: number;
  status: MercadoPagoStatus;
  /** pending_waiting_transfer, accredited, rejected_by_bank (or the reject's), by_collector, expired. */
  status_detail: string;
  transaction_amount: number;
  currency_id: 'BRL';
  description: string | null;
  payment_method_id: 'pix';
  payment_type_id: 'bank_transfer';
  operation_type: 'regular_payment';
  external_reference: string | null;
  notification_url: string | null;
  collector_id: number;
  live_mode: false;
  payer: { email: string; identification: { type: string; number: string } | null; type: null };
  /** Mercado Pago's timestamps: ISO 8601 with milliseconds at -04:00. */
  date_created: string;
  date_last_updated: string;
  date_of_expiration: string;
  date_approved: string | null;
  money_release_date: string | null;
  transaction_details: { net_received_amount: number; total_paid_amount: number; transaction_id: string | null };
  point_of_interaction: {
    type: 'PIX';
    transaction_data: { qr_code: string; qr_code_base64: string; ticket_url: string };
  };
};

/** A payment creation the stand-in accepted (an idempotent repeat is not a second one). */
export type MercadoPagoReceived = { paymentId: number; userId: number; idempotencyKey: string; body: Record<string, unknown> };

export type MercadoPagoAction = 'payment.created' | 'payment.updated';

/** One posting of a notification (on a change, or deliverAgain) and what the receiver answered. */
export type MercadoPagoNotification = {
  paymentId: number;
  action: MercadoPagoAction;
  /** The payment's status and detail when the notification was made. */
  paymentStatus: MercadoPagoStatus;
  paymentStatusDetail: string;
  /** notification_url with `data.id` and `type` appended, as Mercado Pago posts it. */
  url: string;
  /** The exact bytes posted and the headers that sign them. */
  body: string;
  requestId: string;
  ts: string;
  /** The x-signature header: `ts=<ts>,v1=<hex>`. */
  signature: string;
  /** true for a deliverAgain: the same bytes and headers once more, a duplicate. */
  again: boolean;
  /** Each POST in order, retries included: the HTTP status, or why there was none. */
  attempts: { status?: number; error?: string }[];
  status?: number;
  error?: string;
  /** No attempt is left: 200 or 201, or the retries ran out. */
  done: boolean;
};

/** Behaviour of the Mercado Pago stand-in (startProviderSandbox's `mercadoPago`, or configure()). */
export type MercadoPagoSandboxOptions = {
  /**
   * The accounts to accept (each company its own); the first is `sandbox.mercadoPago` itself.
   * Left out: one made-up account. Only at start; addCredentials adds more later.
   */
  credentials?: MercadoPagoNewCredentials[];
  /**
   * The waits between posts of a notification the receiver did not answer 200/201. Mercado Pago
   * retries every 15 minutes; the sandbox's defaults are short, for tests.
   */
  notificationRetryDelaysMs?: number[];
  /** `date_of_expiration` of a payment created without one: Mercado Pago's 24 hours. */
  defaultExpirationMs?: number;
};

export const DEFAULT_NOTIFICATION_RETRY_DELAYS_MS = [100, 500, 2000];
const DAY_MS = 86_400_000;
/** Mercado Pago takes a Pix's expiry up to 30 days ahead. */
const MAX_EXPIRATION_MS = 30 * DAY_MS;
/** setTimeout's longest wait; a later expiry is waited for in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Mercado Pago's error body: `{message, error, status, cause: [{code, description, data}]}`. The
 * cause codes are Mercado Pago's where known (4037 amount, 4050 e-mail, 2067 identification, 4020
 * notification_url, 2000 not found); the others are the stand-in's own.
 */
export function mercadoPagoError(status: number, message: string, code: number | string, error = errorNameOf(status)): SandboxAnswer {
  return jsonAnswer(status, { message, error, status, cause: [{ code, description: message, data: null }] });
}

function errorNameOf(status: number) {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 429) return 'too_many_requests';
  if (status >= 500) return 'internal_error';
  return 'bad_request';
}

/**
 * The x-signature header Mercado Pago sends with a notification: `ts=<ts>,v1=<hex>`, v1 being
 * HMAC-SHA256(secret, `id:<data.id>;request-id:<x-request-id>;ts:<ts>;`), data.id lowercased as its
 * docs say for alphanumeric ids.
 */
export function mercadoPagoSignature(secret: string, dataId: string | number, requestId: string, ts: string | number): string {
  const manifest = `id:${String(dataId).toLowerCase()};request-id:${requestId};ts:${ts};`;
  return `ts=${ts},v1=${createHmac('sha256', secret).update(manifest).digest('hex')}`;
}

/** Mercado Pago writes its dates at -04:00 with milliseconds: 2026-12-04T07:21:33.000-04:00. */
export function mercadoPagoDate(at: number | Date): string {
  const shifted = new Date(new Date(at).getTime() - 4 * 3_600_000);
  return `${shifted.toISOString().slice(0, 23)}-04:00`;
}

const digits = (count: number) => Array.from({ length: count }, (_, i) => randomInt(i === 0 ? 1 : 0, 10)).join('');

/** An account as Mercado Pago issues them: `APP_USR-<app>-<mmddyy>-<hash>-<user id>`. */
export function makeMercadoPagoCredentials(given: MercadoPagoNewCredentials = {}): MercadoPagoCredentials {
  const userId = given.userId ?? Number(digits(10));
  const today = new Date();
  const issued = `${String(today.getUTCMonth() + 1).padStart(2, '0')}${String(today.getUTCDate()).padStart(2, '0')}${String(today.getUTCFullYear()).slice(2)}`;
  return {
    accessToken: given.accessToken ?? `APP_USR-${digits(16)}-${issued}-${randomBytes(16).toString('hex')}-${userId}`,
    webhookSecret: given.webhookSecret ?? randomBytes(32).toString('hex'),
    userId,
    pixKey: given.pixKey ?? randomUUID(),
    merchantName: given.merchantName ?? 'EBOX SANDBOX',
    merchantCity: given.merchantCity ?? 'SAO PAULO',
    ...(given.notificationUrl ? { notificationUrl: given.notificationUrl } : {}),
  };
}

type PaymentState = {
  payment: MercadoPagoPayment;
  account: MercadoPagoCredentials;
  idempotencyKey: string;
  /** The ticket page's secret (`hash`): the page is public to whoever has the link, as Mercado Pago's. */
  ticketHash: string;
  expiresAt: number;
  timer?: NodeJS.Timeout;
};

type Refusal = { ok: false; answer: SandboxAnswer };
const refuse = (message: string, code: number | string, status = 400): Refusal => ({
  ok: false,
  answer: mercadoPagoError(status, message, code),
});

const isUrl = (value: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

type Creation = {
  amount: number;
  description: string | null;
  email: string;
  identification: { type: string; number: string } | null;
  externalReference: string | null;
  notificationUrl: string | null;
  expiresAt: number;
};

/** `POST /v1/payments`'s body, refused where Mercado Pago refuses a Pix payment. */
function parseCreation(body: Record<string, unknown> | undefined, now: number, defaultExpirationMs: number): Creation | Refusal {
  if (!body) return refuse('The request body is not valid JSON', 'bad_request');
  const amount = body.transaction_amount;
  if (amount === undefined || amount === null) return refuse('transaction_amount attribute can not be null', 4037);
  if (typeof amount !== 'number' || !Number.isFinite(amount) || amount < 0.01 || Math.round(amount * 100) !== amount * 100) {
    return refuse('Invalid transaction_amount', 4037);
  }
  if (body.payment_method_id === undefined) return refuse('payment_method_id attribute can not be null', 4001);
  if (body.payment_method_id !== 'pix') {
    return refuse(`Invalid payment_method_id: the sandbox takes pix only (got ${String(body.payment_method_id)})`, 4002);
  }
  const payer = recordOf(body.payer);
  const email = textOf(payer.email);
  if (!email || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) return refuse('payer.email must be a valid email', 4050);
  let identification: Creation['identification'] = null;
  if (payer.identification !== undefined) {
    const given = recordOf(payer.identification);
    const type = textOf(given.type);
    const number = textOf(given.number)?.replace(/\D/g, '');
    const length = type === 'CPF' ? 11 : type === 'CNPJ' ? 14 : undefined;
    if (!length || number?.length !== length) return refuse('Invalid user identification number', 2067);
    identification = { type: type as string, number: number as string };
  }
  const description = body.description === undefined ? null : textOf(body.description);
  if (description === undefined) return refuse('description must be a string', 4003);
  const externalReference = body.external_reference === undefined ? null : textOf(body.external_reference);
  if (externalReference === undefined || (externalReference && externalReference.length > 256)) {
    return refuse('external_reference must be a string of at most 256 characters', 4004);
  }
  const notificationUrl = body.notification_url === undefined ? null : textOf(body.notification_url);
  if (notificationUrl === undefined || (notificationUrl !== null && !isUrl(notificationUrl))) {
    return refuse('notification_url attribute must be url valid', 4020);
  }
  let expiresAt = now + defaultExpirationMs;
  if (body.date_of_expiration !== undefined) {
    const given = textOf(body.date_of_expiration);
    expiresAt = given && /^\d{4}-\d{2}-\d{2}T/.test(given) ? Date.parse(given) : Number.NaN;
    if (Number.isNaN(expiresAt)) return refuse('Invalid date_of_expiration: expected yyyy-MM-ddTHH:mm:ss.SSSZ', 4005);
    if (expiresAt <= now) return refuse('date_of_expiration must be later than now', 4006);
    if (expiresAt - now > MAX_EXPIRATION_MS) return refuse('date_of_expiration must be at most 30 days from now', 4007);
  }
  return { amount, description, email, identification, externalReference, notificationUrl, expiresAt };
}

/** The ticket page's words: pt-BR, as Mercado Pago Brasil's page (`?lang=en` for English). */
const PAGE_TEXT = {
  'pt-BR': {
    title: 'Pagamento via Pix',
    amount: 'Valor',
    description: 'Descrição',
    expires: 'Vence em',
    qrAlt: (amount: string) => `QR code Pix para pagar ${amount}`,
    copyPaste: 'Pix copia e cola',
    copyHint: 'Copie o código e cole no app do seu banco.',
    simulate: 'Simular pagamento',
    status: {
      pending: 'Aguardando pagamento',
      approved: 'Pagamento aprovado',
      rejected: 'Pagamento recusado',
      cancelled: 'Pagamento cancelado',
      expired: 'Pix expirado',
    },
    notFound: 'Pagamento não encontrado',
    sandbox: 'Ambiente de testes do Mercado Pago (provider sandbox da Ebox).',
  },
  en: {
    title: 'Pix payment',
    amount: 'Amount',
    description: 'Description',
    expires: 'Expires at',
    qrAlt: (amount: string) => `Pix QR code to pay ${amount}`,
    copyPaste: 'Pix copy and paste code',
    copyHint: "Copy the code and paste it into your bank's app.",
    simulate: 'Simulate payment',
    status: {
      pending: 'Waiting for payment',
      approved: 'Payment approved',
      rejected: 'Payment rejected',
      cancelled: 'Payment cancelled',
      expired: 'Pix expired',
    },
    notFound: 'Payment not found',
    sandbox: "Mercado Pago test environment (Ebox's provider sandbox).",
  },
} as const;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

const HTML_TYPE = 'text/html; charset=utf-8';

function ticketPage(state: PaymentState, lang: keyof typeof PAGE_TEXT): string {
  const text = PAGE_TEXT[lang];
  const { payment } = state;
  const locale = lang === 'en' ? 'en-US' : 'pt-BR';
  const amount = new Intl.NumberFormat(locale, { style: 'currency', currency: 'BRL' }).format(payment.transaction_amount);
  const expires = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short', timeZone: 'America/Sao_Paulo' }).format(
    state.expiresAt,
  );
  const statusText = payment.status_detail === 'expired' ? text.status.expired : text.status[payment.status];
  const data = payment.point_of_interaction.transaction_data;
  const query = `hash=${encodeURIComponent(state.ticketHash)}${lang === 'en' ? '&amp;lang=en' : ''}`;
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${text.title} — ${amount}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#f5f5f5;color:#1f1f1f}
main{max-width:28rem;margin:2rem auto;background:#fff;padding:1.5rem;border-radius:8px}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}dt{font-weight:600}
textarea{width:100%;box-sizing:border-box;font-family:monospace;font-size:.85rem}
button{background:#00508c;color:#fff;border:0;border-radius:6px;padding:.75rem 1.25rem;font-size:1rem;cursor:pointer}
button:focus-visible{outline:3px solid #1f1f1f;outline-offset:2px}
small{color:#555}
</style>
</head>
<body>
<main>
<h1>${text.title}</h1>
<p role="status" id="payment-status" data-status="${payment.status}" data-status-detail="${payment.status_detail}">${statusText}</p>
<dl>
<dt>${text.amount}</dt><dd id="payment-amount">${amount}</dd>
${payment.description ? `<dt>${text.description}</dt><dd>${escapeHtml(payment.description)}</dd>` : ''}
<dt>${text.expires}</dt><dd><time datetime="${new Date(state.expiresAt).toISOString()}">${expires}</time></dd>
</dl>
<img src="data:image/png;base64,${data.qr_code_base64}" alt="${escapeHtml(text.qrAlt(amount))}" width="240" height="240">
<p><label for="pix-code">${text.copyPaste}</label></p>
<textarea id="pix-code" readonly rows="5" aria-describedby="pix-code-hint">${escapeHtml(data.qr_code)}</textarea>
<p id="pix-code-hint"><small>${text.copyHint}</small></p>
${
  payment.status === 'pending'
    ? `<form method="post" action="/payments/${payment.id}/ticket/pay?${query}"><button type="submit">${text.simulate}</button></form>`
    : ''
}
<p><small>${text.sandbox}</small></p>
</main>
</body>
</html>
`;
}

const notFoundPage = (lang: keyof typeof PAGE_TEXT) =>
  `<!doctype html>\n<html lang="${lang}"><head><meta charset="utf-8"><title>${PAGE_TEXT[lang].notFound}</title></head><body><main><h1>${PAGE_TEXT[lang].notFound}</h1></main></body></html>\n`;

type Waiting = <T>(ready: () => boolean, value: () => T) => Promise<T>;

/**
 * Mercado Pago's Payments API for Pix (`POST /v1/payments`, `GET /v1/payments/{id}`,
 * `GET /v1/payments/search`, `PUT /v1/payments/{id}` to cancel) for one or more accounts, each
 * with its Bearer token; the payer's side (the ticket page with its QR code and a "Simular
 * pagamento" button); and the webhooks: on each change a notification signed with the account's
 * secret (x-signature) goes to the payment's notification_url, retried while the receiver
 * answers anything but 200/201. Expiry is read lazily and also pushed by a timer, so a client
 * sees "cancelled/expired" whether it asks or waits to be told.
 */
export function createMercadoPagoStandIn(setup: {
  baseUrl: string;
  options?: MercadoPagoSandboxOptions;
  /** Aborted when the sandbox closes: posts and retries stop. */
  signal: AbortSignal;
  /** The sandbox's waiters: settle() after each change, waitUntil() for the tests' waits. */
  settle(): void;
  waitUntil: Waiting;
}) {
  const { baseUrl, signal, settle, waitUntil } = setup;
  const options: MercadoPagoSandboxOptions = { ...setup.options };
  const accounts: MercadoPagoCredentials[] = (options.credentials?.length ? options.credentials : [{}]).map(makeMercadoPagoCredentials);
  const payments = new Map<number, PaymentState>();
  const byIdempotencyKey = new Map<string, PaymentState>();
  const notifications: MercadoPagoNotification[] = [];
  const delivering = new Set<Promise<unknown>>();
  let nextPaymentId = 130_000_000_000 + randomInt(0, 9_000_000_000);
  let nextNotificationId = 100_000_000_000 + randomInt(0, 9_000_000_000);

  const accountOf = (request: SandboxRequest) => {
    const bearer = bearerOf(request);
    return bearer ? accounts.find((account) => account.accessToken === bearer) : undefined;
  };
  const retryDelays = () => options.notificationRetryDelaysMs ?? DEFAULT_NOTIFICATION_RETRY_DELAYS_MS;
  const snapshot = (state: PaymentState): MercadoPagoPayment => structuredClone(state.payment);

  /** A wait between retries that ends early when the sandbox closes. */
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      signal.addEventListener('abort', done, { once: true });
      if (signal.aborted) done();
    });

  async function post(entry: MercadoPagoNotification): Promise<{ status?: number; error?: string }> {
    try {
      const response = await fetch(entry.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-signature': entry.signature,
          'x-request-id': entry.requestId,
          'user-agent': 'MercadoPago WebHook v1.0 payment',
        },
        body: entry.body,
        signal,
      });
      await response.body?.cancel();
      return { status: response.status };
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
  }

  /** Posts until the receiver answers 200/201 or the retries run out; each notification on its own, no order promised (as Mercado Pago). */
  function deliver(entry: MercadoPagoNotification): Promise<MercadoPagoNotification> {
    notifications.push(entry);
    const delays = retryDelays();
    const delivery = (async () => {
      for (let attempt = 0; !signal.aborted; attempt++) {
        const answer = await post(entry);
        entry.attempts.push(answer);
        entry.status = answer.status;
        entry.error = answer.error;
        if (answer.status === 200 || answer.status === 201 || attempt >= delays.length) break;
        settle();
        await pause(delays[attempt] ?? 0);
      }
      if (!entry.attempts.length) entry.error = 'the provider sandbox was closed';
      entry.done = true;
      settle();
      return entry;
    })();
    delivering.add(delivery);
    void delivery.finally(() => delivering.delete(delivery));
    return delivery;
  }

  function notify(state: PaymentState, action: MercadoPagoAction) {
    const target = state.payment.notification_url ?? state.account.notificationUrl;
    if (!target || signal.aborted) return;
    const dataId = String(state.payment.id);
    const url = new URL(target);
    url.searchParams.set('data.id', dataId);
    url.searchParams.set('type', 'payment');
    const requestId = randomUUID();
    const ts = String(Date.now());
    const body = JSON.stringify({
      id: nextNotificationId++,
      live_mode: false,
      type: 'payment',
      date_created: new Date().toISOString(),
      user_id: state.account.userId,
      api_version: 'v1',
      action,
      data: { id: dataId },
    });
    void deliver({
      paymentId: state.payment.id,
      action,
      paymentStatus: state.payment.status,
      paymentStatusDetail: state.payment.status_detail,
      url: url.toString(),
      body,
      requestId,
      ts,
      signature: mercadoPagoSignature(state.account.webhookSecret, dataId, requestId, ts),
      again: false,
      attempts: [],
      done: false,
    });
  }

  function change(state: PaymentState, status: MercadoPagoStatus, statusDetail: string, now = Date.now()) {
    const { payment } = state;
    payment.status = status;
    payment.status_detail = statusDetail;
    payment.date_last_updated = mercadoPagoDate(now);
    if (status === 'approved') {
      payment.date_approved = mercadoPagoDate(now);
      payment.money_release_date = mercadoPagoDate(now);
      payment.transaction_details.total_paid_amount = payment.transaction_amount;
      payment.transaction_details.net_received_amount = Math.round(payment.transaction_amount * 99) / 100;
      payment.transaction_details.transaction_id = `PIXE${randomBytes(14).toString('hex').toUpperCase()}`;
    }
    if (status !== 'pending') clearTimeout(state.timer);
    notify(state, 'payment.updated');
    settle();
  }

  /** A pending Pix past its date_of_expiration becomes cancelled/expired: on any read, and by the timer. */
  function expireIfDue(state: PaymentState, now = Date.now()) {
    if (state.payment.status === 'pending' && now >= state.expiresAt) change(state, 'cancelled', 'expired', now);
  }

  function scheduleExpiry(state: PaymentState) {
    clearTimeout(state.timer);
    if (state.payment.status !== 'pending' || signal.aborted) return;
    const wait = Math.min(Math.max(state.expiresAt - Date.now(), 0), MAX_TIMER_MS);
    state.timer = setTimeout(() => {
      expireIfDue(state);
      if (state.payment.status === 'pending') scheduleExpiry(state);
    }, wait);
    state.timer.unref();
  }
  signal.addEventListener('abort', () => {
    for (const state of payments.values()) clearTimeout(state.timer);
  });

  function create(account: MercadoPagoCredentials, idempotencyKey: string, given: Creation, now: number): PaymentState {
    const id = nextPaymentId++;
    const qrCode = buildPixBrCode({
      pixKey: account.pixKey,
      amount: given.amount,
      merchantName: account.merchantName,
      merchantCity: account.merchantCity,
      txid: `mpqrinter${id}`,
    });
    const ticketHash = randomUUID();
    const payment: MercadoPagoPayment = {
      id,
      status: 'pending',
      status_detail: 'pending_waiting_transfer',
      transaction_amount: given.amount,
      currency_id: 'BRL',
      description: given.description,
      payment_method_id: 'pix',
      payment_type_id: 'bank_transfer',
      operation_type: 'regular_payment',
      external_reference: given.externalReference,
      notification_url: given.notificationUrl,
      collector_id: account.userId,
      live_mode: false,
      payer: { email: given.email, identification: given.identification, type: null },
      date_created: mercadoPagoDate(now),
      date_last_updated: mercadoPagoDate(now),
      date_of_expiration: mercadoPagoDate(given.expiresAt),
      date_approved: null,
      money_release_date: null,
      transaction_details: { net_received_amount: 0, total_paid_amount: given.amount, transaction_id: null },
      point_of_interaction: {
        type: 'PIX',
        transaction_data: {
          qr_code: qrCode,
          qr_code_base64: renderPixQrPng(qrCode).toString('base64'),
          ticket_url: `${baseUrl}/payments/${id}/ticket?caller_id=${account.userId}&hash=${ticketHash}`,
        },
      },
    };
    const state: PaymentState = { payment, account, idempotencyKey, ticketHash, expiresAt: given.expiresAt };
    payments.set(id, state);
    byIdempotencyKey.set(`${account.accessToken}\u0000${idempotencyKey}`, state);
    scheduleExpiry(state);
    return state;
  }

  const notFound = () => mercadoPagoError(404, 'Payment not found', 2000);
  const unauthorized = () => mercadoPagoError(401, 'invalid access token', 'unauthorized');
  const paymentIdOf = (path: string) => Number(/^\/v1\/payments\/(\d+)/.exec(path)?.[1] ?? Number.NaN);

  function ticketOf(url: URL): { state?: PaymentState; lang: keyof typeof PAGE_TEXT } {
    const lang = url.searchParams.get('lang') === 'en' ? 'en' : 'pt-BR';
    const state = payments.get(Number(/^\/payments\/(\d+)\/ticket/.exec(url.pathname)?.[1]));
    return { state: state && url.searchParams.get('hash') === state.ticketHash ? state : undefined, lang };
  }

  const handler = {
    contentType: JSON_TYPE,
    routeOf(request) {
      const path = new URL(request.path, 'http://sandbox').pathname;
      if (request.method === 'POST' && path === '/v1/payments') return 'send';
      if (request.method === 'GET' && /^\/v1\/payments\/(search|\d+)$/.test(path)) return 'other';
      if (request.method === 'PUT' && /^\/v1\/payments\/\d+$/.test(path)) return 'other';
      if (request.method === 'GET' && /^\/payments\/\d+\/ticket$/.test(path)) return 'other';
      if (request.method === 'POST' && /^\/payments\/\d+\/ticket\/pay$/.test(path)) return 'other';
      return undefined;
    },
    handle(request) {
      const url = new URL(request.path, 'http://sandbox');
      const now = Date.now();
      if (url.pathname.startsWith('/payments/')) {
        const { state, lang } = ticketOf(url);
        if (!state) return { answer: { status: 404, body: notFoundPage(lang), contentType: HTML_TYPE } };
        expireIfDue(state, now);
        if (request.method === 'POST' && state.payment.status === 'pending') change(state, 'approved', 'accredited', now);
        if (request.method === 'POST') {
          // Post/redirect/get: reloading the page after paying does not pay again.
          const location = `/payments/${state.payment.id}/ticket?caller_id=${state.account.userId}&hash=${state.ticketHash}${lang === 'en' ? '&lang=en' : ''}`;
          return { answer: { status: 303, body: '', contentType: HTML_TYPE, headers: { location } } };
        }
        return { answer: { status: 200, body: ticketPage(state, lang), contentType: HTML_TYPE } };
      }

      const account = accountOf(request);
      if (!account) return { answer: unauthorized() };
      if (request.method === 'GET' && url.pathname === '/v1/payments/search') {
        const reference = url.searchParams.get('external_reference');
        const limit = Math.min(Number(url.searchParams.get('limit') ?? 30) || 30, 1000);
        const offset = Number(url.searchParams.get('offset') ?? 0) || 0;
        const found = [...payments.values()].filter(
          (state) => state.account === account && (reference === null || state.payment.external_reference === reference),
        );
        for (const state of found) expireIfDue(state, now);
        const ordered =
          url.searchParams.get('sort') === 'date_created' && url.searchParams.get('criteria') === 'desc' ? found.reverse() : found;
        return {
          answer: jsonAnswer(200, {
            paging: { total: found.length, limit, offset },
            results: ordered.slice(offset, offset + limit).map(snapshot),
          }),
        };
      }
      if (request.method === 'GET' || request.method === 'PUT') {
        const state = payments.get(paymentIdOf(url.pathname));
        if (!state || state.account !== account) return { answer: notFound() };
        expireIfDue(state, now);
        if (request.method === 'PUT') {
          const body = jsonBodyOf(request);
          if (body?.status !== 'cancelled') return { answer: mercadoPagoError(400, 'The sandbox takes status cancelled only', 4008) };
          if (state.payment.status !== 'pending') {
            return { answer: mercadoPagoError(400, `Payment with status ${state.payment.status} can not be cancelled`, 4009) };
          }
          change(state, 'cancelled', 'by_collector', now);
        }
        return { answer: jsonAnswer(200, snapshot(state)) };
      }

      const idempotencyKey = textOf(request.headers['x-idempotency-key']);
      if (!idempotencyKey) return { answer: mercadoPagoError(400, "Header X-Idempotency-Key can't be null", 4292) };
      const earlier = byIdempotencyKey.get(`${account.accessToken}\u0000${idempotencyKey}`);
      if (earlier) {
        expireIfDue(earlier, now);
        return { answer: jsonAnswer(201, snapshot(earlier)) };
      }
      const body = jsonBodyOf(request);
      const parsed = parseCreation(body, now, options.defaultExpirationMs ?? DAY_MS);
      if ('ok' in parsed) return { answer: parsed.answer };
      const state = create(account, idempotencyKey, parsed, now);
      return {
        answer: jsonAnswer(201, snapshot(state)),
        accepted: { paymentId: state.payment.id, userId: account.userId, idempotencyKey, body: body ?? {} },
      };
    },
    failureOf: (script: FailureScript) =>
      mercadoPagoError(
        script.status ?? 500,
        script.message ?? (script.status && script.status < 500 ? 'Bad request' : 'Internal server error'),
        script.code ?? 'internal_error',
      ),
    afterAccepted(received) {
      const state = payments.get(received.paymentId);
      if (state) notify(state, 'payment.created');
    },
  } satisfies ProviderHandler<MercadoPagoReceived>;

  function stateOf(paymentId: number | string): PaymentState {
    const state = payments.get(Number(paymentId));
    if (!state) throw new Error(`no Mercado Pago payment ${paymentId}`);
    expireIfDue(state);
    return state;
  }
  function changePending(paymentId: number | string, status: MercadoPagoStatus, statusDetail: string) {
    const state = stateOf(paymentId);
    if (state.payment.status !== 'pending') {
      throw new Error(`Mercado Pago payment ${paymentId} is ${state.payment.status}/${state.payment.status_detail}, not pending`);
    }
    change(state, status, statusDetail);
    return snapshot(state);
  }
  const done = () => notifications.filter((entry) => entry.done);

  const api = {
    apiUrl: baseUrl,
    /** The first account (the one made when no credentials were given). */
    ...accounts[0],
    /**
     * The console's settings for this first account. Not in the sandbox's `env`: the tests and the
     * demo that spread that one would get Pix charges switched on without asking for them.
     */
    env: {
      MERCADO_PAGO_API_URL: baseUrl,
      MERCADO_PAGO_ACCESS_TOKEN: accounts[0]?.accessToken ?? '',
      MERCADO_PAGO_WEBHOOK_SECRET: accounts[0]?.webhookSecret ?? '',
    } as Record<string, string>,
    /** Every account accepted, in the order given or added. */
    accounts: () => accounts.map((account) => ({ ...account })),
    /** Another company's account, with its own token and webhook secret; what is left out is made up. */
    addCredentials(given: MercadoPagoNewCredentials = {}): MercadoPagoCredentials {
      if (given.accessToken && accounts.some((account) => account.accessToken === given.accessToken)) {
        throw new Error('the sandbox already has a Mercado Pago account with this access token');
      }
      const made = makeMercadoPagoCredentials(given);
      accounts.push(made);
      return { ...made };
    },
    /** Changes the behaviour from now on (retry delays, default expiry; credentials: addCredentials). */
    configure(changes: Omit<MercadoPagoSandboxOptions, 'credentials'>) {
      Object.assign(options, changes);
    },
    /** Every payment, as `GET /v1/payments/{id}` would answer it now (expiry applied). */
    payments: (): MercadoPagoPayment[] => [...payments.keys()].map((id) => snapshot(stateOf(id))),
    payment: (paymentId: number | string): MercadoPagoPayment => snapshot(stateOf(paymentId)),
    /**
     * The payer pays (what the ticket page's "Simular pagamento" does): approved/accredited. A Pix
     * already expired is refused unless `afterExpiry` (a payment the bank settled late, for the
     * console's "approved after expiry" case).
     */
    approve(paymentId: number | string, given: { afterExpiry?: boolean } = {}): MercadoPagoPayment {
      const state = stateOf(paymentId);
      if (given.afterExpiry && state.payment.status === 'cancelled' && state.payment.status_detail === 'expired') {
        change(state, 'approved', 'accredited');
        return snapshot(state);
      }
      return changePending(paymentId, 'approved', 'accredited');
    },
    /** The payer's bank refuses: rejected, with `statusDetail` (rejected_by_bank by default). */
    reject: (paymentId: number | string, statusDetail = 'rejected_by_bank') => changePending(paymentId, 'rejected', statusDetail),
    /** The seller cancels (as `PUT /v1/payments/{id}` with status cancelled): cancelled/by_collector. */
    cancel: (paymentId: number | string) => changePending(paymentId, 'cancelled', 'by_collector'),
    /** The Pix expires now: its date_of_expiration becomes now and it turns cancelled/expired. */
    expireNow(paymentId: number | string): MercadoPagoPayment {
      const state = stateOf(paymentId);
      if (state.payment.status !== 'pending') {
        throw new Error(`Mercado Pago payment ${paymentId} is ${state.payment.status}/${state.payment.status_detail}, not pending`);
      }
      const now = Date.now();
      state.expiresAt = now;
      state.payment.date_of_expiration = mercadoPagoDate(now);
      expireIfDue(state, now);
      return snapshot(state);
    },
    /** Every posting of a notification so far (retries are attempts of one posting), with the answers. */
    notifications: () => [...notifications],
    /** Resolves once `count` postings are done (answered 200/201, or out of retries), with the done ones. */
    waitForNotifications: (count: number) => waitUntil(() => done().length >= count, done),
    /** A duplicate: the last notification of this payment posted again, same bytes and headers. Resolves once done. */
    async deliverAgain(paymentId: number | string, given: { url?: string } = {}): Promise<MercadoPagoNotification> {
      const last = notifications.findLast((entry) => entry.paymentId === Number(paymentId) && !entry.again);
      if (!last) throw new Error(`no notification of Mercado Pago payment ${paymentId} was posted`);
      return deliver({ ...last, url: given.url ?? last.url, again: true, attempts: [], status: undefined, error: undefined, done: false });
    },
    /** The signature a notification of this account would carry (for a test posting its own). */
    sign: (dataId: string | number, requestId: string, ts: string | number, secret = accounts[0]?.webhookSecret ?? '') =>
      mercadoPagoSignature(secret, dataId, requestId, ts),
  };

  return {
    handler,
    api,
    async close() {
      for (const state of payments.values()) clearTimeout(state.timer);
      await Promise.allSettled([...delivering]);
    },
  };
}
