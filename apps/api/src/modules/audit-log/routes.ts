import { auditLogPageSchema } from '@ebox/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listQuerySchema } from '../../kit/list-query';
import { contextOfRequest, requireAuthenticated } from '../../platform/access';
import { listAuditLog } from './service';

/** GET /auditLog (docs/architecture.md "Settings, audit, files"); the rules live in ./service. */
export async function registerAuditLogRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/auditLog',
    {
      schema: { tags: ['auditLog'], querystring: listQuerySchema, response: { 200: auditLogPageSchema } },
      onRequest: requireAuthenticated,
    },
    async (request) => listAuditLog(contextOfRequest(request), request.query),
  );
}
