import { DECLARED_ENTITIES, ORDER_STATUSES, ORDER_TYPES, PACKING_STEPS } from '@ebox/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { runDeclaredAction } from '../../kit/entity-write';
import { resourceOf } from '../../kit/repository';
import { contextOfRequest } from '../../platform/access';
import { badRequest } from '../../platform/errors';
import { checkedIdempotencyKey } from '../../platform/idempotency';
import { listPackingOrders, listPackingStep, packingMetrics, printRomaneio } from './service';

const idParams = z.object({ id: z.uuid() });
const locker = z.object({ id: z.string(), code: z.string(), name: z.string() });
const ids = z.union([z.array(z.uuid()), z.uuid()]).transform((value) => (Array.isArray(value) ? value : [value]));
const stepFilter = z.object({ ebox: ids.optional(), company: z.uuid().optional(), trackingCode: z.string().max(46).optional() }).optional();

const stepRow = z.object({
  id: z.string(),
  step: z.enum(PACKING_STEPS),
  trackingCode: z.string(),
  type: z.enum(ORDER_TYPES),
  status: z.enum(ORDER_STATUSES),
  company: z.string().nullable(),
  ebox: locker.nullable(),
  compartimentSize: z.string().nullable(),
  compartimentNumber: z.number().int().nullable(),
  customerName: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  updatedAt: z.string(),
  hasChange: z.boolean(),
  target: z.object({ id: z.string(), number: z.number().int() }).nullable(),
  notFitting: z.string().nullable(),
});

const packingRow = z.object({
  id: z.string(),
  orderId: z.string(),
  trackingCode: z.string(),
  type: z.enum(ORDER_TYPES),
  status: z.enum(ORDER_STATUSES),
  step: z.enum(PACKING_STEPS),
  position: z.number().int(),
  ebox: locker.nullable(),
  compartimentSize: z.string().nullable(),
  compartimentNumber: z.number().int().nullable(),
  target: z.object({ id: z.string().nullable(), number: z.number().int() }).nullable(),
  previousCompartimentNumber: z.number().int().nullable(),
  notFitting: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  customerName: z.string().nullable(),
  hasChange: z.boolean(),
  outcome: z.string().nullable(),
});

const metricsLocker = z.object({ ebox: locker.nullable(), count: z.number().int(), fits: z.number().int(), notFitting: z.number().int() });

/** The packing's own calls (issue 30): the steps, their metrics, a packing's rows, finish (spec 7.4), the romaneio PDF. */
export async function registerPackingRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/packing/metrics',
    {
      schema: {
        tags: ['packing'],
        summary: 'Per step, the orders waiting at each locker; for deliveries how many fit its free compartments (packingCreate)',
        querystring: z.object({ filter: stepFilter }),
        response: {
          200: z.object({
            steps: z.array(z.object({ step: z.enum(PACKING_STEPS), total: z.number().int(), lockers: z.array(metricsLocker) })),
          }),
        },
      },
    },
    async (request) => packingMetrics(contextOfRequest(request), request.query.filter ?? {}),
  );

  api.get(
    '/packing/steps/:step',
    {
      schema: {
        tags: ['packing'],
        summary:
          'The orders of one step (spec 4.1) keyed by locker, 25 a page, not in an open packing; deliveries with their proposed compartment or why none fits (packingCreate)',
        params: z.object({ step: z.enum(PACKING_STEPS) }),
        querystring: z.object({
          filter: stepFilter,
          offset: z.coerce.number().int().min(0).optional(),
          limit: z.coerce.number().int().min(1).max(200).optional(),
        }),
        response: { 200: z.object({ rows: z.array(stepRow), count: z.number().int() }) },
      },
    },
    async (request) => listPackingStep(contextOfRequest(request), request.params.step, request.query),
  );

  api.get(
    '/packing/:id/orders',
    {
      schema: {
        tags: ['packing'],
        summary: "A packing's rows in the run's order: step, locker, size, target compartment, hasChange (packingRead)",
        params: idParams,
        response: { 200: z.object({ rows: z.array(packingRow), count: z.number().int() }) },
      },
    },
    async (request) => listPackingOrders(contextOfRequest(request), request.params.id),
  );

  api.put(
    '/packing/finish/:id',
    {
      schema: {
        tags: ['packing'],
        summary: 'Spec 7.4: finishes the packing, freeing its orders for another one (packingCreate); finish-all calls it for each id',
        params: idParams,
        body: z.object({ id: z.string().optional(), data: z.unknown().optional() }).optional(),
      },
    },
    async (request) => {
      if (request.body?.id && request.body.id !== request.params.id) throw badRequest('errors.validation');
      return runDeclaredAction(contextOfRequest(request), resourceOf(DECLARED_ENTITIES.packing), 'finish', request.params.id, undefined, {
        idempotencyKey: checkedIdempotencyKey(request.headers['idempotency-key']),
      });
    },
  );

  api.get(
    '/packing/:id/romaneio',
    {
      schema: {
        tags: ['packing'],
        summary: "The printable romaneio (PDF), its deliveries' compartments re-checked first (packingRead)",
        params: idParams,
      },
    },
    async (request, reply) => {
      const pdf = await printRomaneio(contextOfRequest(request), request.params.id);
      return reply.type('application/pdf').header('content-disposition', `attachment; filename="${pdf.fileName}"`).send(pdf.stream);
    },
  );
}
