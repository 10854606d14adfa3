import { CLUSTER_EBOX_SEQUENCES } from '@ebox/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOfRequest } from '../../platform/access';
import { findCompartmentInside } from './compartment-inside';
import { DOOR_EVENT_ACTIONS } from './compartment-inside-repository';
import { autocompleteClusterEboxes, cloneEbox, clusterStatus, eboxMetrics, generateCompartiments } from './service';

const uuid = z.uuid();
const count = z.number().int();
const statusCounts = z.object({ AVAILABLE: count, OCCUPIED: count, DAMAGE: count, DIRTY: count, BOOKED: count });

/** Spec 7.4's locker extras; the services check permission and scope (routes only build the context). */
export async function registerEboxRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/ebox/generateCompartiments',
    {
      schema: {
        tags: ['ebox'],
        summary: "Deletes a locker's compartments and creates them again from its modules (refused while one holds a parcel)",
        body: z.object({ data: z.object({ ebox: uuid, sequenceCompartiments: z.enum(CLUSTER_EBOX_SEQUENCES).optional() }) }),
        response: { 200: z.object({ count, sequenceCompartiments: z.enum(CLUSTER_EBOX_SEQUENCES) }) },
      },
    },
    async (request) => generateCompartiments(contextOfRequest(request), request.body.data),
  );

  api.put(
    '/ebox/clone/:id',
    {
      schema: {
        tags: ['ebox'],
        summary: "A new locker from the form, with a copy of the source locker's compartments",
        params: z.object({ id: uuid }),
        body: z.object({ data: z.unknown() }),
      },
    },
    async (request) => cloneEbox(contextOfRequest(request), request.params.id, request.body.data),
  );

  api.get(
    '/ebox/metrics',
    {
      schema: {
        tags: ['ebox'],
        summary: "A locker's compartments, orders and compartment counts by status",
        querystring: z.object({ eboxId: uuid }),
        response: {
          200: z.object({
            compartiments: z.array(z.record(z.string(), z.unknown())),
            orders: z.array(z.unknown()),
            statusCompartiments: statusCounts,
          }),
        },
      },
    },
    async (request) => eboxMetrics(contextOfRequest(request), request.query.eboxId),
  );

  api.get(
    '/compartiment/:id/inside',
    {
      schema: {
        tags: ['ebox'],
        summary: "The parcel in a compartment (the caller's companies' only) and its door's last events",
        params: z.object({ id: uuid }),
        response: {
          200: z.object({
            order: z
              .object({
                id: z.string(),
                trackingCode: z.string().nullable(),
                referenceNumber: z.string().nullable(),
                type: z.string().nullable(),
                status: z.string().nullable(),
                customerName: z.string().nullable(),
                createdAt: z.string(),
                storedAt: z.string().nullable(),
                overdueDate: z.string().nullable(),
              })
              .nullable(),
            doorEvents: z.array(z.object({ action: z.enum(DOOR_EVENT_ACTIONS), at: z.string(), outcome: z.string().nullable() })),
          }),
        },
      },
    },
    async (request) => findCompartmentInside(contextOfRequest(request), request.params.id),
  );

  api.get(
    '/cluster/:id/status',
    {
      schema: {
        tags: ['cluster'],
        summary: "Per compartment size of the cluster's lockers: total, available, damaged, occupied, booked",
        params: z.object({ id: uuid }),
        response: {
          200: z.record(
            z.string(),
            z.object({
              size: z.string(),
              total: count,
              total_compartiments: count,
              available: count,
              damaged: count,
              occupied: count,
              booked: count,
            }),
          ),
        },
      },
    },
    async (request) => clusterStatus(contextOfRequest(request), request.params.id),
  );

  api.get(
    '/clusterEbox/autocompleteEbox',
    {
      schema: {
        tags: ['cluster'],
        summary: 'The lockers linked to a cluster, for pickers',
        querystring: z.object({
          clusterId: uuid,
          query: z.string().optional(),
          limit: z.coerce.number().int().min(1).max(100).default(20),
        }),
        response: { 200: z.array(z.object({ id: z.string(), label: z.string() })) },
      },
    },
    async (request: FastifyRequest<{ Querystring: { clusterId: string; query?: string; limit: number } }>) =>
      autocompleteClusterEboxes(contextOfRequest(request), request.query.clusterId, request.query.query, request.query.limit),
  );
}
