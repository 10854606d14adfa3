import { destroyOf, ENTITIES, type EntityDeclaration, entityResponseSchemas, offersCreate, offersUpdate } from '@ebox/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOfRequest } from '../platform/access';
import { badRequest } from '../platform/errors';
import { checkedIdempotencyKey } from '../platform/idempotency';
import { sendExport } from './export';
import { listQuerySchema } from './list-query';
import { pageSerializerCompiler } from './page-serializer';
import { autocompleteQuery, dataBody, exportQuery, importBody } from './request-schemas';
import { createEntityService } from './service';

export { rowFromDriver } from './repository';

/**
 * Spec 7.3: the same routes for every declared entity (less the ones its declaration refuses, plus
 * its own actions). Handlers only turn HTTP into a service call: the service authorizes.
 */

const idParams = z.object({ id: z.uuid() });
const updateBody = dataBody.extend({ id: z.string().optional() });
const actionBody = z.object({ data: z.unknown().optional() });
const idsQuery = z.object({ ids: z.union([z.array(z.uuid()), z.uuid()]).optional() });

/** A change the caller may repeat safely: the Idempotency-Key header. */
function writeOptionsOf(request: FastifyRequest) {
  return { idempotencyKey: checkedIdempotencyKey(request.headers['idempotency-key']) };
}

export function registerEntityRoutes(app: FastifyInstance, entity: EntityDeclaration): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const service = createEntityService(entity);
  const base = `/${entity.path}`;
  const tags = [entity.name];
  const ctx = contextOfRequest;
  const answers = entityResponseSchemas(entity);

  api.get(
    base,
    // The page answers are written by the kit's own serializer (page-serializer.ts): the same JSON, without encoding every row.
    { schema: { tags, querystring: listQuerySchema, response: { 200: answers.page } }, serializerCompiler: pageSerializerCompiler(entity) },
    async (request) => service.list(ctx(request), request.query),
  );

  api.get(
    `${base}/autocomplete`,
    { schema: { tags, querystring: autocompleteQuery, response: { 200: answers.autocomplete } } },
    async (request) => service.autocomplete(ctx(request), request.query.query, request.query.limit ?? 10, request.query.filter),
  );

  if (entity.routes?.export !== false) {
    api.get(`${base}/export`, { schema: { tags, querystring: exportQuery } }, async (request, reply) =>
      sendExport(
        reply,
        await service.export(ctx(request), request.query, request.query.fields, {
          format: request.query.format,
          timeZone: request.query.timezone,
        }),
      ),
    );
  }

  api.get(`${base}/:id`, { schema: { tags, params: idParams, response: { 200: answers.record } } }, async (request) =>
    service.find(ctx(request), request.params.id),
  );

  if (offersCreate(entity)) {
    api.post(base, { schema: { tags, body: dataBody, response: { 200: answers.created } } }, async (request) =>
      service.create(ctx(request), request.body.data, writeOptionsOf(request)),
    );
  }

  if (!entity.noImport) {
    api.post(`${base}/import`, { schema: { tags, body: importBody, response: { 200: answers.record } } }, async (request) =>
      service.import(ctx(request), request.body.data, request.body.importHash, writeOptionsOf(request)),
    );
  }

  if (offersUpdate(entity)) {
    api.put(`${base}/:id`, { schema: { tags, params: idParams, body: updateBody, response: { 200: answers.record } } }, async (request) => {
      if (request.body.id && request.body.id !== request.params.id) throw badRequest('errors.validation');
      return service.update(ctx(request), request.params.id, request.body.data, writeOptionsOf(request));
    });
  }

  if (destroyOf(entity)) {
    api.delete(base, { schema: { tags, querystring: idsQuery, response: { 200: answers.destroyed } } }, async (request) => {
      const ids = request.query.ids;
      return service.destroy(ctx(request), Array.isArray(ids) ? ids : ids ? [ids] : [], writeOptionsOf(request));
    });
  }

  for (const name of Object.keys(entity.routes?.actions ?? {})) {
    api.post(`${base}/:id/${name}`, { schema: { tags, params: idParams, body: actionBody } }, async (request) =>
      service.action(ctx(request), name, request.params.id, request.body.data, writeOptionsOf(request)),
    );
  }
}

export async function registerKitRoutes(app: FastifyInstance): Promise<void> {
  for (const entity of Object.values(ENTITIES)) registerEntityRoutes(app, entity);
}
