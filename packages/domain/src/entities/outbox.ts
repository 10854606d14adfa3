import { defineEntity } from '../kit/entity';

/** Where a message stands: `outbox` is kept to be read (no transport), never sent. */
export const OUTBOX_STATUSES = ['queued', 'sent', 'failed', 'outbox'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/**
 * The mail and SMS outbox, listed through the kit's list engine (GET /outbox) and the web list's
 * URL state. Not in ENTITIES: nobody creates, edits or imports a message; the console writes them
 * (apps/api/src/platform/messages.ts), and the send job updates status, attempts and error.
 */
export const outboxEntity = defineEntity({
  name: 'outbox',
  path: 'outbox',
  table: 'outbox_message',
  labelField: 'recipient',
  scope: { kind: 'none' },
  fields: {
    channel: { type: 'enum', options: ['email', 'sms'] },
    recipient: { type: 'text' },
    subject: { type: 'text' },
    body: { type: 'text' },
    link: { type: 'text' },
    status: { type: 'enum', options: [...OUTBOX_STATUSES] },
    error: { type: 'text' },
    attempts: { type: 'integer' },
    sentAt: { type: 'dateTime' },
  },
  listColumns: ['createdAt', 'channel', 'recipient', 'subject', 'status', 'attempts', 'link'],
  filters: ['channel', 'recipient', 'status', 'createdAt'],
  importColumns: [],
  defaultOrderBy: 'createdAt_DESC',
  noImport: true,
});
