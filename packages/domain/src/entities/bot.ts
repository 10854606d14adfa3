import { BOT_CATALOG_SIZES, BOT_CATALOG_UNITS, BOT_PAYMENT_METHODS } from '../bot/flow-steps';
import { defineEntity } from '../kit/entity';
import type { Field } from '../kit/field';

/** A price in BRL per catalog size, at most R$ 9.999,99 (spec 5.3: a payment's value is 4 digits of reais). */
const CATALOG_FIELDS: Record<string, Field> = {
  unit: { type: 'enum', options: BOT_CATALOG_UNITS },
  ...Object.fromEntries(
    BOT_CATALOG_SIZES.map((size) => [`price${size}`, { type: 'number', scale: 2, min: 0, max: 9999.99, currency: 'BRL' } as Field]),
  ),
};

/**
 * A WhatsApp bot (spec 3, issue 32): one WhatsApp Business number bound to a cluster, running a bot
 * flow, charging its catalog's prices when it (or its cluster) is paid. The access token, app
 * secret and verify token are write-only: encrypted at rest (apps/api platform/secret-box.ts) and
 * never in an answer, an export, a log or the audit log (docs/whatsapp-bot.md).
 */
export const bot = defineEntity({
  name: 'bot',
  path: 'bot',
  table: 'bot',
  labelField: 'name',
  naturalKey: ['name', 'phoneNumberId'],
  scope: { kind: 'company', field: 'company' },
  fields: {
    name: { type: 'text', required: true, min: 2, max: 255 },
    /** Meta's id of the number (the webhook's `metadata.phone_number_id` routes to the bot by it). */
    phoneNumberId: { type: 'text', required: true, min: 2, max: 255, unique: true, match: 'exact' },
    phoneNumber: { type: 'text', min: 2, max: 255 },
    company: { type: 'relation', entity: 'company', required: true },
    cluster: { type: 'relation', entity: 'cluster', filterBy: 'company' },
    flow: { type: 'relation', entity: 'botFlow', required: true, filterBy: 'company' },
    /** Whom the bot acts for (its orders' creator in the audit log). */
    user: { type: 'relation', entity: 'user', required: true },
    isPaid: { type: 'boolean' },
    /** Prices per compartment size, per hour or per day. */
    catalog: { type: 'object', fields: CATALOG_FIELDS },
    paymentMethods: { type: 'enum', options: BOT_PAYMENT_METHODS, multiple: true, max: 10 },
    /** What the bot links to: the terms of use and a help page. */
    links: { type: 'object', fields: { terms: { type: 'text', url: true, max: 2048 }, help: { type: 'text', url: true, max: 2048 } } },
    startDate: { type: 'dateTime' },
    endDate: { type: 'dateTime' },
    enable: { type: 'boolean', initial: true },
    /** Meta's bearer token for sending from the number. */
    accessToken: { type: 'text', required: true, min: 2, max: 255, secret: true, writeOnly: true },
    /** The Meta app's secret: signs the webhooks Meta posts (X-Hub-Signature-256). */
    appSecret: { type: 'text', min: 2, max: 255, secret: true, writeOnly: true },
    /** The token we gave Meta for the webhook's subscription check (hub.verify_token). */
    verifyToken: { type: 'text', min: 2, max: 255, secret: true, writeOnly: true },
    /** Kept by the bot: when a customer last wrote and what. */
    lastInteraction: { type: 'dateTime', readOnly: true },
    lastMessage: { type: 'text', max: 4096, readOnly: true },
  },
  rules: [
    {
      message: 'entities.bot.errors.endBeforeStart',
      path: 'endDate',
      check: (data) =>
        !data.startDate || !data.endDate || new Date(String(data.startDate)).getTime() <= new Date(String(data.endDate)).getTime(),
    },
  ],
  listColumns: ['name', 'phoneNumber', 'company', 'flow', 'isPaid', 'enable', 'lastInteraction'],
  // Beside the row's link to its messages, every column fits a laptop's 1366 px.
  listColumnWidths: { phoneNumber: 150, isPaid: 85, enable: 85, lastInteraction: 150 },
  filters: ['name', 'phoneNumberId', 'phoneNumber', 'company', 'cluster', 'flow', 'isPaid', 'enable', 'createdAt'],
  // An imported bot brings its token (the secrets are columns of the template, never of an export).
  importColumns: [
    'name',
    'phoneNumberId',
    'phoneNumber',
    'company',
    'cluster',
    'flow',
    'user',
    'isPaid',
    'enable',
    'accessToken',
    'appSecret',
    'verifyToken',
  ],
});
