import { outboxEntity } from '@ebox/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listQuerySchema } from '../../kit/list-query';
import { resourceOf } from '../../kit/repository';
import { contextOfRequest, requirePermission } from '../../platform/access';
import { outboxMessage } from '../../platform/db/schema';
import { listOutbox } from './service';

/**
 * The mail and SMS outbox, read through the kit's list engine with its declaration from the domain
 * (`outboxEntity`): the owner reads verification and reset links here when no SMTP server or SMS
 * provider is configured (./service decides who sees a link), and follows queued, sent and failed
 * messages. Nobody writes it through the API (platform/messages.ts and the send job do).
 */
const resource = resourceOf(outboxEntity, outboxMessage);

export async function registerOutboxRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/outbox',
    {
      schema: { tags: ['outbox'], summary: 'Mail and SMS sent or kept by the console, newest first', querystring: listQuerySchema },
      onRequest: requirePermission('settingsEdit'),
    },
    async (request) => listOutbox(contextOfRequest(request), resource, request.query),
  );
}
