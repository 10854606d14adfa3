import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registerExportFileRoute } from '../../../kit/mailed-export/routes';
import { exportQuery } from '../../../kit/request-schemas';
import { contextOfRequest } from '../../../platform/access';
import { requestOrderExport } from './export-service';

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
  registerExportFileRoute(app, 'order', 'An order export, for whoever holds its unexpired signed link');
}
