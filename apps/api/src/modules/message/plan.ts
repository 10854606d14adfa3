import {
  DEFAULT_CHANNEL_FALLBACK,
  DEFAULT_MESSAGE_TIME_ZONE,
  DEFAULT_PRE_EXPIRED_HOURS,
  DEFAULT_QUIET_WINDOW,
  isTimeZone,
  type Language,
  MESSAGE_CHANNELS,
  type MessageChannel,
} from '@ebox/domain';
import type { OrderForMessages, TemplateRow } from './repository';

/**
 * Which messages an order's moment sends (docs/messages.md): on each channel the best template (the
 * order's cluster before every cluster, the customer's language before pt-BR before none); then the
 * company's fallback order picks the first of its channels that has a template and an address for the
 * customer, and every template on a channel outside that order is sent besides. Pure, so the choice
 * is tested without a database.
 */

export type CompanyMessaging = {
  fallback: readonly MessageChannel[];
  preExpiredHours: number;
  window: { start: string; end: string };
  timeZone: string;
};

export function companyMessagingOf(settings: Record<string, unknown>): CompanyMessaging {
  const fallback = Array.isArray(settings.channelFallback)
    ? settings.channelFallback.filter((channel): channel is MessageChannel => (MESSAGE_CHANNELS as readonly unknown[]).includes(channel))
    : [];
  const hours = Number(settings.preExpiredHours);
  const timeZone = typeof settings.timeZone === 'string' && isTimeZone(settings.timeZone) ? settings.timeZone : DEFAULT_MESSAGE_TIME_ZONE;
  return {
    fallback: fallback.length ? fallback : DEFAULT_CHANNEL_FALLBACK,
    preExpiredHours: Number.isInteger(hours) && hours > 0 ? hours : DEFAULT_PRE_EXPIRED_HOURS,
    window: {
      start: typeof settings.reminderWindowStart === 'string' ? settings.reminderWindowStart : DEFAULT_QUIET_WINDOW.start,
      end: typeof settings.reminderWindowEnd === 'string' ? settings.reminderWindowEnd : DEFAULT_QUIET_WINDOW.end,
    },
    timeZone,
  };
}

/** The language a customer is written to: theirs when known, else pt-BR. */
export function languageOfCustomer(order: OrderForMessages): Language {
  return order.customer.language ?? 'pt-BR';
}

/**
 * The address of the customer on a channel as the log shows it; push goes to their most recently
 * registered device, shown by its token's last characters (the token itself stays with the device).
 */
export function recipientOn(order: OrderForMessages, channel: MessageChannel): string | null {
  if (channel === 'email') return order.customer.email;
  if (channel === 'sms' || channel === 'whatsapp') return order.customer.phone;
  return order.customer.pushDevice ? pushTokenEndOf(order.customer.pushDevice.token) : null;
}

/** The last characters of a push token: enough to tell two devices apart, not enough to send to one. */
export function pushTokenEndOf(token: string): string {
  return `…${token.slice(-8)}`;
}

/**
 * The template a channel uses for this customer, if any: one in their language, else one for every
 * language, else a pt-BR one (the console's language); among those, one of the order's cluster first.
 */
export function bestTemplateOn(templates: readonly TemplateRow[], channel: MessageChannel, language: Language): TemplateRow | undefined {
  const languageRank = (template: TemplateRow) =>
    template.language === language ? 0 : template.language === null ? 1 : template.language === 'pt-BR' ? 2 : undefined;
  let best: { template: TemplateRow; rank: number } | undefined;
  for (const template of templates) {
    const byLanguage = languageRank(template);
    if (template.channel !== channel || byLanguage === undefined) continue;
    const rank = byLanguage * 2 + (template.clusterId ? 0 : 1);
    if (!best || rank < best.rank) best = { template, rank };
  }
  return best?.template;
}

export type PlannedMessage = { template: TemplateRow; channel: MessageChannel; recipient: string; device?: string };

/**
 * The messages of one moment: the first channel of the fallback order that can reach the customer,
 * and every channel outside that order that can. `after` skips the fallback order up to a channel that
 * failed for good (its replacement is planned from there on).
 */
export function planMessages(
  order: OrderForMessages,
  templates: readonly TemplateRow[],
  messaging: CompanyMessaging,
  options: { after?: MessageChannel; tried?: ReadonlySet<MessageChannel> } = {},
): PlannedMessage[] {
  const language = languageOfCustomer(order);
  const reachable = (channel: MessageChannel): PlannedMessage | undefined => {
    if (options.tried?.has(channel)) return undefined;
    const template = bestTemplateOn(templates, channel, language);
    const recipient = recipientOn(order, channel);
    if (!template || !recipient) return undefined;
    return channel === 'push' && order.customer.pushDevice
      ? { template, channel, recipient, device: order.customer.pushDevice.id }
      : { template, channel, recipient };
  };
  // A channel outside the company's order was sent besides it: nothing replaces it.
  if (options.after && !messaging.fallback.includes(options.after)) return [];
  const chain = options.after ? messaging.fallback.slice(messaging.fallback.indexOf(options.after) + 1) : messaging.fallback;
  const planned: PlannedMessage[] = [];
  for (const channel of chain) {
    const message = reachable(channel);
    if (message) {
      planned.push(message);
      break;
    }
  }
  if (options.after) return planned;
  for (const channel of MESSAGE_CHANNELS) {
    if (messaging.fallback.includes(channel)) continue;
    const message = reachable(channel);
    if (message) planned.push(message);
  }
  return planned;
}

/** Minutes after midnight of an HH:mm. */
function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

/**
 * The first moment at or after `now` inside the company's reminder window (its time zone): `now`
 * itself during the window, else the window's next opening.
 */
export function nextInWindow(now: Date, messaging: CompanyMessaging): Date {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: messaging.timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const hour = Number(parts.find((part) => part.type === 'hour')?.value ?? 0);
  const minute = Number(parts.find((part) => part.type === 'minute')?.value ?? 0);
  const current = hour * 60 + minute;
  const start = minutesOf(messaging.window.start);
  const end = minutesOf(messaging.window.end);
  const inside = start <= end ? current >= start && current < end : current >= start || current < end;
  if (inside) return now;
  const wait = (start - current + 24 * 60) % (24 * 60);
  const next = new Date(now.getTime() + wait * 60_000);
  next.setUTCSeconds(0, 0);
  return next;
}
