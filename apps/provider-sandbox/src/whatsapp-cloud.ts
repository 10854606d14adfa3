import { createHmac, randomBytes } from 'node:crypto';
import {
  bearerOf,
  digitsOf,
  type FailureScript,
  JSON_TYPE,
  jsonAnswer,
  jsonBodyOf,
  type ProviderHandler,
  recordOf,
  type SandboxAnswer,
  textOf,
} from './sandbox-kit';

export type WhatsAppCredentials = {
  accessToken: string;
  phoneNumberId: string;
  appSecret: string;
  verifyToken: string;
  businessAccountId: string;
  displayPhoneNumber: string;
};

export type WhatsAppReceived = {
  messageId: string;
  to: string;
  waId: string;
  type: 'template' | 'text';
  template?: { name: string; languageCode: string; bodyParameters: string[] };
  text?: string;
};

/** A delivery status the sandbox reports for a recipient's messages, in order. */
export type WhatsAppStatusScript = 'sent' | 'delivered' | 'read' | { status: 'failed'; code?: number };

/** A status notification as the sandbox posted it, with what the receiver answered. */
export type WhatsAppCallback = { url: string; body: string; signature: string; status?: number; error?: string };

/** Meta's Cloud API codes: HTTP status, title, and the `details` Meta gives. */
const ERRORS: Record<number, [number, string, string]> = {
  100: [400, 'Invalid parameter', 'The request included one or more unsupported or misspelled parameters.'],
  190: [401, 'Access token has expired', 'Invalid OAuth access token - Cannot parse access token'],
  130429: [429, 'Rate limit hit', 'Cloud API message throughput has been reached.'],
  131000: [500, 'Something went wrong', 'Message failed to send due to an unknown error.'],
  131008: [400, 'Required parameter is missing', 'The request is missing a required parameter.'],
  131009: [400, 'Parameter value is not valid', 'One or more parameter values are invalid.'],
  131016: [503, 'Service unavailable', 'A service is temporarily unavailable.'],
  131026: [400, 'Message undeliverable', 'Unable to deliver message.'],
  131047: [400, 'Re-engagement message', 'More than 24 hours have passed since the recipient last replied.'],
  131051: [400, 'Unsupported message type', 'Message type is not currently supported.'],
  131056: [429, '(Business Account, Consumer Account) pair rate limit hit', 'Too many messages to this phone number.'],
  132000: [400, 'Number of parameters does not match the expected number of params', 'Parameter count mismatch.'],
  132001: [404, 'Template name does not exist in the translation', 'The template does not exist in this language.'],
  133004: [503, 'Server temporarily unavailable', 'The server is temporarily unavailable.'],
};

/** A Graph API error body, as `POST /{phone-number-id}/messages` answers it. */
export function whatsappError(code: number, details?: string, httpStatus?: number): SandboxAnswer {
  const [status, title, defaultDetails] = ERRORS[code] ?? [400, 'Error', 'An error occurred.'];
  const error =
    code === 190
      ? { message: defaultDetails, type: 'OAuthException', code, fbtrace_id: fbtraceId() }
      : {
          message: `(#${code}) ${title}`,
          type: 'OAuthException',
          code,
          error_data: { messaging_product: 'whatsapp', details: details ?? defaultDetails },
          fbtrace_id: fbtraceId(),
        };
  return jsonAnswer(httpStatus ?? status, { error });
}

const fbtraceId = () => randomBytes(16).toString('base64url').slice(0, 22);

/** WhatsApp's message ids, opaque to the client: `wamid.` and base64. */
const newMessageId = () => `wamid.${randomBytes(36).toString('base64')}`;

type Parsed = { ok: true; received: Omit<WhatsAppReceived, 'messageId'> } | { ok: false; answer: SandboxAnswer };

function parseMessage(body: Record<string, unknown> | undefined): Parsed {
  const invalid = (code: number, details: string): Parsed => ({ ok: false, answer: whatsappError(code, details) });
  if (!body) return invalid(100, 'The request body is not JSON.');
  if (body.messaging_product !== 'whatsapp') return invalid(100, 'The parameter messaging_product is required.');
  const to = textOf(body.to);
  if (!to) return invalid(131008, 'The parameter to is required.');
  const waId = digitsOf(to);
  if (!/^[1-9]\d{7,14}$/.test(waId)) return invalid(100, `Invalid WhatsApp recipient: ${to}`);
  if (body.type === 'text') {
    const text = textOf(recordOf(body.text).body);
    if (!text) return invalid(131008, 'The parameter text.body is required.');
    return { ok: true, received: { to, waId, type: 'text', text } };
  }
  if (body.type !== 'template') return invalid(131051, 'Unsupported message type.');
  const template = recordOf(body.template);
  const name = textOf(template.name);
  const languageCode = textOf(recordOf(template.language).code);
  if (!name || !languageCode) return invalid(131008, 'The parameters template.name and template.language.code are required.');
  const components = Array.isArray(template.components) ? template.components.map(recordOf) : [];
  const bodyParameters: string[] = [];
  for (const parameter of components.filter((c) => c.type === 'body').flatMap((c) => (Array.isArray(c.parameters) ? c.parameters : []))) {
    const text = textOf(recordOf(parameter).text);
    if (recordOf(parameter).type !== 'text' || text === undefined) return invalid(131009, 'Body parameters must be of type text.');
    bodyParameters.push(text);
  }
  return { ok: true, received: { to, waId, type: 'template', template: { name, languageCode, bodyParameters } } };
}

/**
 * The WhatsApp Cloud API's send call (`POST /{version}/{phone-number-id}/messages`, Bearer access
 * token) and its `messages` webhook: once a message is accepted, its statuses are posted to the
 * callback URL one notification each, signed as Meta signs them (X-Hub-Signature-256).
 */
export function createWhatsAppHandler(
  credentials: WhatsAppCredentials,
  callbacks: { urlOf(): string | undefined; post(url: string, body: string, signature: string): Promise<void> },
) {
  const scripts = new Map<string, WhatsAppStatusScript[]>();

  function notificationOf(received: WhatsAppReceived, script: WhatsAppStatusScript): string {
    const status = typeof script === 'string' ? script : script.status;
    const failure = typeof script === 'string' ? undefined : (ERRORS[script.code ?? 131026] ?? ERRORS[131026]);
    const code = typeof script === 'string' ? undefined : (script.code ?? 131026);
    const value = {
      messaging_product: 'whatsapp',
      metadata: { display_phone_number: credentials.displayPhoneNumber, phone_number_id: credentials.phoneNumberId },
      statuses: [
        {
          id: received.messageId,
          status,
          timestamp: String(Math.floor(Date.now() / 1000)),
          recipient_id: received.waId,
          ...(failure ? { errors: [{ code, title: failure[1], message: failure[1], error_data: { details: failure[2] } }] } : {}),
        },
      ],
    };
    return JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [{ id: credentials.businessAccountId, changes: [{ value, field: 'messages' }] }],
    });
  }

  const handler: ProviderHandler<WhatsAppReceived> & {
    scriptStatuses(recipient: string, statuses: WhatsAppStatusScript[]): void;
    sign(body: string): string;
  } = {
    contentType: JSON_TYPE,
    routeOf: (request) => (request.method === 'POST' && /^\/v\d+\.\d+\/[^/]+\/messages$/.test(request.path) ? 'send' : undefined),
    handle(request) {
      if (bearerOf(request) !== credentials.accessToken) return { answer: whatsappError(190) };
      const phoneNumberId = request.path.split('/')[2];
      if (phoneNumberId !== credentials.phoneNumberId)
        return { answer: whatsappError(100, `Object with ID '${phoneNumberId}' does not exist`) };
      const parsed = parseMessage(jsonBodyOf(request));
      if (!parsed.ok) return { answer: parsed.answer };
      const received: WhatsAppReceived = { messageId: newMessageId(), ...parsed.received };
      return {
        answer: jsonAnswer(200, {
          messaging_product: 'whatsapp',
          contacts: [{ input: received.to, wa_id: received.waId }],
          messages: [{ id: received.messageId, ...(received.type === 'template' ? { message_status: 'accepted' } : {}) }],
        }),
        accepted: received,
      };
    },
    failureOf: (script: FailureScript) =>
      whatsappError(
        Number(script.code ?? Object.keys(ERRORS).find((code) => ERRORS[Number(code)][0] === script.status) ?? 131000),
        script.message,
        script.status,
      ),
    afterAccepted(received) {
      const url = callbacks.urlOf();
      if (!url) return;
      for (const script of scripts.get(received.waId) ?? ['sent', 'delivered']) {
        const body = notificationOf(received, script);
        void callbacks.post(url, body, handler.sign(body));
      }
    },
    scriptStatuses: (recipient, statuses) => void scripts.set(digitsOf(recipient), statuses),
    sign: (body) => `sha256=${createHmac('sha256', credentials.appSecret).update(body).digest('hex')}`,
  };
  return handler;
}
