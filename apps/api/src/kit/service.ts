import { ENTITIES, type EntityDeclaration, entitySchema, type Field, type SchemaMode } from '@ebox/domain';
import { type CompanyScope, scopeOf } from '../platform/access';
import { writeAudit } from '../platform/audit';
import type { CurrentUser } from '../platform/auth/current-user';
import type { Db, Tx } from '../platform/db/client';
import { AppError, badRequest, conflict, forbidden, notFound, ValidationError } from '../platform/errors';
import { releaseArrayReferences } from './array-references';
import type { ListQuery } from './list-query';
import { presentRow, presentRows } from './present';
import {
  autocompleteRows,
  deleteRows,
  existingIds,
  findRow,
  findRowsByIds,
  insertRow,
  isImportHashUsed,
  listRows,
  type Resource,
  type Row,
  resourceOf,
  updateRow,
} from './repository';
import { companyOfRecord, isInScope } from './scope';

/**
 * Business rules shared by every declared entity: validation with the declaration's schema,
 * company scope on reads and writes, related records that must exist and be visible, import
 * hashes, and the audit log written in the same transaction as the change.
 */

export type EntityHooks = {
  /** Runs inside the transaction before a create or update is written. */
  beforeWrite?: (tx: Tx, context: { actor: CurrentUser; before: Row | null; data: Record<string, unknown> }) => Promise<void>;
  /** Runs inside the transaction before rows are deleted. */
  beforeDelete?: (tx: Tx, context: { actor: CurrentUser; rows: Row[] }) => Promise<void>;
};

const hooksByEntity = new Map<string, EntityHooks>();

/** Behaviour an entity has beyond the generic resource (spec-given rules only). */
export function registerEntityHooks(entityName: string, hooks: EntityHooks): void {
  hooksByEntity.set(entityName, hooks);
}

function auditActor(actor: CurrentUser) {
  return { id: actor.id, email: actor.email };
}

function validate(entity: EntityDeclaration, data: unknown, mode: SchemaMode): Record<string, unknown> {
  const result = entitySchema(entity, mode).safeParse(data ?? {});
  if (!result.success) throw new ValidationError(result.error.issues, `entities.${entity.name}.fields`);
  return result.data as Record<string, unknown>;
}

function relationIds(value: unknown): string[] {
  if (Array.isArray(value)) return value as string[];
  return value ? [value as string] : [];
}

/**
 * Related ids must exist and, when the related entity is company-scoped, be visible to the caller;
 * one the caller may not see is answered exactly as one that does not exist (spec 5.5: nothing
 * tells "not yours" from "not there"). References the record already holds are not checked again:
 * keeping them reveals and changes nothing, and a form saves them back as it got them.
 */
async function checkRelations(db: Tx, entity: EntityDeclaration, data: Record<string, unknown>, before: Row | null, scope: CompanyScope) {
  for (const [name, field] of Object.entries(entity.fields) as [string, Field][]) {
    if (field.type !== 'relation' || !(name in data)) continue;
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

function assertWritableInScope(entity: EntityDeclaration, scope: CompanyScope, record: Record<string, unknown>, isNew: boolean): void {
  if (!scope.companyIds) return;
  // A scoped user cannot create what would fall outside their own scope (a company, a locker group).
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

export type EntityService = ReturnType<typeof createEntityService>;

export function createEntityService(entity: EntityDeclaration, resource: Resource = resourceOf(entity)) {
  const hooks = () => hooksByEntity.get(entity.name) ?? {};

  /** Scope kinds decided by the row itself are checked in memory; the others ask the database. */
  async function areVisible(db: Tx, scope: CompanyScope, rows: Row[]): Promise<boolean> {
    if (!scope.companyIds) return true;
    if (entity.scope.kind === 'company' || entity.scope.kind === 'self') {
      return rows.every((row) => isInScope(scope, companyOfRecord(entity, row)));
    }
    if (entity.scope.kind === 'none') return true;
    const ids = rows.map((row) => row.id);
    return (await existingIds(db, resource, ids, scope)).size === new Set(ids).size;
  }

  /** A record outside the caller's scope is answered as one that does not exist (404). */
  async function loadInScope(db: Tx, actor: CurrentUser, id: string): Promise<Row> {
    const row = await findRow(db, resource, id);
    if (!row || !(await areVisible(db, scopeOf(actor), [row]))) throw notFound();
    return row;
  }

  async function write(db: Db, actor: CurrentUser, id: string | null, input: unknown, mode: SchemaMode, importHash?: string) {
    const data = validate(entity, input, mode);
    const scope = scopeOf(actor);
    return db.transaction(async (tx) => {
      const before = id ? await loadInScope(tx, actor, id) : null;
      await checkRelations(tx, entity, data, before, scope);
      assertWritableInScope(entity, scope, { ...(before ?? {}), ...data }, !before);
      await hooks().beforeWrite?.(tx, { actor, before, data });
      const stamp = { updatedById: actor.id };
      const row = before
        ? await updateRow(tx, resource, before.id, { ...data, ...stamp })
        : await insertRow(tx, resource, { ...data, ...stamp, createdById: actor.id, ...(importHash ? { importHash } : {}) });
      await writeAudit(tx, {
        entityName: entity.name,
        entityId: row.id,
        action: before ? 'update' : importHash ? 'import' : 'create',
        before,
        after: row,
        by: auditActor(actor),
      });
      return presentRow(tx, entity, row, scope);
    });
  }

  return {
    entity,
    resource,

    async list(db: Tx, actor: CurrentUser, query: ListQuery) {
      const { rows, count } = await listRows(db, resource, query, scopeOf(actor));
      return { rows: await presentRows(db, entity, rows, scopeOf(actor)), count };
    },

    async find(db: Tx, actor: CurrentUser, id: string) {
      return presentRow(db, entity, await loadInScope(db, actor, id), scopeOf(actor));
    },

    create: (db: Db, actor: CurrentUser, data: unknown) => write(db, actor, null, data, 'create'),

    update: (db: Db, actor: CurrentUser, id: string, data: unknown) => write(db, actor, id, data, 'update'),

    async import(db: Db, actor: CurrentUser, data: unknown, importHash: string | undefined) {
      if (!importHash?.trim()) throw badRequest('errors.importHashRequired');
      const key = importKeyOf(entity, validate(entity, data, 'import'), importHash);
      if (await isImportHashUsed(db, resource, key)) throw conflict('errors.importHashExistent');
      try {
        return await write(db, actor, null, data, 'import', key);
      } catch (error) {
        // Two imports of the same row racing: the unique index decides, the message stays the same.
        if (
          ((error as { cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code) === '23505' &&
          (await isImportHashUsed(db, resource, key))
        ) {
          throw conflict('errors.importHashExistent');
        }
        throw error;
      }
    },

    async destroy(db: Db, actor: CurrentUser, ids: string[]) {
      const unique = [...new Set(ids)];
      if (!unique.length) throw badRequest('errors.validation');
      await db.transaction(async (tx) => {
        const rows = await findRowsByIds(tx, resource, unique);
        if (rows.length !== unique.length || !(await areVisible(tx, scopeOf(actor), rows))) throw notFound();
        await hooks().beforeDelete?.(tx, { actor, rows });
        await releaseArrayReferences(tx, entity.name, unique);
        await deleteRows(tx, resource, unique);
        for (const row of rows) {
          await writeAudit(tx, { entityName: entity.name, entityId: row.id, action: 'delete', before: row, by: auditActor(actor) });
        }
      });
    },

    autocomplete(db: Tx, actor: CurrentUser, query: string | undefined, limit: number) {
      return autocompleteRows(db, resource, query, limit, scopeOf(actor));
    },
  };
}

export { AppError };
