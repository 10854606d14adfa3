import { enrolmentTokenDataSchema } from '@ebox/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOfRequest } from '../../platform/access';
import { createEnrolmentToken, disenrolLocker } from './service';

/** Enrolling a locker's terminal (spec 7.4 createToken) and taking it back; the services check permission and scope. */
export async function registerEnrolmentRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/ebox/createToken',
    {
      schema: {
        tags: ['ebox'],
        summary: "A one-time token a locker's terminal trades for its own broker credentials (Open-Locker's enrolment)",
        body: z.object({ locker: z.uuid(), config: z.record(z.string(), z.unknown()).nullish() }),
        response: { 200: z.object({ tokenData: enrolmentTokenDataSchema }) },
      },
    },
    async (request, reply) => {
      // The answer holds a one-time secret and the bootstrap password: no cache may keep it.
      reply.header('cache-control', 'no-store');
      return createEnrolmentToken(contextOfRequest(request), { locker: request.body.locker, config: request.body.config ?? undefined });
    },
  );

  api.post(
    '/ebox/disenrol/:id',
    {
      schema: {
        tags: ['ebox'],
        summary: "Revokes the locker terminal's credentials at once (it is disconnected) and marks the locker offline",
        params: z.object({ id: z.uuid() }),
        response: { 200: z.object({ id: z.uuid() }) },
      },
    },
    async (request) => disenrolLocker(contextOfRequest(request), request.params.id),
  );
}
