import { ORDER_STATUSES, ORDER_TYPES } from '@ebox/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOfRequest } from '../../platform/access';
import { INBOUND_SEARCH_LIMIT, searchInbound } from './service';

const searchRow = z.object({
  trackingCode: z.string(),
  result: z.enum(['found', 'alreadyInbound', 'notAllowed', 'unknown']),
  message: z.string(),
  order: z
    .object({
      id: z.string(),
      trackingCode: z.string(),
      type: z.enum(ORDER_TYPES),
      status: z.enum(ORDER_STATUSES),
      company: z.string().nullable(),
      eboxCode: z.string().nullable(),
      compartimentSize: z.string().nullable(),
      customerName: z.string().nullable(),
    })
    .nullable(),
});

/** Spec 7.4's inbound search; the save is the kit's POST /inbound with the module's policy. */
export async function registerInboundRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/inbound/search',
    {
      schema: {
        tags: ['inbound'],
        summary:
          'Answers each tracking code as found (with its order), already inbound, not allowed from its status, or unknown, in the caller’s companies (inboundCreate)',
        body: z.object({ data: z.object({ trackingCodes: z.array(z.string().max(100)).max(INBOUND_SEARCH_LIMIT) }) }),
        response: { 200: z.object({ rows: z.array(searchRow), count: z.number().int() }) },
      },
    },
    async (request) => searchInbound(contextOfRequest(request), request.body.data.trackingCodes),
  );
}
