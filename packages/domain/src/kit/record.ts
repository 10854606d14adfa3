import type { EntityDeclaration } from './entity';
import type { Field, FileRef, RelationRef } from './field';

/**
 * Record types inferred from a declaration, so code handling a customer knows `name` is a string
 * and `company` a {id, label} without a cast. Three shapes of the same record:
 * - EntityRecord: what the API answers (relations as {id, label}, date-times as ISO strings);
 * - EntityRow: what the table holds (relations as ids);
 * - EntityInput: what a client writes (relations as ids, every key optional on update).
 * Over the general `EntityDeclaration` each field is the union of every field type's value, which
 * is still narrower than `unknown`.
 */

/** ISO 8601 date-time, as answered. */
export type IsoDateTime = string;

/** A field's value as stored; relations hold ids. */
export type FieldStored<F extends Field> = F extends { type: 'text' }
  ? string | null
  : F extends { type: 'number' | 'integer' }
    ? number | null
    : F extends { type: 'boolean' }
      ? boolean
      : F extends { type: 'dateTime' }
        ? IsoDateTime | null
        : F extends { type: 'dateRange' }
          ? [IsoDateTime | null, IsoDateTime | null] | null
          : F extends { type: 'stringList' }
            ? string[]
            : F extends { type: 'enum'; options: readonly (infer O)[]; multiple: true }
              ? O[]
              : F extends { type: 'enum'; options: readonly (infer O)[] }
                ? O | null
                : F extends { type: 'relation'; multiple: true }
                  ? string[]
                  : F extends { type: 'relation' }
                    ? string | null
                    : F extends { type: 'files' }
                      ? FileRef[]
                      : F extends { type: 'object'; fields: infer S extends Record<string, Field> }
                        ? keyof S extends never
                          ? Record<string, unknown>
                          : { [K in keyof S]?: FieldStored<S[K]> }
                        : never;

/** A field's value as the API answers it: relations carry the related record's label. */
export type FieldAnswer<F extends Field> = F extends { type: 'relation'; multiple: true }
  ? RelationRef[]
  : F extends { type: 'relation' }
    ? RelationRef | null
    : FieldStored<F>;

/** Columns every record has besides its declared fields. */
export type SystemFields = { id: string; createdAt: IsoDateTime; updatedAt: IsoDateTime };

type FieldsOf<E extends Pick<EntityDeclaration, 'fields'>> = E['fields'];

/** A record as the API answers it (GET /{res}/{id}, list rows, create/update answers). */
export type EntityRecord<E extends Pick<EntityDeclaration, 'fields'> = EntityDeclaration> = SystemFields & {
  -readonly [K in keyof FieldsOf<E>]: FieldAnswer<FieldsOf<E>[K]>;
};

/** A row as the kit's repository reads it from the entity's table. */
export type EntityRow<E extends Pick<EntityDeclaration, 'fields'> = EntityDeclaration> = SystemFields & {
  -readonly [K in keyof FieldsOf<E>]: FieldStored<FieldsOf<E>[K]>;
};

/** What a client writes: relations by id, any key may be left out (update keeps the stored value). */
export type EntityInput<E extends Pick<EntityDeclaration, 'fields'> = EntityDeclaration> = {
  -readonly [K in keyof FieldsOf<E>]?: FieldStored<FieldsOf<E>[K]>;
};

/** GET /{res}: one page of records and the total. */
export type EntityPage<E extends Pick<EntityDeclaration, 'fields'> = EntityDeclaration> = { rows: EntityRecord<E>[]; count: number };

/** A relation's stored value as a list of ids, whichever its multiplicity. */
export function relationIdsOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((id): id is string => typeof id === 'string');
  if (typeof value === 'string' && value) return [value];
  if (hasId(value)) return [value.id];
  return [];
}

/** A value carrying an id: a relation ref, a record, a select's {id, label} option. */
export function hasId(value: unknown): value is { id: string } {
  return typeof value === 'object' && value !== null && 'id' in value && typeof value.id === 'string';
}

export function isRelationRef(value: unknown): value is RelationRef {
  return hasId(value) && 'label' in value && typeof value.label === 'string';
}

/** A relation value as a list of refs (one or many, null meaning none). */
export function relationRefsOf(value: unknown): RelationRef[] {
  if (Array.isArray(value)) return value.filter(isRelationRef);
  return isRelationRef(value) ? [value] : [];
}

export function isFileRefList(value: unknown): value is FileRef[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'object' && item !== null && 'publicUrl' in item);
}

/** A plain JSON object (not an array, not null). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The id of a relation value given as an id or as {id, label}. */
export function idOfRef(value: unknown): unknown {
  return hasId(value) ? value.id : value;
}

/*
 * Readers of a field value held as `unknown` (a form's value, a cell of a generic list): each gives
 * the field type's value, or its empty value when the input is not of that type.
 */

export function textOf(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

export function numberOf(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

export function stringsOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  return typeof value === 'string' ? [value] : [];
}

export function dateRangeOf(value: unknown): [string | null, string | null] | null {
  if (!Array.isArray(value)) return null;
  return [textOf(value[0]), textOf(value[1])];
}

export function fileRefsOf(value: unknown): FileRef[] {
  return isFileRefList(value) ? value : [];
}
