import { fleetVersionsAnswerSchema, plainTextSchema, SOFTWARE_UPDATE_STATES, softwareHistoryAnswerSchema } from '@ebox/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOfRequest } from '../../platform/access';
import { anonymousContext } from '../../platform/context';
import { cascadeReleases, listReleaseLockers, openReleaseDownload } from './service';
import { fleetVersions, softwareHistoryOfLocker } from './software-reads';

const cascaderQuery = z.object({
  query: plainTextSchema.max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
const historyQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(25),
  offset: z.coerce.number().int().min(0).default(0),
});
const fleetQuery = z.object({ filter: z.object({ company: z.uuid('validation.mixed.invalid').optional() }).optional() });
type Option = { id: string; label: string; children?: Option[] };
const option: z.ZodType<Option> = z.lazy(() => z.object({ id: z.string(), label: z.string(), children: z.array(option).optional() }));
const lockerRow = z.object({
  ebox: z.object({ id: z.string(), name: z.string().nullable(), code: z.string().nullable() }),
  stage: z.number(),
  state: z.enum(SOFTWARE_UPDATE_STATES),
  attempt: z.number(),
  reason: z.string().nullable(),
  previousVersion: z.string().nullable(),
  sentAt: z.string().nullable(),
  updatedAt: z.string(),
});

/** A release's own reads beyond the kit (issue 31): the cascader of spec 7.4, its lockers, the signed download. */
export async function registerTerminalReleaseRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/terminalUiRelease/cascader',
    {
      schema: {
        tags: ['terminalUiRelease'],
        summary: 'Releases by company (spec 7.4; docs/api-contract.md "Cascaders")',
        querystring: cascaderQuery,
        response: { 200: z.array(option) },
      },
    },
    async (request) => cascadeReleases(contextOfRequest(request), { text: request.query.query, limit: request.query.limit ?? 10 }),
  );
  api.get(
    '/terminalUiRelease/:id/lockers',
    {
      schema: {
        tags: ['terminalUiRelease'],
        summary: "Each locker of a release: its stage, its update's state, attempt and the terminal's reason of a failure",
        params: z.object({ id: z.string() }),
        response: { 200: z.object({ rows: z.array(lockerRow), count: z.number() }) },
      },
    },
    async (request) => listReleaseLockers(contextOfRequest(request), request.params.id),
  );
  api.get(
    '/terminalUiRelease/fleet',
    {
      schema: {
        tags: ['terminalUiRelease'],
        summary:
          "How many of the caller's lockers (of one company with filter[company]) run each application and UI version; null: never reported",
        querystring: fleetQuery,
        response: { 200: fleetVersionsAnswerSchema },
      },
    },
    async (request) => fleetVersions(contextOfRequest(request), { company: request.query.filter?.company }),
  );
  api.get(
    '/ebox/:id/software-history',
    {
      schema: {
        tags: ['ebox'],
        summary: 'Every release that reached the locker, newest first: what it sent, the version before, and how it ended',
        params: z.object({ id: z.string().max(36) }),
        querystring: historyQuery,
        response: { 200: softwareHistoryAnswerSchema },
      },
    },
    async (request) => softwareHistoryOfLocker(contextOfRequest(request), request.params.id, request.query),
  );
  api.get(
    '/terminalUiRelease/download/:target/:attempt',
    {
      config: { public: true },
      schema: {
        tags: ['terminalUiRelease'],
        summary: "A release's build for the locker holding this attempt's signed URL, valid 1 h",
        params: z.object({ target: z.string().max(36), attempt: z.coerce.number().int().min(1) }),
        querystring: z.object({ expires: z.coerce.number().int(), signature: z.string().max(200).optional() }),
      },
    },
    async (request, reply) => {
      const ctx = anonymousContext(app.deps, { language: request.language, log: request.log });
      const found = await openReleaseDownload(ctx, {
        targetId: request.params.target,
        attempt: request.params.attempt,
        expires: request.query.expires,
        signature: request.query.signature,
      });
      if ('redirect' in found) return reply.header('cache-control', 'no-store').redirect(found.redirect);
      if (found.size !== null) reply.header('content-length', String(found.size));
      return reply.type('application/octet-stream').header('cache-control', 'no-store').send(found.stream);
    },
  );
}
