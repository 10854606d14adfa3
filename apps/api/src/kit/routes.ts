import { ENTITIES, type EntityDeclaration, entityResponseSchemas, permissionOf } from '@ebox/domain';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePermission, requireUser, scopeOf } from '../platform/access';
import { badRequest } from '../platform/errors';
import { parseExportFields, streamExport } from './export';
import { listQuerySchema } from './list-query';
import { listSelect, type Resource, type Row } from './repository';
import { autocompleteQuery, dataBody, exportQuery, importBody } from './request-schemas';
import { createEntityService } from './service';

/** Spec 7.3: the same routes for every declared entity, guarded by that entity's permissions. */

const idParams = z.object({ id: z.uuid() });
const updateBody = dataBody.extend({ id: z.string().optional() });
const idsQuery = z.object({ ids: z.union([z.array(z.uuid()), z.uuid()]).optional() });

/** Raw cursor rows carry database column names; map them back to field names and JS values. */
export function rowFromDriver(resource: Resource, raw: Record<string, unknown>): Row {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(resource.columns) as [string, PgColumn][]) {
    const name = (column as unknown as { name?: string }).name;
    if (!name || !(name in raw)) continue;
    const value = raw[name];
    row[key] = value === null || value === undefined || value instanceof Date ? value : column.mapFromDriverValue(value);
  }
  return row as Row;
}

export function registerEntityRoutes(app: FastifyInstance, entity: EntityDeclaration): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const service = createEntityService(entity);
  const base = `/${entity.path}`;
  const tags = [entity.name];
  const can = (action: Parameters<typeof permissionOf>[1]) => requirePermission(permissionOf(entity, action));
  const answers = entityResponseSchemas(entity);

  api.get(
    base,
    { schema: { tags, querystring: listQuerySchema, response: { 200: answers.page } }, preHandler: can('Read') },
    async (request) => service.list(app.deps.db, requireUser(request), request.query),
  );

  api.get(
    `${base}/autocomplete`,
    { schema: { tags, querystring: autocompleteQuery, response: { 200: answers.autocomplete } }, preHandler: can('Autocomplete') },
    async (request) => service.autocomplete(app.deps.db, requireUser(request), request.query.query, request.query.limit ?? 10),
  );

  api.get(`${base}/export`, { schema: { tags, querystring: exportQuery }, preHandler: can('Read') }, async (request, reply) => {
    const actor = requireUser(request);
    const fields = parseExportFields(entity, request.query.fields);
    const query = listSelect(app.deps.db, service.resource, request.query, scopeOf(actor)).toSQL();
    return streamExport({
      db: app.deps.db,
      reply,
      entity,
      fields,
      language: request.language,
      query: { sql: query.sql, params: query.params },
      present: async (rows) => {
        const { presentRows } = await import('./present');
        return presentRows(
          app.deps.db,
          entity,
          rows.map((raw) => rowFromDriver(service.resource, raw)),
          scopeOf(actor),
        );
      },
    });
  });

  api.get(
    `${base}/:id`,
    { schema: { tags, params: idParams, response: { 200: answers.record } }, preHandler: can('Read') },
    async (request) => service.find(app.deps.db, requireUser(request), request.params.id),
  );

  api.post(base, { schema: { tags, body: dataBody, response: { 200: answers.record } }, preHandler: can('Create') }, async (request) =>
    service.create(app.deps.db, requireUser(request), request.body.data),
  );

  if (!entity.noImport) {
    api.post(
      `${base}/import`,
      { schema: { tags, body: importBody, response: { 200: answers.record } }, preHandler: can('Import') },
      async (request) => service.import(app.deps.db, requireUser(request), request.body.data, request.body.importHash),
    );
  }

  api.put(
    `${base}/:id`,
    { schema: { tags, params: idParams, body: updateBody, response: { 200: answers.record } }, preHandler: can('Edit') },
    async (request) => {
      if (request.body.id && request.body.id !== request.params.id) throw badRequest('errors.validation');
      return service.update(app.deps.db, requireUser(request), request.params.id, request.body.data);
    },
  );

  api.delete(
    base,
    { schema: { tags, querystring: idsQuery, response: { 200: answers.destroyed } }, preHandler: can('Destroy') },
    async (request) => {
      const ids = request.query.ids;
      await service.destroy(app.deps.db, requireUser(request), Array.isArray(ids) ? ids : ids ? [ids] : []);
      return true;
    },
  );
}

export async function registerKitRoutes(app: FastifyInstance): Promise<void> {
  for (const entity of Object.values(ENTITIES)) registerEntityRoutes(app, entity);
}
