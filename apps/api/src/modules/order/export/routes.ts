import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exportQuery } from '../../../kit/request-schemas';
import { contextOfRequest } from '../../../platform/access';
import { anonymousContext } from '../../../platform/context';
import { openExportDownload, requestOrderExport } from './export-service';

const fileParams = z.object({ id: z.uuid(), name: z.string().min(1).max(255) });
const linkQuery = z.object({ expires: z.coerce.number().int().nonnegative(), signature: z.string().max(100) });

/** GET /order/export (spec 1, 7.4): the export by mail; GET /order/export/file/...: its signed download. */
export async function registerOrderExportRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/order/export',
    {
      schema: {
        tags: ['order'],
        summary: 'Exports the orders of a creation period (at most 31 days): the download link is emailed',
        querystring: exportQuery,
        response: { 200: z.object({ success: z.boolean() }) },
      },
    },
    async (request) =>
      requestOrderExport(contextOfRequest(request), {
        filter: request.query.filter,
        orderBy: request.query.orderBy,
        timezone: request.query.timezone,
        format: request.query.format,
        fields: request.query.fields,
      }),
  );
  api.get(
    '/order/export/file/:id/:name',
    {
      config: { public: true },
      schema: {
        tags: ['order'],
        summary: 'An order export, for whoever holds its unexpired signed link',
        params: fileParams,
        querystring: linkQuery,
      },
    },
    async (request, reply) => {
      const ctx = anonymousContext(app.deps, { language: request.language, log: request.log });
      const file = await openExportDownload(ctx, { ...request.params, ...request.query });
      if (file.kind === 'redirect') return reply.redirect(file.url);
      return reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`)
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  );
}
