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

/** A reply-button or list message as the sandbox understood it (texts taken out of Meta's objects). */
export type WhatsAppInteractive =
  | {
      type: 'list';
      header?: string;
      body: string;
      footer?: string;
      /** The label of the button that opens the list. */
      button: string;
      sections: { title?: string; rows: { id: string; title: string; description?: string }[] }[];
    }
  | {
      type: 'button';
      /** A text header; `headerMedia` says which media a media header carried instead. */
      header?: string;
      headerMedia?: 'image' | 'video' | 'document';
      body: string;
      footer?: string;
      buttons: { id: string; title: string }[];
    };

export type WhatsAppReceived = {
  messageId: string;
  /**
   * The number the message went out from. Set only once the sandbox has several numbers (addNumber
   * fills it in on the records kept before too): with one number it says nothing, and the records of
   * callers that never add one stay exactly as they were (some compare them whole).
   */
  phoneNumberId?: string;
  /** `to` as sent; `waId` the account it reached, digits (a 12-digit wa_id for an older Brazilian account). */
  to: string;
  waId: string;
  type: 'template' | 'text' | 'interactive' | 'image';
  template?: { name: string; languageCode: string; bodyParameters: string[] };
  text?: string;
  /** An image message: the address Meta fetched it from (or an uploaded media id), and its caption. */
  image?: { link?: string; id?: string; caption?: string };
  interactive?: WhatsAppInteractive;
};

/** What a customer picked in a list or on a reply button, as the `interactive` of the inbound message. */
export type WhatsAppChoice =
  | { type: 'list_reply'; id: string; title: string; description?: string }
  | { type: 'button_reply'; id: string; title: string };

/** A customer's message to one of the sandbox's numbers (customerSays). */
export type WhatsAppCustomerMessage = {
  /** The business number written to: its phone_number_id. */
  to: string;
  /** The customer's wa_id (digits; a 12-digit Brazilian one is an account older than the ninth digit). */
  from: string;
  /** The profile name (`contacts[0].profile.name`); "Cliente" by default. */
  name?: string;
  /**
   * The message replied to (`context.id`). A choice without one replies to the last interactive
   * message this number sent the customer, as WhatsApp's app does.
   */
  contextId?: string;
} & ({ text: string; choice?: undefined } | { choice: WhatsAppChoice; text?: undefined });

export type WhatsAppInboundOptions = {
  /** When the customer wrote (`timestamp`, and the start of the 24-hour window): now by default. */
  at?: Date;
  /** The message's wamid: a new `wamid.` id by default. */
  id?: string;
  /** Where to post it instead of the sandbox's callback URL (a second API process, say). */
  url?: string;
};

/** One posting of an inbound notification (customerSays or deliverAgain) and what the receiver answered. */
export type WhatsAppInbound = {
  wamid: string;
  phoneNumberId: string;
  from: string;
  url: string;
  /** The exact bytes posted (escaped unicode) and their X-Hub-Signature-256. */
  body: string;
  signature: string;
  /** true for a deliverAgain: the same bytes once more, as Meta's duplicate deliveries. */
  again: boolean;
  /** Each POST in order, Meta's retries included: the HTTP status, or why there was none. */
  attempts: { status?: number; error?: string }[];
  /** The last attempt's answer. */
  status?: number;
  error?: string;
  /** No attempt is left: 200, or the retries ran out. */
  done: boolean;
};

export type WhatsAppInboundResult = { wamid: string; status?: number; error?: string; body: string; signature: string };

/** Behaviour of the WhatsApp stand-in beyond the request shapes (startProviderSandbox's `whatsapp`, or configure()). */
export type WhatsAppSandboxOptions = {
  /**
   * Refuse a free-form send (text, interactive) outside the customer's 24-hour window with 131047.
   * By default a number enforces it only once customerSays was used on it: the console's own tests
   * send free text to numbers that never wrote (message-providers.test.ts), as they did before the
   * window existed, and keep working; a bot test that chats through customerSays gets Meta's rule.
   */
  enforceWindow?: boolean;
  /** Meta's throughput per number over a sliding second (80); past it 130429. 0 turns it off. */
  messagesPerSecond?: number;
  /** The waits between Meta's retries of an inbound notification answered with anything but 200. */
  inboundRetryDelaysMs?: number[];
};

/** A number to add (addNumber); what is left out is made up. */
export type WhatsAppNewNumber = Partial<
  Pick<WhatsAppCredentials, 'phoneNumberId' | 'accessToken' | 'displayPhoneNumber' | 'appSecret' | 'verifyToken'>
> & {
  /** This number's own window rule, instead of the sandbox's (WhatsAppSandboxOptions.enforceWindow). */
  enforceWindow?: boolean;
  messagesPerSecond?: number;
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

const DAY_MS = 86_400_000;
export const DEFAULT_WHATSAPP_MESSAGES_PER_SECOND = 80;
export const DEFAULT_INBOUND_RETRY_DELAYS_MS = [100, 500, 2000];

/**
 * JSON as Meta writes its webhooks: every character past ASCII escaped (`\u00e3`; an emoji as its
 * two UTF-16 halves), so a receiver that re-serialises the parsed body no longer has the bytes
 * that were signed.
 */
export function metaJson(value: unknown): string {
  return JSON.stringify(value).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export function metaSignature(body: string, appSecret: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(Buffer.from(body, 'utf8')).digest('hex')}`;
}

/**
 * Brazilian mobiles gained a ninth digit (55, area code, 9, 8 digits); accounts made before keep a
 * 12-digit wa_id. The other form of a number, or undefined when it has none.
 */
function otherBrazilianForm(waId: string): string | undefined {
  const thirteen = /^55(\d{2})9(\d{8})$/.exec(waId);
  if (thirteen) return `55${thirteen[1]}${thirteen[2]}`;
  const twelve = /^55(\d{2})([6-9]\d{7})$/.exec(waId);
  return twelve ? `55${twelve[1]}9${twelve[2]}` : undefined;
}

/** Meta counts characters, not UTF-16 halves: an emoji is one. */
const lengthOf = (text: string) => [...text].length;

type Refusal = { ok: false; answer: SandboxAnswer };
type Parsed = { ok: true; received: Omit<WhatsAppReceived, 'messageId' | 'waId'> } | Refusal;

const refuse = (code: number, details: string): Refusal => ({ ok: false, answer: whatsappError(code, details) });
const tooLong = (param: string, max: number) => refuse(131009, `Param ${param} must be at most ${max} characters long.`);
const missing = (param: string) => refuse(131008, `The parameter ${param} is required.`);

/** An optional `{text}` object's text (footer); undefined when absent, a refusal when not text. */
function optionalTextOf(value: unknown, param: string, max: number): { ok: true; text?: string } | Refusal {
  if (value === undefined) return { ok: true };
  const text = textOf(recordOf(value).text);
  if (text === undefined) return missing(`${param}['text']`);
  if (lengthOf(text) > max) return tooLong(`${param}['text']`, max);
  return { ok: true, text };
}

/** `interactive` of a send: a list or reply buttons, refused where Meta refuses them (131009 with what broke). */
function parseInteractive(value: unknown): { ok: true; interactive: WhatsAppInteractive } | Refusal {
  const interactive = recordOf(value);
  if (interactive.type !== 'list' && interactive.type !== 'button') {
    return interactive.type === undefined
      ? missing('interactive.type')
      : refuse(131009, `Invalid interactive type: ${String(interactive.type)}. The sandbox takes list and button.`);
  }
  const isList = interactive.type === 'list';
  const bodyText = textOf(recordOf(interactive.body).text);
  if (!bodyText) return missing('interactive.body.text');
  const bodyMax = isList ? 4096 : 1024;
  if (lengthOf(bodyText) > bodyMax) return tooLong("interactive['body']['text']", bodyMax);
  const footer = optionalTextOf(interactive.footer, "interactive['footer']", 60);
  if (!footer.ok) return footer;
  let header: string | undefined;
  let headerMedia: 'image' | 'video' | 'document' | undefined;
  if (interactive.header !== undefined) {
    const given = recordOf(interactive.header);
    if (given.type === 'text') {
      header = textOf(given.text);
      if (!header) return missing('interactive.header.text');
      if (lengthOf(header) > 60) return tooLong("interactive['header']['text']", 60);
    } else if (!isList && (given.type === 'image' || given.type === 'video' || given.type === 'document')) {
      const media = recordOf(given[given.type]);
      if (!textOf(media.link) && !textOf(media.id)) return missing(`interactive.header.${given.type}.link or id`);
      headerMedia = given.type;
    } else {
      return refuse(131009, isList ? 'A list message header must be of type text.' : `Invalid header type: ${String(given.type)}`);
    }
  }
  const action = recordOf(interactive.action);

  if (isList) {
    const button = textOf(action.button);
    if (!button) return missing('interactive.action.button');
    if (lengthOf(button) > 20) return tooLong("interactive['action']['button']", 20);
    const sections = Array.isArray(action.sections) ? action.sections.map(recordOf) : [];
    if (!sections.length) return missing('interactive.action.sections');
    if (sections.length > 10) return refuse(131009, 'Invalid sections count. Min allowed: 1, max allowed: 10.');
    const total = sections.reduce((sum, section) => sum + (Array.isArray(section.rows) ? section.rows.length : 0), 0);
    if (total > 10) return refuse(131009, 'Total row count exceed max allowed count: 10');
    const ids = new Set<string>();
    const parsed: Extract<WhatsAppInteractive, { type: 'list' }>['sections'] = [];
    for (const [s, section] of sections.entries()) {
      const at = `interactive['action']['sections'][${s}]`;
      const title = textOf(section.title);
      if (!title && sections.length > 1) return missing(`${at}['title'] (a list with several sections titles each)`);
      if (title && lengthOf(title) > 24) return tooLong(`${at}['title']`, 24);
      const rows = Array.isArray(section.rows) ? section.rows.map(recordOf) : [];
      if (!rows.length) return missing(`${at}['rows']`);
      const parsedRows: (typeof parsed)[number]['rows'] = [];
      for (const [r, row] of rows.entries()) {
        const id = textOf(row.id);
        const rowTitle = textOf(row.title);
        const description = textOf(row.description);
        if (!id) return missing(`${at}['rows'][${r}]['id']`);
        if (!rowTitle) return missing(`${at}['rows'][${r}]['title']`);
        if (lengthOf(id) > 200) return tooLong(`${at}['rows'][${r}]['id']`, 200);
        if (lengthOf(rowTitle) > 24) return tooLong(`${at}['rows'][${r}]['title']`, 24);
        if (description !== undefined && lengthOf(description) > 72) return tooLong(`${at}['rows'][${r}]['description']`, 72);
        if (ids.has(id)) return refuse(131009, `Row ids must be unique across sections: '${id}' is used twice.`);
        ids.add(id);
        parsedRows.push({ id, title: rowTitle, ...(description !== undefined ? { description } : {}) });
      }
      parsed.push({ ...(title ? { title } : {}), rows: parsedRows });
    }
    return {
      ok: true,
      interactive: {
        type: 'list',
        ...(header !== undefined ? { header } : {}),
        body: bodyText,
        ...(footer.text !== undefined ? { footer: footer.text } : {}),
        button,
        sections: parsed,
      },
    };
  }

  const buttons = Array.isArray(action.buttons) ? action.buttons.map(recordOf) : [];
  if (!buttons.length) return missing('interactive.action.buttons');
  if (buttons.length > 3) return refuse(131009, 'Invalid buttons count. Min allowed buttons: 1, max allowed buttons: 3.');
  const parsedButtons: { id: string; title: string }[] = [];
  for (const [b, given] of buttons.entries()) {
    const at = `interactive['action']['buttons'][${b}]`;
    if (given.type !== 'reply') return refuse(131009, `${at}['type'] must be reply.`);
    const reply = recordOf(given.reply);
    const id = textOf(reply.id);
    const title = textOf(reply.title);
    if (!id) return missing(`${at}['reply']['id']`);
    if (!title) return missing(`${at}['reply']['title']`);
    if (lengthOf(id) > 256) return tooLong(`${at}['reply']['id']`, 256);
    if (lengthOf(title) > 20) return tooLong(`${at}['reply']['title']`, 20);
    if (parsedButtons.some((button) => button.id === id)) return refuse(131009, `Button ids must be unique: '${id}' is used twice.`);
    parsedButtons.push({ id, title });
  }
  return {
    ok: true,
    interactive: {
      type: 'button',
      ...(header !== undefined ? { header } : {}),
      ...(headerMedia ? { headerMedia } : {}),
      body: bodyText,
      ...(footer.text !== undefined ? { footer: footer.text } : {}),
      buttons: parsedButtons,
    },
  };
}

function parseMessage(body: Record<string, unknown> | undefined): Parsed {
  if (!body) return refuse(100, 'The request body is not JSON.');
  if (body.messaging_product !== 'whatsapp') return refuse(100, 'The parameter messaging_product is required.');
  const to = textOf(body.to);
  if (!to) return refuse(131008, 'The parameter to is required.');
  if (!/^[1-9]\d{7,14}$/.test(digitsOf(to))) return refuse(100, `Invalid WhatsApp recipient: ${to}`);
  if (body.type === 'text') {
    const text = textOf(recordOf(body.text).body);
    if (!text) return refuse(131008, 'The parameter text.body is required.');
    if (lengthOf(text) > 4096) return tooLong("text['body']", 4096);
    return { ok: true, received: { to, type: 'text', text } };
  }
  if (body.type === 'interactive') {
    const parsed = parseInteractive(body.interactive);
    if (!parsed.ok) return parsed;
    return { ok: true, received: { to, type: 'interactive', interactive: parsed.interactive } };
  }
  if (body.type === 'image') {
    // Meta: image {link | id, caption ≤ 1024}; a link must be an http(s) address it can fetch.
    const image = recordOf(body.image);
    const link = textOf(image.link);
    const id = textOf(image.id);
    const caption = textOf(image.caption);
    if (!link && !id) return refuse(131008, 'The parameter image.link or image.id is required.');
    if (link && !/^https?:\/\/\S+$/.test(link)) return refuse(131009, `Invalid image link: ${link}`);
    if (caption && lengthOf(caption) > 1024) return tooLong("image['caption']", 1024);
    return {
      ok: true,
      received: { to, type: 'image', image: { ...(link ? { link } : {}), ...(id ? { id } : {}), ...(caption ? { caption } : {}) } },
    };
  }
  if (body.type !== 'template') return refuse(131051, 'Unsupported message type.');
  const template = recordOf(body.template);
  const name = textOf(template.name);
  const languageCode = textOf(recordOf(template.language).code);
  if (!name || !languageCode) return refuse(131008, 'The parameters template.name and template.language.code are required.');
  const components = Array.isArray(template.components) ? template.components.map(recordOf) : [];
  const bodyParameters: string[] = [];
  for (const parameter of components.filter((c) => c.type === 'body').flatMap((c) => (Array.isArray(c.parameters) ? c.parameters : []))) {
    const text = textOf(recordOf(parameter).text);
    if (recordOf(parameter).type !== 'text' || text === undefined) return refuse(131009, 'Body parameters must be of type text.');
    bodyParameters.push(text);
  }
  return { ok: true, received: { to, type: 'template', template: { name, languageCode, bodyParameters } } };
}

type NumberState = {
  credentials: WhatsAppCredentials;
  enforceWindow?: boolean;
  messagesPerSecond?: number;
  /** customerSays was used on this number: its window is enforced unless told otherwise. */
  heardFrom: boolean;
  /** Each customer's (wa_id's) latest message time, ms. */
  lastInbound: Map<string, number>;
  /** The times of the sends accepted in the last second, oldest first. */
  recentSends: number[];
};

/**
 * The WhatsApp Cloud API's send call (`POST /{version}/{phone-number-id}/messages`, the number's
 * Bearer access token) for one or more numbers, with Meta's rules: interactive limits, the 24-hour
 * window, throughput per number, registered templates, older Brazilian accounts' 12-digit wa_ids.
 * Its `messages` webhook: once a message is accepted, its statuses are posted to the callback URL
 * one notification each, signed with the number's app secret (X-Hub-Signature-256); customers'
 * messages are built here (inboundOf) and posted by the sandbox.
 */
export function createWhatsAppHandler(
  credentials: WhatsAppCredentials,
  callbacks: { urlOf(): string | undefined; post(url: string, body: string, signature: string): Promise<void> },
  initialOptions: WhatsAppSandboxOptions = {},
) {
  const scripts = new Map<string, WhatsAppStatusScript[]>();
  const options: WhatsAppSandboxOptions = { ...initialOptions };
  const numbers = new Map<string, NumberState>();
  const newNumber = (given: WhatsAppCredentials, extra: Pick<NumberState, 'enforceWindow' | 'messagesPerSecond'> = {}) =>
    numbers.set(given.phoneNumberId, { credentials: given, ...extra, heardFrom: false, lastInbound: new Map(), recentSends: [] });
  newNumber(credentials);
  /** The number each accepted message went out from (its record carries it only with several numbers). */
  const sent: { received: WhatsAppReceived; phoneNumberId: string }[] = [];
  const senderOf = new WeakMap<WhatsAppReceived, string>();
  /** Customers who wrote, by wa_id: a send to either form of a Brazilian number reaches the one that wrote. */
  const customers = new Set<string>();
  /** name + language → body parameter count; empty: every template passes (the sandbox's first behaviour). */
  const templates = new Map<string, number>();
  const templateKey = (name: string, languageCode: string) => `${name}\u0000${languageCode}`;

  const waIdOf = (to: string) => {
    const digits = digitsOf(to);
    if (customers.has(digits)) return digits;
    const other = otherBrazilianForm(digits);
    return other && customers.has(other) ? other : digits;
  };

  function notificationOf(received: WhatsAppReceived, number: WhatsAppCredentials, script: WhatsAppStatusScript): string {
    const status = typeof script === 'string' ? script : script.status;
    const failure = typeof script === 'string' ? undefined : (ERRORS[script.code ?? 131026] ?? ERRORS[131026]);
    const code = typeof script === 'string' ? undefined : (script.code ?? 131026);
    const value = {
      messaging_product: 'whatsapp',
      metadata: { display_phone_number: number.displayPhoneNumber, phone_number_id: number.phoneNumberId },
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
    return metaJson({
      object: 'whatsapp_business_account',
      entry: [{ id: number.businessAccountId, changes: [{ value, field: 'messages' }] }],
    });
  }

  /** Meta's rules past the request's shape, in the order Meta meets them; undefined when the send passes. */
  function ruleRefusal(number: NumberState, received: Omit<WhatsAppReceived, 'messageId'>, now: number): SandboxAnswer | undefined {
    if (received.template && templates.size) {
      const { name, languageCode, bodyParameters } = received.template;
      const expected = templates.get(templateKey(name, languageCode));
      if (expected === undefined) return whatsappError(132001, `template name (${name}) does not exist in ${languageCode}`);
      if (expected !== bodyParameters.length) {
        return whatsappError(
          132000,
          `body: number of localizable_params (${bodyParameters.length}) does not match the expected number of params (${expected})`,
        );
      }
    }
    const enforced = number.enforceWindow ?? options.enforceWindow ?? number.heardFrom;
    if (received.type !== 'template' && enforced) {
      const last = number.lastInbound.get(received.waId);
      if (last === undefined || now - last > DAY_MS) {
        return whatsappError(
          131047,
          'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
        );
      }
    }
    const limit = number.messagesPerSecond ?? options.messagesPerSecond ?? DEFAULT_WHATSAPP_MESSAGES_PER_SECOND;
    while (number.recentSends.length && now - (number.recentSends[0] as number) >= 1000) number.recentSends.shift();
    if (limit > 0 && number.recentSends.length >= limit) return whatsappError(130429);
    return undefined;
  }

  const handler = {
    contentType: JSON_TYPE,
    routeOf: (request) => (request.method === 'POST' && /^\/v\d+\.\d+\/[^/]+\/messages$/.test(request.path) ? 'send' : undefined),
    handle(request) {
      const bearer = bearerOf(request);
      if (![...numbers.values()].some((number) => number.credentials.accessToken === bearer)) return { answer: whatsappError(190) };
      const phoneNumberId = request.path.split('/')[2] ?? '';
      const number = numbers.get(phoneNumberId);
      // Another number's token reads as Meta's "does not exist or missing permissions".
      if (!number || number.credentials.accessToken !== bearer) {
        return { answer: whatsappError(100, `Object with ID '${phoneNumberId}' does not exist`) };
      }
      const parsed = parseMessage(jsonBodyOf(request));
      if (!parsed.ok) return { answer: parsed.answer };
      const now = Date.now();
      const message = { ...parsed.received, waId: waIdOf(parsed.received.to) };
      const refusal = ruleRefusal(number, message, now);
      if (refusal) return { answer: refusal };
      number.recentSends.push(now);
      const received: WhatsAppReceived = {
        messageId: newMessageId(),
        ...(numbers.size > 1 ? { phoneNumberId } : {}),
        ...message,
      };
      sent.push({ received, phoneNumberId });
      senderOf.set(received, phoneNumberId);
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
      const number = (numbers.get(senderOf.get(received) ?? '') ?? (numbers.get(credentials.phoneNumberId) as NumberState)).credentials;
      for (const script of scripts.get(received.waId) ?? ['sent', 'delivered']) {
        const body = notificationOf(received, number, script);
        void callbacks.post(url, body, metaSignature(body, number.appSecret));
      }
    },
  } satisfies ProviderHandler<WhatsAppReceived>;

  return {
    ...handler,
    scriptStatuses: (recipient: string, statuses: WhatsAppStatusScript[]) => void scripts.set(digitsOf(recipient), statuses),
    sign: (body: string, appSecret = credentials.appSecret) => metaSignature(body, appSecret),
    configure: (changes: WhatsAppSandboxOptions) => void Object.assign(options, changes),
    retryDelaysMs: () => options.inboundRetryDelaysMs ?? DEFAULT_INBOUND_RETRY_DELAYS_MS,
    credentialsOf: (phoneNumberId: string) => numbers.get(phoneNumberId)?.credentials,

    /** A number besides the first, with its own token and app secret; from then on every record names its number. */
    addNumber(given: WhatsAppNewNumber, made: WhatsAppCredentials): WhatsAppCredentials {
      const added: WhatsAppCredentials = {
        phoneNumberId: given.phoneNumberId ?? made.phoneNumberId,
        accessToken: given.accessToken ?? made.accessToken,
        appSecret: given.appSecret ?? made.appSecret,
        verifyToken: given.verifyToken ?? made.verifyToken,
        businessAccountId: made.businessAccountId,
        displayPhoneNumber: given.displayPhoneNumber ?? made.displayPhoneNumber,
      };
      if (numbers.has(added.phoneNumberId)) throw new Error(`the sandbox already has the number ${added.phoneNumberId}`);
      newNumber(added, { enforceWindow: given.enforceWindow, messagesPerSecond: given.messagesPerSecond });
      for (const entry of sent) entry.received.phoneNumberId = entry.phoneNumberId;
      return { ...added };
    },

    registerTemplate(name: string, languageCode: string, bodyParameterCount: number) {
      templates.set(templateKey(name, languageCode), bodyParameterCount);
    },

    /**
     * A customer's message as Meta posts it (escaped unicode, signed with the number's app secret);
     * it opens the customer's 24-hour window on that number at `at`.
     */
    inboundOf(message: WhatsAppCustomerMessage, given: WhatsAppInboundOptions = {}) {
      const number = numbers.get(message.to);
      if (!number) throw new Error(`the sandbox has no number ${message.to} (addNumber first)`);
      const from = digitsOf(message.from);
      if (!/^[1-9]\d{7,14}$/.test(from)) throw new Error(`not a wa_id: ${message.from}`);
      const at = (given.at ?? new Date()).getTime();
      const wamid = given.id ?? newMessageId();
      customers.add(from);
      number.heardFrom = true;
      number.lastInbound.set(from, Math.max(at, number.lastInbound.get(from) ?? Number.NEGATIVE_INFINITY));
      const repliedTo =
        message.contextId ??
        (message.choice
          ? sent.findLast(
              (entry) => entry.phoneNumberId === message.to && entry.received.waId === from && entry.received.type === 'interactive',
            )?.received.messageId
          : undefined);
      const { credentials: business } = number;
      const content = message.choice
        ? { type: 'interactive', interactive: { type: message.choice.type, [message.choice.type]: choiceOf(message.choice) } }
        : { type: 'text', text: { body: message.text } };
      const value = {
        messaging_product: 'whatsapp',
        metadata: { display_phone_number: business.displayPhoneNumber, phone_number_id: business.phoneNumberId },
        contacts: [{ profile: { name: message.name ?? 'Cliente' }, wa_id: from }],
        messages: [
          {
            ...(repliedTo ? { context: { from: business.displayPhoneNumber, id: repliedTo } } : {}),
            from,
            id: wamid,
            timestamp: String(Math.floor(at / 1000)),
            ...content,
          },
        ],
      };
      const body = metaJson({
        object: 'whatsapp_business_account',
        entry: [{ id: business.businessAccountId, changes: [{ value, field: 'messages' }] }],
      });
      return { wamid, from, phoneNumberId: business.phoneNumberId, body, signature: metaSignature(body, business.appSecret) };
    },
  };
}

/** A choice as the inbound `list_reply` / `button_reply` carries it: id, title, and a row's description when it has one. */
function choiceOf(choice: WhatsAppChoice) {
  return choice.type === 'list_reply' && choice.description !== undefined
    ? { id: choice.id, title: choice.title, description: choice.description }
    : { id: choice.id, title: choice.title };
}
