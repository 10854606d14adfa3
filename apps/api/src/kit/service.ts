import {
  autocompleteGrantsOf,
  destroyOf,
  documentTypeOf,
  ENTITIES,
  type EntityAction,
  type EntityDeclaration,
  entitySchema,
  type Field,
  filterPermissionOf,
  offersUpdate,
  permissionOf,
  type SchemaMode,
  translatorFor,
  withImportAliases,
} from '@ebox/domain';
import type { CompanyScope } from '../platform/access';
import { type AuditEntry, auditByOf, writeAudit, writeAudits } from '../platform/audit';
import { authorize, authorizeAny, can, dbOf, inTransaction, principalOf, type ServiceContext, type TxContext } from '../platform/context';
import type { Db, Tx } from '../platform/db/client';
import { uniqueWithinIndexName } from '../platform/db/entity-tables';
import { AppError, badRequest, conflict, forbidden, notFound, ValidationError } from '../platform/errors';
import { type IdempotencyOptions, idempotent } from '../platform/idempotency';
import { releaseArrayReferences } from './array-references';
import { DEFAULT_EXPORT_TIME_ZONE, type ExportFile, type ExportOptions, type ExportTask, openExport, parseExportFields } from './export';
import { exportSelect } from './export-query';
import { type BatchJob, createBatchQueue } from './import-batch';
import { withoutRelationLabels } from './labels';
import type { ListQuery } from './list-query';
import { type NaturalKeyCache, prefetchNaturalKeys, relationsResolvedByNaturalKeys, resolveNaturalKeys } from './natural-keys';
import { actionHandlerOf, autocompleteSourceOf, policyOf } from './policies';
import { presentRow, presentRows } from './present';
import {
  autocompleteRows,
  deleteRows,
  existingIds,
  findRow,
  findRowsInScope,
  findWriteConflicts,
  insertImportedRows,
  insertRow,
  listRows,
  type Resource,
  type Row,
  resourceOf,
  type UniqueProbe,
  updateRow,
} from './repository';
import { companyOfRecord, isInScope } from './scope';

/**
 * Business rules shared by every declared entity, for every caller (an HTTP route, a job, a
 * locker's MQTT handler, the demo seed): each operation takes the service context first, checks the
 * actor's permission itself, reads and writes only within the actor's company scope, runs the
 * entity's policy, validates with the declaration's schema, locks the rows it changes and writes the
 * audit log in the same transaction (the caller's, when it has one).
 */

/** Options of a change a caller may repeat (see platform/idempotency.ts). */
export type WriteOptions = IdempotencyOptions;

// Building a declaration's schema costs more than parsing a row with it (zod compiles each new
// object schema): each is built once per entity and mode, not on every request.
const schemas = new WeakMap<EntityDeclaration, Map<SchemaMode, ReturnType<typeof entitySchema>>>();

function schemaOf(entity: EntityDeclaration, mode: SchemaMode): ReturnType<typeof entitySchema> {
  const byMode = schemas.get(entity) ?? new Map<SchemaMode, ReturnType<typeof entitySchema>>();
  schemas.set(entity, byMode);
  const schema = byMode.get(mode) ?? entitySchema(entity, mode);
  byMode.set(mode, schema);
  return schema;
}

function validate(entity: EntityDeclaration, data: unknown, mode: SchemaMode): Record<string, unknown> {
  const result = schemaOf(entity, mode).safeParse(data ?? {});
  if (!result.success) throw new ValidationError(result.error.issues, `entities.${entity.name}.fields`);
  return result.data as Record<string, unknown>;
}

function relationIds(value: unknown): string[] {
  if (Array.isArray(value)) return value as string[];
  return value ? [value as string] : [];
}

function scopeOfContext(ctx: ServiceContext): CompanyScope {
  return { companyIds: principalOf(ctx.actor).companyIds };
}

/**
 * Related ids must exist and, when the related entity is company-scoped, be visible to the caller;
 * one the caller may not see is answered exactly as one that does not exist (spec 5.5: nothing
 * tells "not yours" from "not there"). References the record already holds are not checked again:
 * keeping them reveals and changes nothing, and a form saves them back as it got them.
 */
async function checkRelations(
  db: Tx,
  entity: EntityDeclaration,
  data: Record<string, unknown>,
  before: Row | null,
  scope: CompanyScope,
  checked: ReadonlySet<string>,
) {
  for (const [name, field] of Object.entries(entity.fields) as [string, Field][]) {
    if (field.type !== 'relation' || !(name in data) || checked.has(name)) continue;
    const kept = new Set(relationIds(before?.[name]));
    const ids = [...new Set(relationIds(data[name]))].filter((id) => !kept.has(id));
    if (!ids.length) continue;
    const target = ENTITIES[field.entity];
    if (!target) continue;
    const found = await existingIds(db, resourceOf(target), ids, scope);
    if (found.size !== ids.length) {
      throw new ValidationError(
        [{ code: 'custom', message: 'errors.relationNotFound', path: [name], input: data[name] }],
        `entities.${entity.name}.fields`,
      );
    }
  }
}

type UniqueWithin = { name: string; within: string; message: string; byKey: boolean };

function uniqueWithinFieldsOf(entity: EntityDeclaration): UniqueWithin[] {
  return Object.entries(entity.fields).flatMap(([name, field]) =>
    field.uniqueWithin
      ? [{ name, within: field.uniqueWithin.field, message: field.uniqueWithin.message, byKey: field.type === 'text' }]
      : [],
  );
}

/** The refusal of a value another record already holds, shown on its field (409). */
function takenError(unique: UniqueWithin, value: unknown): AppError {
  const type = typeof value === 'string' ? documentTypeOf(value) : null;
  const params = { document: type ? type.toUpperCase() : '', value: value === null || value === undefined ? '' : String(value) };
  return new AppError('conflict', unique.message, params, [{ path: unique.name, key: unique.message, values: params }]);
}

/**
 * Before a write, in one query: an import whose hash is already stored is refused (409), and so is a
 * `uniqueWithin` value (a customer's document within its company, a compartment's number within its
 * locker) another record holds, with the field's own message. Only a value that changes (or moves to
 * another parent) is checked, so a record stored before the rule, sharing its value, can still be edited.
 */
async function checkConflicts(db: Tx, resource: Resource, record: Record<string, unknown>, before: Row | null, importHash?: string) {
  const uniques = uniqueWithinFieldsOf(resource.entity);
  const probes: UniqueProbe[] = [];
  for (const unique of uniques) {
    const value = record[unique.name];
    const withinId = record[unique.within];
    if (value === null || value === undefined || value === '' || typeof withinId !== 'string') continue;
    if (before && before[unique.name] === value && before[unique.within] === withinId) continue;
    probes.push({ name: unique.name, value, within: unique.within, withinId, byKey: unique.byKey });
  }
  const { importHashUsed, taken } = await findWriteConflicts(db, resource, { importHash, uniques: probes, exceptId: before?.id });
  if (importHashUsed) throw conflict('errors.importHashExistent');
  const first = uniques.find((unique) => taken.has(unique.name));
  if (first) throw takenError(first, record[first.name]);
}

/** Two writes racing for one value: the unique index decides, with the same message. */
function uniqueWithinViolation(entity: EntityDeclaration, error: unknown, record: Record<string, unknown>): AppError | null {
  const cause = ((error as { cause?: unknown }).cause ?? error) as { code?: string; constraint?: string };
  if (cause.code !== '23505') return null;
  const unique = uniqueWithinFieldsOf(entity).find((u) => cause.constraint === uniqueWithinIndexName(entity, u.name, u.within));
  return unique ? takenError(unique, record[unique.name]) : null;
}

function assertWritableInScope(entity: EntityDeclaration, scope: CompanyScope, record: Record<string, unknown>, isNew: boolean): void {
  if (!scope.companyIds) return;
  // A scoped actor cannot create what would fall outside their own scope (a company, a locker group).
  if ((entity.scope.kind === 'self' || entity.scope.kind === 'companyGroup') && isNew) throw forbidden('errors.outOfScope');
  if (!isInScope(scope, companyOfRecord(entity, record))) throw forbidden('errors.outOfScope');
}

/**
 * The stored key of an import hash. Hashes are unique per company: a company-scoped record's key
 * carries its company, so a hash used in another company neither blocks this import nor tells the
 * caller that it exists (spec 5.5), while the same row imported twice into one company is still
 * refused. Records of unscoped entities keep the bare hash: anyone who may import them may see them.
 */
function importKeyOf(entity: EntityDeclaration, record: Record<string, unknown>, importHash: string): string {
  const company = entity.scope.kind === 'company' ? companyOfRecord(entity, record) : null;
  return company ? `${company}:${importHash}` : importHash;
}

function isImportHashViolation(entity: EntityDeclaration, error: unknown): boolean {
  const cause = ((error as { cause?: unknown }).cause ?? error) as { code?: string; constraint?: string };
  return cause.code === '23505' && cause.constraint === `${entity.table}_import_hash_key`;
}

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

export type EntityService = ReturnType<typeof createEntityService>;

export function createEntityService(entity: EntityDeclaration, resource: Resource = resourceOf(entity)) {
  const policy = () => policyOf(entity.name);
  const may = (ctx: ServiceContext, action: EntityAction) => authorize(ctx, permissionOf(entity, action));
  const path = `/${entity.path}`;

  /** An export checked (rights, filters, fields) and its SQL built, as plain data. */
  function exportTaskOf(ctx: ServiceContext, query: ListQuery, fieldNames: unknown, options: ExportOptions): ExportTask {
    may(ctx, 'Read');
    authorizeFilters(ctx, entity, query.filter);
    policy().beforeList?.(ctx, query, 'export');
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

  /** A record outside the actor's scope is answered as one that does not exist (404). */
  async function loadInScope(ctx: ServiceContext, id: string, lock = false): Promise<Row> {
    const [row] = await findRowsInScope(dbOf(ctx), resource, [id], scopeOfContext(ctx), { lock });
    if (!row) throw notFound();
    return row;
  }

  /**
   * `imported` is an import's hash key and the relations its natural keys resolved: those were
   * found within the caller's scope in this transaction and are not looked up again.
   */
  async function write(
    ctx: TxContext,
    id: string | null,
    data: Record<string, unknown>,
    imported?: { key: string; resolved: ReadonlySet<string> },
  ) {
    const importKey = imported?.key;
    const principal = principalOf(ctx.actor);
    const scope = scopeOfContext(ctx);
    const before = id ? await loadInScope(ctx, id, true) : null;
    await checkRelations(ctx.tx, entity, data, before, scope, imported?.resolved ?? new Set());
    assertWritableInScope(entity, scope, { ...(before ?? {}), ...data }, !before);
    await policy().beforeWrite?.(ctx, { before, data });
    // An imported row's checks are the unique indexes themselves, refusing with the same messages
    // (below): one query less per row. With several unique values, the check names the first.
    if (!imported || uniqueWithinFieldsOf(entity).length > 1) {
      await checkConflicts(ctx.tx, resource, { ...(before ?? {}), ...data }, before, importKey);
    }
    const stamp = { updatedById: principal.userId };
    const row = await (before
      ? updateRow(ctx.tx, resource, before.id, { ...data, ...stamp })
      : insertRow(
          ctx.tx,
          resource,
          { ...data, ...stamp, createdById: principal.userId, ...(importKey ? { importHash: importKey } : {}) },
          scope,
        )
    ).catch(async (error: unknown) => {
      const taken = uniqueWithinViolation(entity, error, { ...(before ?? {}), ...data });
      // A row whose hash is stored too is refused for its hash, as the check names it first. The
      // transaction is spoilt by the refusal: the committed rows answer.
      if (taken && importKey && (await findWriteConflicts(ctx.deps.db, resource, { importHash: importKey, uniques: [] })).importHashUsed) {
        throw conflict('errors.importHashExistent');
      }
      throw taken ?? error;
    });
    if (!before) await policy().afterCreate?.(ctx, row, importKey ? 'import' : 'create');
    await writeAudit(ctx.tx, {
      entityName: entity.name,
      entityId: row.id,
      action: before ? 'update' : importKey ? 'import' : 'create',
      before,
      after: withoutRelationLabels(entity, row),
      by: auditByOf(principal),
    });
    return presentRow(ctx.tx, entity, row, scope);
  }

  type Imported = Awaited<ReturnType<typeof write>>;
  type ImportRow = { ctx: ServiceContext; input: unknown; named: Record<string, unknown>; importHash: string; options: WriteOptions };

  /** One imported row in its own transaction (or the caller's), as every import was before batches. */
  function importAlone({ ctx, input, named, importHash, options }: ImportRow) {
    const body = { data: input, importHash };
    return inTransaction(ctx, (tx) =>
      idempotent(tx, { key: options.idempotencyKey, request: `POST ${path}/import`, body }, async () => {
        // Related records named by their natural key become ids before any check reads them.
        const data = await resolveNaturalKeys(tx.tx, entity, named, scopeOfContext(tx));
        const key = importKeyOf(entity, data, importHash);
        try {
          return await write(tx, null, data, { key, resolved: relationsResolvedByNaturalKeys(entity) });
        } catch (error) {
          // Two imports of the same row racing: the unique index decides, the message stays the same.
          if (isImportHashViolation(entity, error)) throw conflict('errors.importHashExistent');
          throw error;
        }
      }),
    );
  }

  // One queue per database: a process serving one database has one; tests may run several apps.
  const importQueues = new WeakMap<Db, ReturnType<typeof createBatchQueue<ImportRow, Imported>>>();
  function importQueueOf(db: Db) {
    let queue = importQueues.get(db);
    if (!queue) {
      queue = createBatchQueue<ImportRow, Imported>((jobs) => importTogether(db, jobs));
      importQueues.set(db, queue);
    }
    return queue;
  }

  /**
   * The rows of a batch in one transaction, each checked as `write` checks a new row and inserted
   * unless a unique index already holds one of its values; their audit rows in one statement.
   * A row refused by a check answers its refusal; a taken row is answered alone afterwards, so its
   * message is exactly the one it would have had (which value is taken, or its import hash). Should
   * the database refuse anything else, the batch's transaction is lost: every row is then written
   * alone, and nothing of the batch stays half-written.
   */
  async function importTogether(db: Db, jobs: BatchJob<ImportRow, Imported>[]): Promise<void> {
    const written: { job: BatchJob<ImportRow, Imported>; answer: Imported; afterCommit: TxContext['afterCommit'] }[] = [];
    const refused: { job: BatchJob<ImportRow, Imported>; error: unknown }[] = [];
    const taken: BatchJob<ImportRow, Imported>[] = [];
    try {
      await db.transaction(async (tx) => {
        const names: NaturalKeyCache = new Map();
        const byScope = new Map<string, { scope: CompanyScope; jobs: BatchJob<ImportRow, Imported>[] }>();
        for (const job of jobs) {
          const scope = scopeOfContext(job.input.ctx);
          const key = scope.companyIds?.join(',') ?? '*';
          const group = byScope.get(key) ?? { scope, jobs: [] };
          group.jobs.push(job);
          byScope.set(key, group);
        }
        const audits: AuditEntry[] = [];
        for (const { scope, jobs: group } of byScope.values()) {
          await prefetchNaturalKeys(
            tx,
            entity,
            group.map((job) => job.input.named),
            scope,
            names,
          );
          const checked: { job: BatchJob<ImportRow, Imported>; key: string; values: Record<string, unknown>; ctx: TxContext }[] = [];
          for (const job of group) {
            const ctx: TxContext = { ...job.input.ctx, tx, afterCommit: [] };
            try {
              const data = await resolveNaturalKeys(tx, entity, job.input.named, scope, names);
              await checkRelations(tx, entity, data, null, scope, relationsResolvedByNaturalKeys(entity));
              assertWritableInScope(entity, scope, data, true);
              const { userId } = principalOf(ctx.actor);
              const key = importKeyOf(entity, data, job.input.importHash);
              checked.push({ job, key, ctx, values: { ...data, createdById: userId, updatedById: userId, importHash: key } });
            } catch (error) {
              // A check's refusal is the row's answer; anything else lost the transaction (below).
              if (!(error instanceof AppError)) throw error;
              refused.push({ job, error });
            }
          }
          const inserted = await insertImportedRows(
            tx,
            resource,
            checked.map((row) => row.values),
            scope,
          );
          for (const { job, key, ctx } of checked) {
            const row = inserted.get(key);
            // Seen once: a second row of the batch with the same key is answered alone (409).
            inserted.delete(key);
            if (!row) {
              taken.push(job);
              continue;
            }
            audits.push({
              entityName: entity.name,
              entityId: row.id,
              action: 'import',
              before: null,
              after: withoutRelationLabels(entity, row),
              by: auditByOf(principalOf(ctx.actor)),
            });
            written.push({ job, answer: await presentRow(tx, entity, row, scope), afterCommit: ctx.afterCommit });
          }
        }
        await writeAudits(tx, audits);
      });
    } catch (error) {
      jobs[0]?.input.ctx.log.warn(
        { err: error, rows: jobs.length },
        'import batch refused by the database: its rows are written one by one',
      );
      for (const job of jobs) await importAlone(job.input).then(job.resolve, job.reject);
      return;
    }
    for (const { job, answer, afterCommit } of written) {
      for (const callback of afterCommit) {
        try {
          await callback();
        } catch (error) {
          job.input.ctx.log.error({ err: error }, 'after-commit handler failed');
        }
      }
      job.resolve(answer);
    }
    for (const { job, error } of refused) job.reject(error);
    for (const job of taken) await importAlone(job.input).then(job.resolve, job.reject);
  }

  async function deleteLocked(ctx: TxContext, ids: string[]) {
    const rows = await findRowsInScope(ctx.tx, resource, ids, scopeOfContext(ctx), { lock: true });
    if (rows.length !== ids.length) throw notFound();
    await policy().beforeDelete?.(ctx, { rows });
    await releaseArrayReferences(ctx.tx, entity.name, ids);
    await deleteRows(ctx.tx, resource, ids);
    const by = auditByOf(principalOf(ctx.actor));
    for (const row of rows) await writeAudit(ctx.tx, { entityName: entity.name, entityId: row.id, action: 'delete', before: row, by });
  }

  /** A declared action on one locked record, audited under its name (see EntityRoutes). */
  async function runAction(ctx: TxContext, name: string, id: string, data: unknown) {
    const handler = actionHandlerOf(entity.name, name);
    if (!handler) throw new Error(`${entity.name}: no handler registered for action ${name}`);
    const before = await loadInScope(ctx, id, true);
    const answer = await handler(ctx, { entity, resource, before, data });
    const after = await findRow(ctx.tx, resource, id);
    await writeAudit(ctx.tx, { entityName: entity.name, entityId: id, action: name, before, after, by: auditByOf(principalOf(ctx.actor)) });
    if (answer !== undefined) return answer;
    return after ? presentRow(ctx.tx, entity, after, scopeOfContext(ctx)) : true;
  }

  function declaredAction(name: string) {
    const action = entity.routes?.actions?.[name];
    if (!action || !Object.hasOwn(entity.routes?.actions ?? {}, name)) throw notFound('errors.routeNotFound');
    return action;
  }

  return {
    entity,
    resource,

    async list(ctx: ServiceContext, query: ListQuery) {
      may(ctx, 'Read');
      authorizeFilters(ctx, entity, query.filter);
      policy().beforeList?.(ctx, query, 'list');
      const scope = scopeOfContext(ctx);
      const db = dbOf(ctx);
      const maintainedTotal = policy().maintainedTotal?.(query, scope);
      const { rows, ...total } = await listRows(db, resource, { ...query, language: ctx.language }, scope, [], {
        withLabels: true,
        maintainedTotal,
      });
      return { rows: await presentRows(db, entity, rows, scope), ...total };
    },

    async find(ctx: ServiceContext, id: string) {
      may(ctx, 'Read');
      return presentRow(dbOf(ctx), entity, await loadInScope(ctx, id), scopeOfContext(ctx));
    },

    async create(ctx: ServiceContext, input: unknown, options: WriteOptions = {}) {
      may(ctx, 'Create');
      const data = validate(entity, input, 'create');
      return inTransaction(ctx, (tx) =>
        idempotent(tx, { key: options.idempotencyKey, request: `POST ${path}`, body: input }, () => write(tx, null, data)),
      );
    },

    async update(ctx: ServiceContext, id: string, input: unknown, options: WriteOptions = {}) {
      if (!offersUpdate(entity)) throw forbidden('errors.operationNotAllowed');
      may(ctx, 'Edit');
      const data = validate(entity, input, 'update');
      return inTransaction(ctx, (tx) =>
        idempotent(tx, { key: options.idempotencyKey, request: `PUT ${path}/${id}`, body: input }, () => write(tx, id, data)),
      );
    },

    async import(ctx: ServiceContext, input: unknown, importHash: string | undefined, options: WriteOptions = {}) {
      may(ctx, 'Import');
      if (!importHash?.trim()) throw badRequest('errors.importHashRequired');
      const named = validate(entity, withImportAliases(entity, input), 'import');
      const row: ImportRow = { ctx, input, named, importHash, options };
      // Rows of an entity without rules of its own, outside a caller's transaction and not
      // repeatable by key, are written with the rows that arrive beside them (kit/import-batch.ts).
      const { beforeWrite, afterCreate } = policy();
      if (ctx.tx || options.idempotencyKey || beforeWrite || afterCreate) return importAlone(row);
      return importQueueOf(ctx.deps.db as Db).submit(row);
    },

    /** Deletes all of `ids` or none; an entity whose delete is a named action runs it on each. */
    async destroy(ctx: ServiceContext, ids: string[], options: WriteOptions = {}): Promise<true> {
      const mode = destroyOf(entity);
      if (!mode) throw forbidden('errors.operationNotAllowed');
      const unique = [...new Set(ids)].sort();
      if (mode !== 'delete') authorize(ctx, declaredAction(mode.action).permission);
      else may(ctx, 'Destroy');
      if (!unique.length) throw badRequest('errors.validation');
      return inTransaction(ctx, (tx) =>
        idempotent(tx, { key: options.idempotencyKey, request: `DELETE ${path}`, body: unique }, async () => {
          if (mode === 'delete') await deleteLocked(tx, unique);
          else for (const id of unique) await runAction(tx, mode.action, id, undefined);
          return true as const;
        }),
      );
    },

    /** Runs the entity's declared action `name` on the record `id`. */
    async action(ctx: ServiceContext, name: string, id: string, input: unknown, options: WriteOptions = {}) {
      const declared = declaredAction(name);
      authorize(ctx, declared.permission);
      let data: unknown;
      if (declared.body) {
        const parsed = declared.body.safeParse(input ?? {});
        if (!parsed.success) throw new ValidationError(parsed.error.issues, `entities.${entity.name}.fields`);
        data = parsed.data;
      }
      return inTransaction(ctx, (tx) =>
        idempotent(tx, { key: options.idempotencyKey, request: `POST ${path}/${id}/${name}`, body: input ?? null }, () =>
          runAction(tx, name, id, data),
        ),
      );
    },

    async autocomplete(ctx: ServiceContext, text: string | undefined, limit: number, filter?: Record<string, unknown>) {
      // A form's relation picker answers whoever may fill the form in (see autocompleteGrantsOf).
      authorizeAny(ctx, autocompleteGrantsOf(entity));
      const own = autocompleteSourceOf(entity.name);
      if (own) return own(dbOf(ctx), { text, limit, filter, scope: scopeOfContext(ctx) });
      return autocompleteRows(dbOf(ctx), resource, text, limit, scopeOfContext(ctx), filter, ctx.language);
    },

    /**
     * The list as an .xlsx or .csv stream (see ./export.ts). It reads through its own read-only
     * cursor transaction, so it does not join a caller's transaction.
     */
    async export(ctx: ServiceContext, query: ListQuery, fieldNames: unknown, options: ExportOptions = {}): Promise<ExportFile> {
      const task = exportTaskOf(ctx, query, fieldNames, options);
      return openExport({ ...task, db: ctx.deps.db, entity });
    },

    /**
     * The same export checked and built but not run: plain data a worker thread writes to a file
     * (writeExportInWorker), so the caller's rights and filters are judged here, in the API.
     */
    exportTask(ctx: ServiceContext, query: ListQuery, fieldNames: unknown, options: ExportOptions = {}): ExportTask {
      return exportTaskOf(ctx, query, fieldNames, options);
    },
  };
}

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
