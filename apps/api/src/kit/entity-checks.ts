import { documentTypeOf, ENTITIES, type EntityDeclaration, entitySchema, relationIdsOf, type SchemaMode } from '@ebox/domain';
import { type CompanyScope, scopeOfActor } from '../platform/access';
import type { ServiceContext } from '../platform/context';
import type { Tx } from '../platform/db/client';
import { uniqueWithinIndexName } from '../platform/db/entity-tables';
import { AppError, conflict, forbidden, ValidationError } from '../platform/errors';
import { existingIds, findWriteConflicts, type Resource, type Row, resourceOf, type UniqueProbe } from './repository';
import { companyOfRecord, isInScope } from './scope';

/**
 * The checks a record passes before the kit's service writes it: its input against the
 * declaration's schema, its relations within the caller's scope, its `uniqueWithin` values and
 * import hash against the stored records, and the caller's scope itself.
 */

export function scopeOfContext(ctx: ServiceContext): CompanyScope {
  return scopeOfActor(ctx.actor);
}

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

/** A caller's input as the declaration's schema reads it, or its refusal (400, on the fields). */
export function validateInput(entity: EntityDeclaration, data: unknown, mode: SchemaMode): Record<string, unknown> {
  const result = schemaOf(entity, mode).safeParse(data ?? {});
  if (!result.success) throw new ValidationError(result.error.issues, `entities.${entity.name}.fields`);
  return result.data;
}

/**
 * Related ids must exist and, when the related entity is company-scoped, be visible to the caller;
 * one the caller may not see is answered exactly as one that does not exist (spec 5.5: nothing
 * tells "not yours" from "not there"). References the record already holds are not checked again:
 * keeping them reveals and changes nothing, and a form saves them back as it got them.
 */
export async function checkRelations(
  db: Tx,
  entity: EntityDeclaration,
  data: Record<string, unknown>,
  before: Row | null,
  scope: CompanyScope,
  checked: ReadonlySet<string>,
) {
  for (const [name, field] of Object.entries(entity.fields)) {
    if (field.type !== 'relation' || !(name in data) || checked.has(name)) continue;
    const kept = new Set(relationIdsOf(before?.[name]));
    const ids = [...new Set(relationIdsOf(data[name]))].filter((id) => !kept.has(id));
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

export function uniqueWithinFieldsOf(entity: EntityDeclaration): UniqueWithin[] {
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
export async function checkConflicts(db: Tx, resource: Resource, record: Record<string, unknown>, before: Row | null, importHash?: string) {
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

/**
 * The constraint a unique violation (PostgreSQL's 23505) names, read off the driver's error, which
 * drizzle wraps in `cause`; undefined for any other error.
 */
function violatedUniqueConstraint(error: unknown): unknown {
  const wrapped = typeof error === 'object' && error !== null && 'cause' in error ? error.cause : undefined;
  const cause = wrapped ?? error;
  if (typeof cause !== 'object' || cause === null || !('code' in cause) || cause.code !== '23505') return undefined;
  return 'constraint' in cause ? cause.constraint : undefined;
}

/** Two writes racing for one value: the unique index decides, with the same message. */
export function uniqueWithinViolation(entity: EntityDeclaration, error: unknown, record: Record<string, unknown>): AppError | null {
  const constraint = violatedUniqueConstraint(error);
  if (constraint === undefined) return null;
  const unique = uniqueWithinFieldsOf(entity).find((u) => constraint === uniqueWithinIndexName(entity, u.name, u.within));
  return unique ? takenError(unique, record[unique.name]) : null;
}

export function isImportHashViolation(entity: EntityDeclaration, error: unknown): boolean {
  return violatedUniqueConstraint(error) === `${entity.table}_import_hash_key`;
}

export function assertWritableInScope(
  entity: EntityDeclaration,
  scope: CompanyScope,
  record: Record<string, unknown>,
  isNew: boolean,
): void {
  if (!scope.companyIds) return;
  // A scoped actor cannot create what would fall outside their own scope (a company, a locker group).
  if ((entity.scope.kind === 'self' || entity.scope.kind === 'companyGroup') && isNew) throw forbidden('errors.outOfScope');
  if (!isInScope(scope, companyOfRecord(entity, record))) throw forbidden('errors.outOfScope');
}

/**
 * A record the caller sees only because their distribution company operates it (an order it
 * carries) is moved through its lifecycle, never edited, cancelled or deleted: those stay with
 * the record's own company.
 */
export function assertOwnRecord(entity: EntityDeclaration, scope: CompanyScope, record: Record<string, unknown>): void {
  if (entity.scope.kind !== 'company' || !entity.scope.operatedBy) return;
  if (!isInScope(scope, companyOfRecord(entity, record))) throw forbidden('errors.outOfScope');
}

/**
 * The stored key of an import hash. Hashes are unique per company: a company-scoped record's key
 * carries its company, so a hash used in another company neither blocks this import nor tells the
 * caller that it exists (spec 5.5), while the same row imported twice into one company is still
 * refused. Records of unscoped entities keep the bare hash: anyone who may import them may see them.
 */
export function importKeyOf(entity: EntityDeclaration, record: Record<string, unknown>, importHash: string): string {
  const company = entity.scope.kind === 'company' ? companyOfRecord(entity, record) : null;
  return company ? `${company}:${importHash}` : importHash;
}
