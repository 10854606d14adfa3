import { plainTextSchema } from '@ebox/domain';
import { companySettingAnswerSchema } from '@ebox/domain/company-settings';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOfRequest } from '../../platform/access';
import { readCompanySetting } from './service';

const params = z.object({ type: plainTextSchema.min(1).max(64) });
const query = z.object({
  /** A company's name (contained) or id. */
  query: plainTextSchema.max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

export async function registerCompanySettingRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/company-setting/:type',
    {
      schema: {
        tags: ['company'],
        summary: "One kind of the companies' settings (order types, SMS gateway, overdue days...), for the forms that need it",
        params,
        querystring: query,
        response: { 200: companySettingAnswerSchema },
      },
    },
    async (request) => readCompanySetting(contextOfRequest(request), request.params.type, request.query),
  );
}
