import { LANGUAGES } from '../i18n/languages';
import { defineEntity } from '../kit/entity';
import { MESSAGE_CHANNELS, MESSAGE_STATUSES } from '../messaging';
import { MESSAGE_TEMPLATE_TRIGGERS } from './enums';

/**
 * The message log (issue 27, item 3): every message to an order's customer, listed through the kit's
 * list engine (GET /order-message) for operators and on the order's communications tab. Not in
 * ENTITIES: nobody creates or edits a message through a form; the console writes them
 * (apps/api/src/modules/message), and the send job and the providers' status reports move them.
 */
export const orderMessageEntity = defineEntity({
  name: 'orderMessage',
  path: 'order-message',
  table: 'order_message',
  labelField: 'recipient',
  scope: { kind: 'company', field: 'company' },
  fields: {
    order: { type: 'relation', entity: 'order' },
    company: { type: 'relation', entity: 'company' },
    template: { type: 'relation', entity: 'ccm' },
    trigger: { type: 'enum', options: MESSAGE_TEMPLATE_TRIGGERS },
    channel: { type: 'enum', options: MESSAGE_CHANNELS },
    language: { type: 'enum', options: LANGUAGES },
    recipient: { type: 'text' },
    subject: { type: 'text' },
    body: { type: 'text', multiline: true },
    status: { type: 'enum', options: MESSAGE_STATUSES },
    provider: { type: 'text' },
    providerMessageId: { type: 'text' },
    attempts: { type: 'integer' },
    error: { type: 'text' },
    errorCode: { type: 'text' },
    sentAt: { type: 'dateTime' },
    deliveredAt: { type: 'dateTime' },
    readAt: { type: 'dateTime' },
  },
  listColumns: ['createdAt', 'channel', 'recipient', 'trigger', 'status', 'attempts', 'order', 'error'],
  filters: ['channel', 'status', 'trigger', 'recipient', 'order', 'company', 'createdAt'],
  importColumns: [],
  defaultOrderBy: 'createdAt_DESC',
  noImport: true,
});
