import { createHmac, timingSafeEqual } from 'node:crypto';
import { isPlainObject } from '@ebox/domain';
import { type OutgoingContent, outgoingTextOf } from '@ebox/domain/bot/outgoing';
import { z } from 'zod';
import {
  e164DigitsOf,
  isRetryableStatus,
  jsonObjectOf,
  NOT_E164_REASON,
  ProviderDeliveryError,
  postToProvider,
  retryAfterSecondsOf,
  safeReason,
} from './provider-error';

export type WhatsAppCloudSettings = {
  /** Another address for the Graph API (the provider sandbox in tests and the demo); Meta's by default. */
  baseUrl?: string;
  apiVersion?: string;
  phoneNumberId: string;
  accessToken: string;
  timeoutMs: number;
};

/**
 * A template message (`template`: the only kind WhatsApp delivers outside the customer's 24-hour
 * window; its body parameters fill {{1}}, {{2}}... in order) or, inside that window, free text.
 */
export type WhatsAppMessage = {
  to: string;
  template?: { name: string; languageCode: string; bodyParameters: string[] };
  text?: string;
  /** A bot's reply as the API takes it (text, reply buttons or a list: bot/outgoing.ts). */
  content?: OutgoingContent;
};

export type WhatsAppProvider = { name: 'whatsapp'; send(message: WhatsAppMessage): Promise<{ providerMessageId: string }> };

export const WHATSAPP_STATUSES = ['sent', 'delivered', 'read', 'failed'] as const;

export type WhatsAppStatus = {
  providerMessageId: string;
  status: (typeof WHATSAPP_STATUSES)[number];
  at: Date;
  recipientId?: string;
  errorCode?: number;
  errorTitle?: string;
  errorDetails?: string;
};

const PROVIDER = 'WhatsApp';
const DEFAULT_BASE_URL = 'https://graph.facebook.com';
export const DEFAULT_WHATSAPP_API_VERSION = 'v21.0';

/**
 * Meta's codes a later attempt may get past: throughput (130429), the pair rate (131056), the app's
 * and the account's call rates (4, 80007) and Meta's own failures. Spam-rate limits (131048) are
 * left out: they last until the number's quality recovers, so the next channel is the better way.
 */
const RETRYABLE_CODES = new Set([1, 2, 4, 80007, 130429, 131000, 131016, 131056, 133004]);

/** Reasons for the codes an operator acts on; any other code keeps Meta's own message and details. */
const REASONS: Record<number, string> = {
  0: 'Meta refused the access token (check WHATSAPP_ACCESS_TOKEN)',
  190: 'Meta refused the access token, expired or revoked (check WHATSAPP_ACCESS_TOKEN)',
  10: 'the access token may not send from this number (whatsapp_business_messaging permission)',
  130429: 'WhatsApp is throttling this number (throughput reached)',
  131056: 'WhatsApp is throttling messages to this customer (pair rate limit)',
  131047: "more than 24 hours since the customer's last reply: only a template message may be sent",
};

/**
 * The WhatsApp Cloud API (`POST {base}/{version}/{phone-number-id}/messages`, Bearer access token),
 * through plain fetch: one documented call needs no SDK. Nothing here retries: the sender (the job
 * queue) decides by the error's `retryable` and waits at least its `retryAfterSeconds`.
 */
export function createWhatsAppCloudProvider(settings: WhatsAppCloudSettings): WhatsAppProvider {
  const base = (settings.baseUrl ?? DEFAULT_BASE_URL).replace(/\/$/, '');
  const url = `${base}/${settings.apiVersion ?? DEFAULT_WHATSAPP_API_VERSION}/${encodeURIComponent(settings.phoneNumberId)}/messages`;
  return {
    name: 'whatsapp',
    async send(message) {
      const to = e164DigitsOf(message.to);
      if (!to) throw new ProviderDeliveryError({ provider: PROVIDER, retryable: false, reason: NOT_E164_REASON });
      const secrets = [message.text, ...(message.template?.bodyParameters ?? []), settings.accessToken];
      // A bot's reply says what the customer was asked; Meta's reason never carries it back whole.
      if (message.content) secrets.push(outgoingTextOf(message.content));
      const request = JSON.stringify({ messaging_product: 'whatsapp', recipient_type: 'individual', to, ...contentOf(message) });
      const response = await postToProvider(PROVIDER, url, {
        headers: { authorization: `Bearer ${settings.accessToken}`, 'content-type': 'application/json', accept: 'application/json' },
        body: request,
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
      const body = jsonObjectOf(await response.text().catch(() => ''));
      if (!response.ok) throw deliveryErrorOf(response, body, secrets);
      const id = Array.isArray(body.messages) && isPlainObject(body.messages[0]) ? body.messages[0].id : undefined;
      if (typeof id !== 'string') {
        // Taken, perhaps: sending again could reach the customer twice.
        throw new ProviderDeliveryError({
          provider: PROVIDER,
          retryable: false,
          status: response.status,
          reason: 'Meta answered without a message id',
        });
      }
      return { providerMessageId: id };
    },
  };
}

function contentOf(message: WhatsAppMessage): Record<string, unknown> {
  if (message.content) return message.content;
  if (message.template) {
    const { name, languageCode, bodyParameters } = message.template;
    const parameters = bodyParameters.map((text) => ({ type: 'text', text }));
    const components = parameters.length ? [{ type: 'body', parameters }] : [];
    return { type: 'template', template: { name, language: { code: languageCode }, components } };
  }
  if (message.text !== undefined) return { type: 'text', text: { preview_url: false, body: message.text } };
  throw new ProviderDeliveryError({ provider: PROVIDER, retryable: false, reason: 'the message has neither a template nor a text' });
}

function deliveryErrorOf(response: Response, body: Record<string, unknown>, secrets: (string | undefined)[]): ProviderDeliveryError {
  // Graph API errors: {error: {message, type, code, error_subcode?, error_data?: {messaging_product, details}, fbtrace_id}}.
  const error = isPlainObject(body.error) ? body.error : {};
  const code = typeof error.code === 'number' ? error.code : undefined;
  const details = isPlainObject(error.error_data) && typeof error.error_data.details === 'string' ? error.error_data.details : undefined;
  const metaReason = [error.message, details].filter((text) => typeof text === 'string' && text).join(': ');
  const retryable = code === undefined ? isRetryableStatus(response.status) : RETRYABLE_CODES.has(code) || response.status >= 500;
  const reason =
    (code !== undefined ? REASONS[code] : undefined) ??
    safeReason(metaReason, secrets) ??
    (retryable ? 'WhatsApp failed' : 'WhatsApp refused the message');
  return new ProviderDeliveryError({
    provider: PROVIDER,
    retryable,
    status: response.status,
    code: code === undefined ? undefined : String(code),
    reason,
    retryAfterSeconds: retryAfterSecondsOf(response.headers.get('retry-after')),
  });
}

/**
 * Whether a webhook body is Meta's: `X-Hub-Signature-256` is `sha256=` and the hex HMAC-SHA256 of
 * the raw bytes with the app secret. Compared in constant time, so the answer's timing tells an
 * attacker nothing about how much of a forged signature was right.
 */
export function verifyWhatsAppSignature(rawBody: Buffer, header: string | undefined, appSecret: string): boolean {
  const given = /^sha256=([0-9a-f]{64})$/i.exec(header?.trim() ?? '')?.[1];
  if (!given || !appSecret) return false;
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(given, 'hex'));
}

const statusSchema = z.object({
  id: z.string().min(1),
  status: z.enum(WHATSAPP_STATUSES),
  timestamp: z.union([z.string().regex(/^\d+$/), z.number().int()]),
  recipient_id: z.string().optional(),
  errors: z
    .array(
      z.object({
        code: z.number().int(),
        title: z.string().optional(),
        message: z.string().optional(),
        error_data: z.object({ details: z.string().optional() }).optional(),
      }),
    )
    .optional(),
});

const notificationSchema = z.object({
  object: z.literal('whatsapp_business_account'),
  entry: z.array(
    z.object({
      changes: z
        .array(z.object({ field: z.string(), value: z.object({ statuses: z.array(z.unknown()).optional() }).optional() }))
        .default([]),
    }),
  ),
});

/**
 * The delivery statuses in a `messages` webhook notification, oldest first as Meta lists them.
 * Everything else Meta posts on the same webhook (incoming messages, other fields, statuses this
 * console does not track such as `deleted`) is skipped, not refused: Meta would retry a refused
 * notification for days.
 */
export function parseWhatsAppStatuses(payload: unknown): WhatsAppStatus[] {
  const notification = notificationSchema.safeParse(payload);
  if (!notification.success) return [];
  const statuses: WhatsAppStatus[] = [];
  for (const change of notification.data.entry.flatMap((entry) => entry.changes)) {
    if (change.field !== 'messages') continue;
    for (const candidate of change.value?.statuses ?? []) {
      const parsed = statusSchema.safeParse(candidate);
      if (!parsed.success) continue;
      const { id, status, timestamp, recipient_id, errors } = parsed.data;
      const error = errors?.[0];
      statuses.push({
        providerMessageId: id,
        status,
        at: new Date(Number(timestamp) * 1000),
        recipientId: recipient_id,
        ...(error ? { errorCode: error.code, errorTitle: error.title ?? error.message, errorDetails: error.error_data?.details } : {}),
      });
    }
  }
  return statuses;
}

/** A customer's message to one of our numbers, as Meta's webhook carries it. */
export type WhatsAppInboundMessage = {
  /** Meta's id of the message (`wamid.…`): the same message delivered again has the same id. */
  id: string;
  /** The sender's WhatsApp id (`wa_id`): 13 digits, or 12 for older Brazilian accounts. */
  from: string;
  type: string;
  /** The text, or the chosen button's or list row's title. */
  text?: string;
  /** The chosen button's or list row's id. */
  choiceId?: string;
  at: Date;
  /** The profile name the customer shows. */
  profileName?: string;
};

/** One change of Meta's webhook: what happened on one of our numbers (`metadata.phone_number_id`). */
export type WhatsAppChange = { phoneNumberId: string; messages: WhatsAppInboundMessage[]; statuses: WhatsAppStatus[] };

const inboundMessageSchema = z.object({
  id: z.string().min(1),
  from: z.string().min(1),
  timestamp: z.union([z.string().regex(/^\d+$/), z.number().int()]),
  type: z.string().min(1),
  text: z.object({ body: z.string() }).optional(),
  interactive: z
    .object({
      type: z.string(),
      list_reply: z.object({ id: z.string(), title: z.string() }).optional(),
      button_reply: z.object({ id: z.string(), title: z.string() }).optional(),
    })
    .optional(),
  /** A quick-reply button of a template. */
  button: z.object({ text: z.string(), payload: z.string().optional() }).optional(),
});

/** The notification with each change kept whole (the statuses' schema drops the rest of a change). */
const changesSchema = z.object({
  object: z.literal('whatsapp_business_account'),
  entry: z.array(z.object({ changes: z.array(z.unknown()).default([]) })),
});

const changeSchema = z.object({
  field: z.string(),
  value: z
    .object({
      metadata: z.object({ phone_number_id: z.string().min(1) }).optional(),
      contacts: z
        .array(z.object({ wa_id: z.string().optional(), profile: z.object({ name: z.string().optional() }).optional() }))
        .optional(),
      messages: z.array(z.unknown()).optional(),
      statuses: z.array(z.unknown()).optional(),
    })
    .optional(),
});

/**
 * Every change of Meta's webhook on a number: the customers' messages and the receipts of ours.
 * Parts that do not read as documented are left out (Meta adds fields and kinds over time).
 */
export function parseWhatsAppChanges(payload: unknown): WhatsAppChange[] {
  const notification = changesSchema.safeParse(payload);
  if (!notification.success) return [];
  const changes: WhatsAppChange[] = [];
  for (const candidate of notification.data.entry.flatMap((entry) => entry.changes)) {
    const change = changeSchema.safeParse(candidate);
    if (!change.success || change.data.field !== 'messages') continue;
    const value = change.data.value;
    const phoneNumberId = value?.metadata?.phone_number_id;
    if (!phoneNumberId) continue;
    const names = new Map((value.contacts ?? []).map((contact) => [contact.wa_id, contact.profile?.name]));
    const messages: WhatsAppInboundMessage[] = [];
    for (const raw of value.messages ?? []) {
      const parsed = inboundMessageSchema.safeParse(raw);
      if (!parsed.success) continue;
      const { id, from, timestamp, type, text, interactive, button } = parsed.data;
      const choice = interactive?.list_reply ?? interactive?.button_reply;
      messages.push({
        id,
        from,
        type,
        text: text?.body ?? choice?.title ?? button?.text,
        choiceId: choice?.id ?? button?.payload,
        at: new Date(Number(timestamp) * 1000),
        profileName: names.get(from),
      });
    }
    const statuses = parseWhatsAppStatuses({ object: 'whatsapp_business_account', entry: [{ changes: [candidate] }] });
    changes.push({ phoneNumberId, messages, statuses });
  }
  return changes;
}
