import { defineEntity } from '@ebox/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listQuerySchema } from '../../kit/list-query';
import { resourceOf } from '../../kit/repository';
import { requirePermission, requireUser } from '../../platform/access';
import { outboxMessage } from '../../platform/db/schema';
import { listOutbox } from './service';

/**
 * The mail and SMS outbox, read through the kit's list engine with a declaration of its own: the
 * owner reads verification and reset links here when no SMTP server or SMS provider is configured
 * (./service decides who sees a link). Nobody writes it through the API (platform/mail.ts and
 * platform/sms.ts do).
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
    status: { type: 'enum', options: ['outbox', 'sent', 'failed'] },
    error: { type: 'text' },
  },
  listColumns: ['createdAt', 'channel', 'recipient', 'subject', 'status'],
  filters: ['channel', 'recipient', 'status', 'createdAt'],
  importColumns: [],
  defaultOrderBy: 'createdAt_DESC',
  noImport: true,
});

const resource = resourceOf(outboxEntity, outboxMessage);

export async function registerOutboxRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/outbox',
    {
      schema: { tags: ['outbox'], summary: 'Mail and SMS sent or kept by the console, newest first', querystring: listQuerySchema },
      onRequest: requirePermission('settingsEdit'),
    },
    async (request) => listOutbox(app.deps, resource, requireUser(request), request.query),
  );
}
