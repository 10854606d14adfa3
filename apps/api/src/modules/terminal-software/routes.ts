import { plainTextSchema } from '@ebox/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOfRequest } from '../../platform/access';
import { cascaderOf, requestUiBuildUpload } from './service';

const uploadBody = z.object({
  contentType: plainTextSchema.min(1).max(255),
  fileName: plainTextSchema.min(1).max(255),
  /** Spec 7.4 sends it (the file's kind); the storage does not need it. */
  type: plainTextSchema.max(255).optional(),
});
const signedUpload = z.object({ SignedUrl: z.string(), Key: z.string(), File: z.object({ id: z.string() }) });
const cascaderQuery = z.object({
  query: plainTextSchema.max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
type Option = { id: string; label: string; children?: Option[] };
const option: z.ZodType<Option> = z.lazy(() => z.object({ id: z.string(), label: z.string(), children: z.array(option).optional() }));

/** Issue 31's HTTP entry points: the upload of a terminal UI build and the cascaders (spec 7.4). */
export async function registerTerminalSoftwareRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    '/upload/terminalUiVersion',
    {
      schema: {
        tags: ['terminalUiVersion'],
        summary: 'A signed URL to PUT a terminal UI build to, its storage key and its file id (spec 7.4)',
        body: uploadBody,
        response: { 200: signedUpload },
      },
    },
    async (request) => requestUiBuildUpload(contextOfRequest(request), request.body),
  );
  for (const resource of ['terminalUiVersion', 'building'] as const) {
    api.get(
      `/${resource}/cascader`,
      {
        schema: {
          tags: [resource],
          summary: 'Choices with their children (spec 7.4; docs/api-contract.md "Cascaders")',
          querystring: cascaderQuery,
          response: { 200: z.array(option) },
        },
      },
      async (request) => cascaderOf(contextOfRequest(request), resource, { text: request.query.query, limit: request.query.limit ?? 10 }),
    );
  }
}
