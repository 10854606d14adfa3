import { WEBHOOK_DELIVERY_STATUSES } from '@ebox/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOfRequest } from '../../platform/access';
import { listWebhookDeliveries, replayFailedDeliveries, resendWebhookDelivery, rotateSecretOf } from './delivery-service';

const attempt = z.object({
  attemptedAt: z.string(),
  statusCode: z.number().nullable(),
  durationMs: z.number(),
  responseExcerpt: z.string().nullable(),
  error: z.string().nullable(),
});
const delivery = z.object({
  id: z.string(),
  messageId: z.string(),
  type: z.string(),
  lane: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number(),
  nextAttemptAt: z.string().nullable(),
  lastStatusCode: z.number().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
  body: z.string(),
  attemptLog: z.array(attempt),
});

/** A webhook's delivery log and "send again" (issue 27); the service checks permission and company scope. */
export async function registerWebhookRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/webhook/:id/deliveries',
    {
      schema: {
        tags: ['webhook'],
        summary: "A webhook's deliveries, newest first, each with its attempts (status, duration, the answer's first bytes)",
        params: z.object({ id: z.uuid() }),
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(100).default(25),
          offset: z.coerce.number().int().min(0).max(100_000).default(0),
          status: z.enum(WEBHOOK_DELIVERY_STATUSES).optional(),
        }),
        response: { 200: z.object({ rows: z.array(delivery), count: z.number() }) },
      },
    },
    async (request) => {
      const { rows, count } = await listWebhookDeliveries(contextOfRequest(request), request.params.id, request.query);
      return {
        count,
        rows: rows.map((row) => ({
          id: row.id,
          messageId: `msg_${row.id}`,
          type: row.type,
          lane: row.lane,
          status: row.status as (typeof WEBHOOK_DELIVERY_STATUSES)[number],
          attempts: row.attempts,
          nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt : null,
          lastStatusCode: row.lastStatusCode,
          lastError: row.lastError,
          createdAt: row.createdAt,
          deliveredAt: row.deliveredAt,
          body: row.body,
          attemptLog: row.attemptLog.map(({ attemptedAt, statusCode, durationMs, responseExcerpt, error }) => ({
            attemptedAt,
            statusCode,
            durationMs,
            responseExcerpt,
            error,
          })),
        })),
      };
    },
  );

  api.post(
    '/webhook/:id/deliveries/:deliveryId/resend',
    {
      schema: {
        tags: ['webhook'],
        summary: 'Sends a delivery again, under the same webhook-id, in its order among the order’s deliveries',
        params: z.object({ id: z.uuid(), deliveryId: z.uuid() }),
        response: { 200: z.object({ id: z.string(), status: z.literal('pending') }) },
      },
    },
    async (request) => {
      const result = await resendWebhookDelivery(contextOfRequest(request), request.params.id, request.params.deliveryId);
      return { id: result.id, status: 'pending' as const };
    },
  );

  api.post(
    '/webhook/:id/deliveries/replay',
    {
      schema: {
        tags: ['webhook'],
        summary: 'Sends again every given-up delivery created in a time range (a receiver that was down)',
        params: z.object({ id: z.uuid() }),
        body: z.object({ data: z.object({ from: z.iso.datetime({ offset: true }), to: z.iso.datetime({ offset: true }) }) }),
        response: { 200: z.object({ count: z.number() }) },
      },
    },
    async (request) => replayFailedDeliveries(contextOfRequest(request), request.params.id, request.body.data),
  );

  api.post(
    '/webhook/:id/rotateSecret',
    {
      schema: {
        tags: ['webhook'],
        summary: 'A new signing secret, answered once; the current one keeps signing for overlapHours (24 by default)',
        params: z.object({ id: z.uuid() }),
        body: z.object({ data: z.object({ overlapHours: z.number().min(0).max(168).optional() }).optional() }),
        response: { 200: z.object({ secret: z.string(), previousValidUntil: z.string().nullable() }) },
      },
    },
    async (request) => rotateSecretOf(contextOfRequest(request), request.params.id, request.body.data?.overlapHours),
  );
}
