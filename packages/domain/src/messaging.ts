import {
  type MESSAGE_TEMPLATE_SUB_TYPES,
  MESSAGE_TEMPLATE_TRIGGERS,
  MESSAGE_TEMPLATE_TYPES,
  type OrderStatus,
  type OrderType,
} from './entities/enums';
import type { Language } from './i18n/index';

/**
 * Messages to the customers of an order (issue 27, items 1 to 3), declared once: which order moment
 * sends which template, the variables a template may use on each trigger, the message's statuses, and
 * the company's fallback order of channels. The API renders and sends (modules/message), the template
 * forms list the variables and preview them with the sample order, and docs/messages.md describes it.
 */

export const MESSAGE_CHANNELS = MESSAGE_TEMPLATE_TYPES;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];
export type MessageTrigger = (typeof MESSAGE_TEMPLATE_TRIGGERS)[number];
export type MessageSubType = (typeof MESSAGE_TEMPLATE_SUB_TYPES)[number];

/** Where a message stands: sent is "the provider took it"; delivered and read come from the provider later. */
export const MESSAGE_STATUSES = ['queued', 'sent', 'delivered', 'read', 'failed'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/**
 * The channels tried in turn to reach a customer once on a trigger: the first with an enabled template
 * and an address for the customer; a permanent failure moves to the next. A template on a channel
 * outside the company's order is sent as well, on its own.
 */
export const DEFAULT_CHANNEL_FALLBACK: readonly MessageChannel[] = ['whatsapp', 'sms', 'email'];

/** Hours before an order's overdue date its PRE_EXPIRED reminder goes out, unless the company says otherwise. */
export const DEFAULT_PRE_EXPIRED_HOURS = 24;
/** Reminders wait for this window of the company's day (24-hour HH:mm, in its time zone). */
export const DEFAULT_QUIET_WINDOW = { start: '09:00', end: '21:00' } as const;
export const DEFAULT_MESSAGE_TIME_ZONE = 'America/Sao_Paulo';

/** A resend of one channel within this many seconds of the last is refused. */
export const MESSAGE_RESEND_INTERVAL_SECONDS = 60;

/** The template sub type of an order type: a smart-drop parcel is delivered like a delivery. */
export function messageSubTypeOf(type: OrderType): MessageSubType {
  switch (type) {
    case 'RETURN':
      return 'return';
    case 'STORAGE':
      return 'storage';
    case 'SEND':
      return 'send';
    default:
      return 'delivery';
  }
}

/** The trigger an order's new status fires, if templates may name it. */
export function messageTriggerOf(status: OrderStatus): MessageTrigger | undefined {
  return (MESSAGE_TEMPLATE_TRIGGERS as readonly string[]).includes(status) ? (status as MessageTrigger) : undefined;
}

/** Triggers on which the customer still has to open the locker: the access code is given. */
const OPENING_TRIGGERS: readonly MessageTrigger[] = ['CREATED', 'STORED', 'PRE_EXPIRED'];
/** Triggers on which the overdue date means something to the customer. */
const OVERDUE_TRIGGERS: readonly MessageTrigger[] = ['STORED', 'PRE_EXPIRED', 'EXPIRED'];

/**
 * The variables of a template, as `{{path}}` in its body: every trigger has the order, the customer,
 * the locker and the company; the access code only while the customer has to open a
 * door (its code and its QR-code link); the overdue date only where it matters. `label` is a key of `messaging.variables`.
 */
export const MESSAGE_VARIABLES = [
  { path: 'order.trackingCode' },
  { path: 'order.referenceNumber' },
  { path: 'order.type' },
  { path: 'order.status' },
  { path: 'order.compartimentNumber' },
  { path: 'order.overdueDate', triggers: OVERDUE_TRIGGERS },
  { path: 'customer.name' },
  { path: 'customer.email' },
  { path: 'customer.phone' },
  { path: 'locker.name' },
  { path: 'locker.address' },
  { path: 'locker.workingHours' },
  { path: 'company.name' },
  { path: 'accessCode', triggers: OPENING_TRIGGERS },
  /** A link to the order's QR-code image that works without signing in, until the overdue date (at most 7 days). */
  { path: 'qrCodeUrl', triggers: OPENING_TRIGGERS },
] as const satisfies readonly { path: string; triggers?: readonly MessageTrigger[] }[];
export type MessageVariablePath = (typeof MESSAGE_VARIABLES)[number]['path'];

/** The variables a template on this trigger may use (a QR-code template's type is its trigger). */
export function messageVariablesOf(trigger: MessageTrigger | undefined): MessageVariablePath[] {
  return MESSAGE_VARIABLES.filter((variable) => {
    const triggers: readonly MessageTrigger[] | undefined = 'triggers' in variable ? variable.triggers : undefined;
    return !triggers || !trigger || triggers.includes(trigger);
  }).map((variable) => variable.path);
}

/** What a template is rendered with; texts already formatted for the message's language. */
export type MessageValues = {
  order: {
    trackingCode: string;
    referenceNumber: string;
    type: string;
    status: string;
    compartimentNumber: string;
    overdueDate: string;
  };
  customer: { name: string; email: string; phone: string };
  locker: { name: string; address: string; workingHours: string };
  company: { name: string };
  accessCode: string;
  qrCodeUrl: string;
};

/** The values a variable list leaves out for its trigger are empty, so a template never shows a code it should not. */
export function restrictMessageValues(values: MessageValues, trigger: MessageTrigger): MessageValues {
  const allowed = new Set<string>(messageVariablesOf(trigger));
  return {
    ...values,
    order: { ...values.order, overdueDate: allowed.has('order.overdueDate') ? values.order.overdueDate : '' },
    accessCode: allowed.has('accessCode') ? values.accessCode : '',
    qrCodeUrl: allowed.has('qrCodeUrl') ? values.qrCodeUrl : '',
  };
}

/** The sample order the template forms preview with, in each language. */
export function sampleMessageValues(language: Language): MessageValues {
  const english = language === 'en';
  return {
    order: {
      trackingCode: 'BR123456789',
      referenceNumber: 'PED-2026-0042',
      type: english ? 'Delivery' : 'Entrega',
      status: english ? 'Stored' : 'Armazenado',
      compartimentNumber: '12',
      overdueDate: '05/12/2026 18:00',
    },
    customer: { name: 'Maria Silva', email: 'maria.silva@example.com', phone: '+5531987654321' },
    locker: {
      name: english ? 'Savassi Locker' : 'Armário Savassi',
      address: 'Rua Pernambuco, 1000 - Savassi, Belo Horizonte - MG, 30130-151',
      workingHours: english ? 'Every day, 6 am to 11 pm' : 'Todos os dias, das 6h às 23h',
    },
    company: { name: 'Ebox Entregas' },
    accessCode: '482913',
    qrCodeUrl: 'https://console.ebox.example.com/io/api/v1/order/qrcode/sample',
  };
}

/** WhatsApp names a template's language by its own codes. */
export function whatsappLanguageOf(language: Language): string {
  return language === 'en' ? 'en_US' : 'pt_BR';
}

/** The platforms a customer's app registers a push token from (FCM serves all three). */
export const PUSH_PLATFORMS = ['android', 'ios', 'web'] as const;
export type PushPlatform = (typeof PUSH_PLATFORMS)[number];

/**
 * FCM registration tokens are opaque strings of about 150 to 200 characters (letters, digits and
 * `-_:`); the bounds refuse a mistyped field without guessing Google's exact format.
 */
export const PUSH_TOKEN_PATTERN = /^[A-Za-z0-9_:\-.]{32,4096}$/;
