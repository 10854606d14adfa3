import { auditLogPageSchema } from '@ebox/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendExport } from '../../kit/export';
import { listQuerySchema } from '../../kit/list-query';
import { exportQuery } from '../../kit/request-schemas';
import { contextOfRequest, requireAuthenticated } from '../../platform/access';
import { exportAuditLog, listAuditLog } from './service';

/** GET /auditLog and its export (docs/api-contract.md "Settings, audit, files"); the rules live in ./service. */
export async function registerAuditLogRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/auditLog',
    {
      schema: { tags: ['auditLog'], querystring: listQuerySchema, response: { 200: auditLogPageSchema } },
      onRequest: requireAuthenticated,
    },
    async (request) => listAuditLog(contextOfRequest(request), request.query),
  );
  api.get(
    '/auditLog/export',
    { schema: { tags: ['auditLog'], querystring: exportQuery }, onRequest: requireAuthenticated },
    async (request, reply) =>
      sendExport(
        reply,
        await exportAuditLog(contextOfRequest(request), request.query, request.query.fields, {
          format: request.query.format,
          timeZone: request.query.timezone,
        }),
      ),
  );
}
