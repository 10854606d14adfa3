import {
  autocompleteGrantsOf,
  ENTITIES,
  type EntityDeclaration,
  type EntityRecord,
  filterPermissionOf,
  searchTermsOf,
  translatorFor,
} from '@ebox/domain';
import type { SQL } from 'drizzle-orm';
import { authorizeAny, can, dbOf, type ServiceContext } from '../platform/context';
import { autocompleteSourceOf } from '../platform/entity-rules';
import { AppError, badRequest } from '../platform/errors';
import { scopeOfContext } from './entity-checks';
import { importRecord } from './entity-import';
import {
  authorizeEntity,
  createRecord,
  destroyRecords,
  loadInScope,
  policyFor,
  revealTo,
  runDeclaredAction,
  updateRecord,
  type WriteOptions,
} from './entity-write';
import { DEFAULT_EXPORT_TIME_ZONE, type ExportFile, type ExportOptions, type ExportTask, openExport, parseExportFields } from './export';
import { exportSelect } from './export-query';
import type { ListQuery } from './list-query';
import { presentRow, presentRows } from './present';
import { autocompleteRows, listRows, type Resource, resourceOf } from './repository';
import { searchCondition, searchRows } from './search';

/**
 * Business rules shared by every declared entity, for every caller (an HTTP route, a job, a
 * locker's MQTT handler, the demo seed): each operation takes the service context first, checks the
 * actor's permission itself, reads and writes only within the actor's company scope, runs the
 * entity's policy, validates with the declaration's schema, locks the rows it changes and writes the
 * audit log in the same transaction (the caller's, when it has one). The reads live here, the
 * changes in entity-write.ts, imports in entity-import.ts, their checks in entity-checks.ts.
 */

export type { WriteOptions } from './entity-write';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A list's or an export's filters that need a permission of their own (the entity's
 * `filterPermissions`, spec 6 filterEbox...): one the caller lacks answers 403 naming the filter and
 * the permission, in their language. An empty value filters nothing and passes.
 */
export function authorizeFilters(ctx: ServiceContext, entity: EntityDeclaration, filter: Record<string, unknown> | undefined): void {
  for (const [name, value] of Object.entries(filter ?? {})) {
    const permission = filterPermissionOf(entity, name);
    if (!permission || value === undefined || value === null || value === '' || can(ctx, permission)) continue;
    if (Array.isArray(value) && value.length === 0) continue;
    const t = translatorFor(ctx.language);
    throw new AppError('forbidden', 'errors.filterNotAllowed', {
      entity: t(`entities.${entity.name}.labelPlural`).toLowerCase(),
      field: t(`entities.${entity.name}.fields.${name}`),
      permission: t(`permissions.${permission}.label`),
    });
  }
}

/**
 * A list's `filter[search]` (an entity with a declared search, packages/domain kit/search.ts) taken
 * out of its filters and turned into one condition: the rows any of its lookups finds, among the
 * fields the caller may filter by (a field whose filter needs a permission they lack is not searched).
 */
function takeSearch(ctx: ServiceContext, resource: Resource, query: ListQuery): { query: ListQuery; search?: SQL } {
  const { search: typed, ...filter } = query.filter ?? {};
  if (typed === undefined || !resource.entity.search) return { query };
  if (typeof typed !== 'string') throw badRequest('errors.invalidFilter', { field: 'search' });
  const rest = { ...query, filter };
  if (!typed.trim()) return { query: rest };
  return {
    query: rest,
    search: searchCondition(
      resource,
      searchTermsOf(resource.entity, typed, (permission) => can(ctx, permission)),
    ),
  };
}

/** One page of the list, presented, and its total. */
export async function listRecords(ctx: ServiceContext, resource: Resource, asked: ListQuery) {
  const { entity } = resource;
  authorizeEntity(ctx, entity, 'Read');
  authorizeFilters(ctx, entity, asked.filter);
  const { query, search } = takeSearch(ctx, resource, asked);
  const policy = policyFor(ctx, entity);
  policy.beforeList?.(ctx, query, 'list');
  const scope = scopeOfContext(ctx);
  const db = dbOf(ctx);
  // A total kept per status knows nothing of a search.
  const maintainedTotal = search ? undefined : policy.maintainedTotal?.(query, scope);
  const { rows, ...total } = await listRows(db, resource, { ...query, language: ctx.language }, scope, search ? [search] : [], {
    withLabels: true,
    maintainedTotal,
  });
  return { rows: await presentRows(db, entity, rows, scope, ctx.deps.modules), ...total };
}

export async function findRecord(ctx: ServiceContext, resource: Resource, id: string): Promise<EntityRecord> {
  const { entity } = resource;
  authorizeEntity(ctx, entity, 'Read');
  const row = await loadInScope(ctx, resource, id);
  return presentRow(dbOf(ctx), entity, row, scopeOfContext(ctx), ctx.deps.modules, revealTo(ctx, entity));
}

export async function autocompleteRecords(
  ctx: ServiceContext,
  resource: Resource,
  text: string | undefined,
  limit: number,
  filter?: Record<string, unknown>,
) {
  const { entity } = resource;
  // A form's relation picker answers whoever may fill the form in (see autocompleteGrantsOf).
  authorizeAny(ctx, autocompleteGrantsOf(entity));
  const own = autocompleteSourceOf(ctx.deps.modules, entity.name);
  if (own) return own(dbOf(ctx), { text, limit, filter, scope: scopeOfContext(ctx) });
  const typed = text?.trim();
  if (entity.search && typed) {
    // The palette asks for any field the caller may search; one they may not filter by is left out, not refused.
    const terms = searchTermsOf(entity, typed, (permission) => can(ctx, permission));
    const id = UUID.test(typed) ? typed : undefined;
    return searchRows(dbOf(ctx), resource, { terms, id, limit, filter, scope: scopeOfContext(ctx) });
  }
  return autocompleteRows(dbOf(ctx), resource, text, limit, scopeOfContext(ctx), filter, ctx.language);
}

/**
 * An export checked (rights, filters, fields) and its SQL built but not run: plain data a worker
 * thread writes to a file (writeExportInWorker), so the caller's rights and filters are judged here,
 * in the API.
 */
export function exportTaskOf(
  ctx: ServiceContext,
  resource: Resource,
  query: ListQuery,
  fieldNames: unknown,
  options: ExportOptions = {},
): ExportTask {
  const { entity } = resource;
  authorizeEntity(ctx, entity, 'Read');
  authorizeFilters(ctx, entity, query.filter);
  policyFor(ctx, entity).beforeList?.(ctx, query, 'export');
  const fields = parseExportFields(entity, fieldNames);
  const timeZone = options.timeZone ?? DEFAULT_EXPORT_TIME_ZONE;
  const sql = exportSelect(ctx.deps.db, resource, { ...query, language: ctx.language }, scopeOfContext(ctx), fields, timeZone).toSQL();
  return {
    entity: entity.name,
    fields,
    language: ctx.language,
    format: options.format,
    batchSize: options.batchSize,
    query: { sql: sql.sql, params: sql.params },
  };
}

/**
 * The list as an .xlsx or .csv stream (see ./export.ts). It reads through its own read-only
 * cursor transaction, so it does not join a caller's transaction.
 */
export async function exportRecords(
  ctx: ServiceContext,
  resource: Resource,
  query: ListQuery,
  fieldNames: unknown,
  options: ExportOptions = {},
): Promise<ExportFile> {
  const task = exportTaskOf(ctx, resource, query, fieldNames, options);
  return openExport({ ...task, db: ctx.deps.db, entity: resource.entity });
}

/**
 * The service of one entity: the functions above bound to its resource, for routes and modules
 * (`serviceOf(name).create(ctx, data)`).
 */
export function createEntityService(entity: EntityDeclaration, resource: Resource = resourceOf(entity)) {
  return {
    entity,
    resource,
    list: (ctx: ServiceContext, query: ListQuery) => listRecords(ctx, resource, query),
    find: (ctx: ServiceContext, id: string) => findRecord(ctx, resource, id),
    create: (ctx: ServiceContext, input: unknown, options?: WriteOptions) => createRecord(ctx, resource, input, options),
    update: (ctx: ServiceContext, id: string, input: unknown, options?: WriteOptions) => updateRecord(ctx, resource, id, input, options),
    import: (ctx: ServiceContext, input: unknown, importHash: string | undefined, options?: WriteOptions) =>
      importRecord(ctx, resource, input, importHash, options),
    /** Deletes all of `ids` or none; an entity whose delete is a named action runs it on each. */
    destroy: (ctx: ServiceContext, ids: string[], options?: WriteOptions) => destroyRecords(ctx, resource, ids, options),
    /** Runs the entity's declared action `name` on the record `id`. */
    action: (ctx: ServiceContext, name: string, id: string, input: unknown, options?: WriteOptions) =>
      runDeclaredAction(ctx, resource, name, id, input, options),
    autocomplete: (ctx: ServiceContext, text: string | undefined, limit: number, filter?: Record<string, unknown>) =>
      autocompleteRecords(ctx, resource, text, limit, filter),
    export: (ctx: ServiceContext, query: ListQuery, fieldNames: unknown, options?: ExportOptions) =>
      exportRecords(ctx, resource, query, fieldNames, options),
    exportTask: (ctx: ServiceContext, query: ListQuery, fieldNames: unknown, options?: ExportOptions) =>
      exportTaskOf(ctx, resource, query, fieldNames, options),
  };
}

export type EntityService = ReturnType<typeof createEntityService>;

const services = new Map<string, EntityService>();

/** The service of a declared entity, for any caller (routes, jobs, lockers, the demo seed). */
export function serviceOf(entityName: string): EntityService {
  let service = services.get(entityName);
  if (!service) {
    const entity = Object.hasOwn(ENTITIES, entityName) ? ENTITIES[entityName] : undefined;
    if (!entity) throw new Error(`unknown entity ${entityName}`);
    service = createEntityService(entity);
    services.set(entityName, service);
  }
  return service;
}

export { AppError };
