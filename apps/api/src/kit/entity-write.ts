import {
  destroyOf,
  type EntityAction,
  type EntityDeclaration,
  type EntityRecord,
  isAuditAction,
  offersCreate,
  offersUpdate,
  permissionOf,
} from '@ebox/domain';
import { auditByOf, writeAudit } from '../platform/audit';
import { authorize, dbOf, inTransaction, principalOf, type ServiceContext, type TxContext } from '../platform/context';
import { actionHandlerOf, type EntityPolicy, policyOf } from '../platform/entity-rules';
import { badRequest, conflict, forbidden, notFound, ValidationError } from '../platform/errors';
import { type IdempotencyOptions, idempotent } from '../platform/idempotency';
import { releaseArrayReferences } from './array-references';
import {
  assertOwnRecord,
  assertWritableInScope,
  checkConflicts,
  checkRelations,
  scopeOfContext,
  uniqueWithinFieldsOf,
  uniqueWithinViolation,
  validateInput,
} from './entity-checks';
import { withoutRelationLabels } from './labels';
import { presentRow, type RevealSecrets } from './present';
import { deleteRows, findRow, findRowsInScope, findWriteConflicts, insertRow, type Resource, type Row, updateRow } from './repository';

/**
 * The kit's service changing records of any declared entity: create, update, delete and declared
 * actions. Each checks the actor's permission, reads and writes only within the actor's company
 * scope, runs the entity's policy, locks the rows it changes and writes the audit log in the same
 * transaction (the caller's, when it has one).
 */

/** Options of a change a caller may repeat (see platform/idempotency.ts). */
export type WriteOptions = IdempotencyOptions;

export function policyFor(ctx: ServiceContext, entity: EntityDeclaration): EntityPolicy {
  return policyOf(ctx.deps.modules, entity.name);
}

export function authorizeEntity(ctx: ServiceContext, entity: EntityDeclaration, action: EntityAction): void {
  authorize(ctx, permissionOf(entity, action));
}

/** A single record's secrets, as the entity's policy reveals them to this caller. */
export function revealTo(ctx: ServiceContext, entity: EntityDeclaration): RevealSecrets {
  return (row) => policyFor(ctx, entity).revealSecrets?.(ctx, row) ?? false;
}

/** A record outside the actor's scope is answered as one that does not exist (404). */
export async function loadInScope(ctx: ServiceContext, resource: Resource, id: string, lock = false): Promise<Row> {
  const [row] = await findRowsInScope(dbOf(ctx), resource, [id], scopeOfContext(ctx), { lock });
  if (!row) throw notFound();
  return row;
}

/** An import's hash key and the relations its natural keys resolved (see `writeRecord`). */
export type ImportedKey = { key: string; resolved: ReadonlySet<string> };

/**
 * Creates (`id` null) or updates one record, checked, audited and presented. `imported` is an
 * import's hash key and the relations its natural keys resolved: those were found within the
 * caller's scope in this transaction and are not looked up again.
 */
export async function writeRecord(
  ctx: TxContext,
  resource: Resource,
  id: string | null,
  data: Record<string, unknown>,
  imported?: ImportedKey,
): Promise<EntityRecord> {
  const { entity } = resource;
  const importKey = imported?.key;
  const principal = principalOf(ctx.actor);
  const scope = scopeOfContext(ctx);
  const before = id ? await loadInScope(ctx, resource, id, true) : null;
  if (before) assertOwnRecord(entity, scope, before);
  await checkRelations(ctx.tx, entity, data, before, scope, imported?.resolved ?? new Set());
  assertWritableInScope(entity, scope, { ...(before ?? {}), ...data }, !before);
  await policyFor(ctx, entity).beforeWrite?.(ctx, { before, data });
  // An imported row's checks are the unique indexes themselves, refusing with the same messages
  // (below): one query less per row. With several unique values, the check names the first.
  if (!imported || uniqueWithinFieldsOf(entity).length > 1) {
    await checkConflicts(ctx.tx, resource, { ...(before ?? {}), ...data }, before, importKey);
  }
  const row = await storeRow(ctx, resource, before, data, importKey);
  if (!before) await policyFor(ctx, entity).afterCreate?.(ctx, row, importKey ? 'import' : 'create');
  const shownOnce = before || importKey ? undefined : await policyFor(ctx, entity).shownOnceOnCreate?.(ctx, row);
  await writeAudit(ctx.tx, {
    entityName: entity.name,
    entityId: row.id,
    action: before ? 'update' : importKey ? 'import' : 'create',
    before,
    after: withoutRelationLabels(entity, row),
    by: auditByOf(principal),
  });
  const presented = await presentRow(ctx.tx, entity, row, scope, ctx.deps.modules, revealTo(ctx, entity));
  return shownOnce ? { ...presented, ...shownOnce } : presented;
}

/** The insert or update itself; a unique index's refusal answers as the checks would have. */
async function storeRow(
  ctx: TxContext,
  resource: Resource,
  before: Row | null,
  data: Record<string, unknown>,
  importKey: string | undefined,
): Promise<Row> {
  const { userId } = principalOf(ctx.actor);
  const stamp = { updatedById: userId };
  const written = before
    ? updateRow(ctx.tx, resource, before.id, { ...data, ...stamp })
    : insertRow(
        ctx.tx,
        resource,
        { ...data, ...stamp, createdById: userId, ...(importKey ? { importHash: importKey } : {}) },
        scopeOfContext(ctx),
      );
  return written.catch(async (error: unknown) => {
    const taken = uniqueWithinViolation(resource.entity, error, { ...(before ?? {}), ...data });
    // A row whose hash is stored too is refused for its hash, as the check names it first. The
    // transaction is spoilt by the refusal: the committed rows answer.
    if (taken && importKey && (await findWriteConflicts(ctx.deps.db, resource, { importHash: importKey, uniques: [] })).importHashUsed) {
      throw conflict('errors.importHashExistent');
    }
    throw taken ?? error;
  });
}

export async function createRecord(ctx: ServiceContext, resource: Resource, input: unknown, options: WriteOptions = {}) {
  const { entity } = resource;
  if (!offersCreate(entity)) throw forbidden('errors.operationNotAllowed');
  authorizeEntity(ctx, entity, 'Create');
  const data = validateInput(entity, input, 'create');
  return inTransaction(ctx, (tx) =>
    idempotent(tx, { key: options.idempotencyKey, request: `POST /${entity.path}`, body: input }, () =>
      writeRecord(tx, resource, null, data),
    ),
  );
}

export async function updateRecord(ctx: ServiceContext, resource: Resource, id: string, input: unknown, options: WriteOptions = {}) {
  const { entity } = resource;
  if (!offersUpdate(entity)) throw forbidden('errors.operationNotAllowed');
  authorizeEntity(ctx, entity, 'Edit');
  const data = validateInput(entity, input, 'update');
  return inTransaction(ctx, (tx) =>
    idempotent(tx, { key: options.idempotencyKey, request: `PUT /${entity.path}/${id}`, body: input }, () =>
      writeRecord(tx, resource, id, data),
    ),
  );
}

async function deleteLocked(ctx: TxContext, resource: Resource, ids: string[]) {
  const { entity } = resource;
  const scope = scopeOfContext(ctx);
  const rows = await findRowsInScope(ctx.tx, resource, ids, scope, { lock: true });
  if (rows.length !== ids.length) throw notFound();
  for (const row of rows) assertOwnRecord(entity, scope, row);
  await policyFor(ctx, entity).beforeDelete?.(ctx, { rows });
  await releaseArrayReferences(ctx.tx, entity.name, ids);
  await deleteRows(ctx.tx, resource, ids);
  const by = auditByOf(principalOf(ctx.actor));
  for (const row of rows) await writeAudit(ctx.tx, { entityName: entity.name, entityId: row.id, action: 'delete', before: row, by });
}

/** Deletes all of `ids` or none; an entity whose delete is a named action runs it on each. */
export async function destroyRecords(ctx: ServiceContext, resource: Resource, ids: string[], options: WriteOptions = {}): Promise<true> {
  const { entity } = resource;
  const mode = destroyOf(entity);
  if (!mode) throw forbidden('errors.operationNotAllowed');
  const unique = [...new Set(ids)].sort();
  if (mode !== 'delete') authorize(ctx, declaredAction(entity, mode.action).permission);
  else authorizeEntity(ctx, entity, 'Destroy');
  if (!unique.length) throw badRequest('errors.validation');
  return inTransaction(ctx, (tx) =>
    idempotent(tx, { key: options.idempotencyKey, request: `DELETE /${entity.path}`, body: unique }, async () => {
      if (mode === 'delete') await deleteLocked(tx, resource, unique);
      else for (const id of unique) await runAction(tx, resource, mode.action, id, undefined);
      return true as const;
    }),
  );
}

/** The entity's declared action `name`; an undeclared one is a route that does not exist (404). */
export function declaredAction(entity: EntityDeclaration, name: string) {
  const action = entity.routes?.actions?.[name];
  if (!action || !Object.hasOwn(entity.routes?.actions ?? {}, name)) throw notFound('errors.routeNotFound');
  return action;
}

/** A declared action on one locked record, audited under its name (see EntityRoutes). */
export async function runAction(ctx: TxContext, resource: Resource, name: string, id: string, data: unknown): Promise<unknown> {
  const { entity } = resource;
  const handler = actionHandlerOf(ctx.deps.modules, entity.name, name);
  if (!handler) throw new Error(`${entity.name}: no module declares a handler of action ${name}`);
  // The domain's test keeps every declared action among AUDIT_ACTIONS; a name read from a declaration is checked here.
  if (!isAuditAction(name)) throw new Error(`${entity.name}: action ${name} is not among the domain's AUDIT_ACTIONS`);
  const before = await loadInScope(ctx, resource, id, true);
  assertOwnRecord(entity, scopeOfContext(ctx), before);
  const answer = await handler.run(ctx, { entity, resource, before, data });
  const after = await findRow(ctx.tx, resource, id);
  if (!handler.auditsItself) {
    await writeAudit(ctx.tx, {
      entityName: entity.name,
      entityId: id,
      action: name,
      before,
      after,
      by: auditByOf(principalOf(ctx.actor)),
    });
  }
  if (answer !== undefined) return answer;
  return after ? presentRow(ctx.tx, entity, after, scopeOfContext(ctx), ctx.deps.modules, revealTo(ctx, entity)) : true;
}

/** Runs the entity's declared action `name` on the record `id`, its body checked by the action's schema. */
export async function runDeclaredAction(
  ctx: ServiceContext,
  resource: Resource,
  name: string,
  id: string,
  input: unknown,
  options: WriteOptions = {},
): Promise<unknown> {
  const { entity } = resource;
  const declared = declaredAction(entity, name);
  authorize(ctx, declared.permission);
  let data: unknown;
  if (declared.body) {
    const parsed = declared.body.safeParse(input ?? {});
    if (!parsed.success) throw new ValidationError(parsed.error.issues, `entities.${entity.name}.fields`);
    data = parsed.data;
  }
  return inTransaction(ctx, (tx) =>
    idempotent(tx, { key: options.idempotencyKey, request: `POST /${entity.path}/${id}/${name}`, body: input ?? null }, () =>
      runAction(tx, resource, name, id, data),
    ),
  );
}
