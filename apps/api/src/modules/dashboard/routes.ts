import { dashboardAnswerSchema, dashboardQuerySchema } from '@ebox/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sharedAnswerSerializerCompiler } from '../../kit/coalesce';
import { contextOfRequest } from '../../platform/access';
import { readDashboard } from './dashboard-service';

/** GET /dashboard (spec 7.4; issue 28). */
export async function registerDashboardRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/dashboard',
    {
      schema: {
        tags: ['dashboard'],
        summary:
          "The home dashboard: a period's figures against the previous period cut at the same point, its series, locker rankings and the figures of now, for the companies and lockers the caller sees",
        querystring: dashboardQuerySchema,
        response: { 200: dashboardAnswerSchema },
      },
      // Requests asked together share one answer (dashboard-service.ts): it is written once.
      serializerCompiler: sharedAnswerSerializerCompiler(),
    },
    async (request) => readDashboard(contextOfRequest(request), request.query),
  );
}
