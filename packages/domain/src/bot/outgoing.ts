import { formatDateTimeInZone } from '../audit-changes';
import { CHOICE_IDS } from './conversation';
import { BOT_STEPS, type BotLanguage, type BotStep, type BotStepDeclaration, stepTextOf, WHATSAPP_LIMITS } from './flow-steps';

/**
 * What a bot sends, as the WhatsApp Cloud API takes it (`type` and its object, after
 * `messaging_product`, `recipient_type` and `to`): plain text, reply buttons or a list. Built from
 * the flow's text of a step (flow-steps.ts) and the rows the moment offers (the sizes free now),
 * so the webhook's job, the thread screen and the tests read one shape.
 */
export type OutgoingContent =
  | { type: 'text'; text: { body: string; preview_url: false } }
  /** An image Meta fetches from `link` (the access code's QR code), with its caption. */
  | { type: 'image'; image: { link: string; caption: string } }
  /**
   * A template Meta approved (the bot flow's `messageTemplate`: its subject is the name Meta knows):
   * the only kind WhatsApp delivers outside the customer's 24-hour window.
   */
  | {
      type: 'template';
      template: { name: string; language: { code: string }; components: { type: 'body'; parameters: { type: 'text'; text: string }[] }[] };
    }
  | {
      type: 'interactive';
      interactive:
        | { type: 'button'; body: { text: string }; action: { buttons: { type: 'reply'; reply: { id: string; title: string } }[] } }
        | {
            type: 'list';
            body: { text: string };
            action: { button: string; sections: { title: string; rows: { id: string; title: string }[] }[] };
          };
    };

/** The ids of a buttons step's choices, in the order its text lists them. */
const BUTTON_IDS: Partial<Record<BotStep, readonly string[]>> = {
  confirm: [CHOICE_IDS.confirm, CHOICE_IDS.cancel],
  menu: [CHOICE_IDS.orders, CHOICE_IDS.resend, CHOICE_IDS.handOff],
};

/** WhatsApp refuses a title past its limit: cut rather than lose the message. */
const label = (text: string) => (text.length > WHATSAPP_LIMITS.label ? `${text.slice(0, WHATSAPP_LIMITS.label - 1)}…` : text);

/**
 * A step as WhatsApp draws it, in the customer's language. A list step's first written choice is
 * its button and `rows` are what it offers (at most 10); a buttons step's choices get the ids the
 * conversation reads back; text after the body (`extra`: a price, a code, a list of orders) is
 * added below it.
 */
export function renderStep(
  messages: Record<string, unknown> | null | undefined,
  step: BotStep,
  language: BotLanguage,
  options: { rows?: readonly { id: string; title: string }[]; extra?: string } = {},
): OutgoingContent {
  const { kind } = BOT_STEPS[step] as BotStepDeclaration;
  const written = stepTextOf(messages, step, language);
  const body = options.extra ? `${written.body}\n\n${options.extra}` : written.body;
  if (kind === 'list' && options.rows?.length) {
    const rows = options.rows.slice(0, WHATSAPP_LIMITS.rows).map((row) => ({ id: row.id, title: label(row.title) }));
    const button = label(written.choices[0] ?? (language === 'pt-BR' ? 'Ver opções' : 'See options'));
    return {
      type: 'interactive',
      interactive: { type: 'list', body: { text: body }, action: { button, sections: [{ title: button, rows }] } },
    };
  }
  const ids = BUTTON_IDS[step];
  if (kind === 'buttons' && ids && written.choices.length) {
    const buttons = written.choices
      .slice(0, Math.min(ids.length, WHATSAPP_LIMITS.buttons))
      .map((title, index) => ({ type: 'reply' as const, reply: { id: ids[index] as string, title: label(title) } }));
    return { type: 'interactive', interactive: { type: 'button', body: { text: body }, action: { buttons } } };
  }
  return { type: 'text', text: { body, preview_url: false } };
}

/** What the thread and the bot's last message show of a content: its body. */
export function outgoingTextOf(content: OutgoingContent): string {
  if (content.type === 'text') return content.text.body;
  if (content.type === 'image') return content.image.caption;
  if (content.type === 'template')
    return content.template.components.flatMap((part) => part.parameters.map((value) => value.text)).join(' · ');
  return content.interactive.body.text;
}

/**
 * The language a bot answers a WhatsApp id in: pt-BR for Brazilian numbers (55), English for any
 * other country (the flow keeps both texts).
 */
export function languageOfWaId(waId: string): BotLanguage {
  return waId.startsWith('55') ? 'pt-BR' : 'en';
}

/**
 * The forms of a Brazilian mobile WhatsApp may use as the id: 13 digits (55, area code, 9, 8
 * digits) and, for accounts older than the ninth digit, 12 (without it). Any other number is itself.
 */
export function waIdForms(waId: string): string[] {
  const digits = waId.replace(/\D/g, '');
  const thirteen = /^55(\d{2})9(\d{8})$/.exec(digits);
  if (thirteen) return [digits, `55${thirteen[1]}${thirteen[2]}`];
  const twelve = /^55(\d{2})([6-9]\d{7})$/.exec(digits);
  if (twelve) return [digits, `55${twelve[1]}9${twelve[2]}`];
  return [digits];
}

/**
 * A template message: its name, Meta's language code and its body's values, each a line of plain
 * text (Meta refuses a parameter with a new line, a tab or more than four spaces in a row).
 */
export function templateContentOf(name: string, languageCode: string, parameters: readonly string[]): OutgoingContent {
  const flat = parameters.map((text) => ({ type: 'text' as const, text: text.replace(/[\t\r\n]+/g, ' ').replace(/ {5,}/g, '    ') }));
  return { type: 'template', template: { name, language: { code: languageCode }, components: [{ type: 'body', parameters: flat }] } };
}

/** The lines under "booked": what the customer needs at the locker. */
const BOOKED_LINES: Record<BotLanguage, { code: string; locker: string; door: string; until: string }> = {
  'pt-BR': { code: 'Código de acesso', locker: 'Armário', door: 'porta', until: 'Válido até' },
  en: { code: 'Access code', locker: 'Locker', door: 'door', until: 'Valid until' },
};

/** DD/MM/YYYY HH:mm on São Paulo's clock (the network's), as the console writes dates. */
export function formatWhen(iso: string): string {
  return formatDateTimeInZone(iso, 'America/Sao_Paulo');
}

export function bookedLines(
  language: BotLanguage,
  booking: { accessCode: string; lockerName: string; compartmentNumber: number | null; until: string | null },
): string {
  const words = BOOKED_LINES[language];
  const door = booking.compartmentNumber === null ? '' : `, ${words.door} ${booking.compartmentNumber}`;
  return [
    `${words.code}: *${booking.accessCode}*`,
    `${words.locker}: ${booking.lockerName}${door}`,
    ...(booking.until ? [`${words.until}: ${formatWhen(booking.until)}`] : []),
  ].join('\n');
}

const QR_CAPTIONS: Record<BotLanguage, string> = {
  'pt-BR': 'Seu QR code de acesso: mostre-o no leitor do armário.',
  en: 'Your access QR code: show it to the locker’s reader.',
};

/** The access code's QR code as an image message (the link is the console's signed QR image of the order). */
export function qrCodeImageOf(language: BotLanguage, link: string): OutgoingContent {
  return { type: 'image', image: { link, caption: QR_CAPTIONS[language] } };
}

const PAYMENT_LINES: Record<BotLanguage, { value: string; code: string; page: string; until: string }> = {
  'pt-BR': { value: 'Valor', code: 'Pix copia e cola', page: 'Ou pague pela página', until: 'Pague até' },
  en: { value: 'Amount', code: 'Pix copy-paste code', page: 'Or pay on the page', until: 'Pay by' },
};

/** A Pix charge as a reply: the amount, the copy-paste code on its own line (easy to copy), the page and the deadline. */
export function paymentLines(
  language: BotLanguage,
  charge: { value: number; pixCode: string | null; ticketUrl: string | null; expiresAt: string | null },
): string {
  const words = PAYMENT_LINES[language];
  const amount = new Intl.NumberFormat(language, { style: 'currency', currency: 'BRL' }).format(charge.value);
  return [
    `${words.value}: *${amount}*`,
    ...(charge.pixCode ? [`${words.code}:`, charge.pixCode] : []),
    ...(charge.ticketUrl ? [`${words.page}: ${charge.ticketUrl}`] : []),
    ...(charge.expiresAt ? [`${words.until}: ${formatWhen(charge.expiresAt)}`] : []),
  ].join('\n');
}

const ORDER_LINES: Record<BotLanguage, { none: string; at: string; until: string }> = {
  'pt-BR': { none: 'Você não tem pedidos em aberto.', at: 'em', until: 'retire até' },
  en: { none: 'You have no open orders.', at: 'at', until: 'pick up by' },
};

/** A customer's open orders as a reply: one line each (tracking code, status in words, locker, overdue date). */
export function orderLines(
  language: BotLanguage,
  orders: readonly { trackingCode: string; statusName: string; lockerName: string | null; overdueDate: string | null }[],
): string {
  const words = ORDER_LINES[language];
  if (!orders.length) return words.none;
  return orders
    .map((order) =>
      [
        `*${order.trackingCode}*: ${order.statusName}`,
        order.lockerName ? ` ${words.at} ${order.lockerName}` : '',
        order.overdueDate ? `, ${words.until} ${formatWhen(order.overdueDate)}` : '',
      ].join(''),
    )
    .join('\n');
}

/** The access codes of a customer's live orders, one line each (tracking code, locker, code). */
export function codeLines(
  language: BotLanguage,
  orders: readonly { trackingCode: string; lockerName: string | null; accessCode: string | null }[],
): string {
  const words = ORDER_LINES[language];
  const withCode = orders.filter((order) => order.accessCode);
  if (!withCode.length) return words.none;
  return withCode
    .map((order) => `${order.trackingCode}${order.lockerName ? ` (${order.lockerName})` : ''}: *${order.accessCode}*`)
    .join('\n');
}
