import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOfRequest, requirePermission } from '../../platform/access';
import { readQueueState } from './service';

const count = z.number().int();
const queueStateSchema = z.object({
  queues: z.array(z.object({ name: z.string(), queued: count, active: count, retrying: count, failed: count, completed: count })),
  failures: z.array(z.object({ id: z.string(), name: z.string(), error: z.string(), attempts: count, failedAt: z.string() })),
});

export async function registerJobRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/jobs',
    {
      schema: {
        tags: ['jobs'],
        summary: 'The job queue: jobs per name and state (queued, active, retrying, failed, completed) and the latest failures',
        response: { 200: queueStateSchema },
      },
      onRequest: requirePermission('settingsEdit'),
    },
    async (request) => readQueueState(contextOfRequest(request)),
  );
}
