import { ORDER_STATUSES } from '@ebox/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOfRequest } from '../../platform/access';
import { orderHistoryOf, updateOrderOverdue, updateOrderStatus } from './service';

const uuid = z.uuid();

const historyEntry = z.object({
  id: z.string(),
  // null: the order's creation (or import), its first entry.
  from: z.string().nullable(),
  to: z.string().nullable(),
  refused: z.boolean(),
  trigger: z.string(),
  reason: z.string().nullable(),
  refusal: z.string().nullable(),
  actor: z.object({ kind: z.string(), id: z.string().nullable(), label: z.string() }),
  at: z.string(),
  recordedAt: z.string(),
});

/** Spec 7.4's order extras; the services check permission and scope (routes only build the context). */
export async function registerOrderRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/order/:id/history',
    {
      schema: {
        tags: ['order'],
        summary: "An order's status changes and refused triggers, oldest first (who or which locker, when, from, to, why)",
        params: z.object({ id: uuid }),
        response: { 200: z.array(historyEntry) },
      },
    },
    async (request) => orderHistoryOf(contextOfRequest(request), request.params.id),
  );

  api.post(
    '/order/update-status',
    {
      schema: {
        tags: ['order'],
        summary: 'Moves an order to a status the lifecycle machine allows from its current one, with a reason (orderUpdateStatus)',
        body: z.object({ data: z.object({ id: uuid, status: z.enum(ORDER_STATUSES), reason: z.string().max(500).nullish() }) }),
        response: { 200: z.object({ id: z.string(), status: z.unknown() }) },
      },
      config: { labelPrefix: 'entities.order.fields' },
    },
    async (request) => updateOrderStatus(contextOfRequest(request), request.body.data),
  );

  api.post(
    '/order/update-overdue',
    {
      schema: {
        tags: ['order'],
        summary: 'A new overdue (expiry) date for orders not yet expired (orderUpdateOverdue)',
        body: z.object({
          data: z.object({ ids: z.union([z.array(uuid).min(1).max(1000), uuid]), overdueDate: z.string().max(40) }),
        }),
        response: { 200: z.object({ count: z.number().int(), overdueDate: z.string() }) },
      },
      config: { labelPrefix: 'entities.order.fields' },
    },
    async (request) => {
      const { ids, overdueDate } = request.body.data;
      return updateOrderOverdue(contextOfRequest(request), { ids: Array.isArray(ids) ? ids : [ids], overdueDate });
    },
  );
}
