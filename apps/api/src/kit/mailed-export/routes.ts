import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anonymousContext } from '../../platform/context';
import { exportFilePath } from './link';
import { type MailedExport, openExportDownload } from './service';

const fileParams = z.object({ id: z.uuid(), name: z.string().min(1).max(255) });
const linkQuery = z.object({ expires: z.coerce.number().int().nonnegative(), signature: z.string().max(100) });

/** GET /<entity>/export/file/:id/:name: a mailed export's file, public for whoever holds its unexpired signed link. */
export function registerExportFileRoute(app: FastifyInstance, entity: MailedExport['entity'], summary: string): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    `${exportFilePath(entity)}/:id/:name`,
    { config: { public: true }, schema: { tags: [entity], summary, params: fileParams, querystring: linkQuery } },
    async (request, reply) => {
      const ctx = anonymousContext(app.deps, { language: request.language, log: request.log });
      const file = await openExportDownload(ctx, entity, { ...request.params, ...request.query });
      if (file.kind === 'redirect') return reply.redirect(file.url);
      return reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`)
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  );
}
