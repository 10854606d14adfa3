import { z } from 'zod';
import { fileRefSchema, refSchema } from '../session';
import type { EntityDeclaration } from './entity';
import type { Field } from './field';
import type { EntityRecord } from './record';

/**
 * Answer schemas built from a declaration: the API registers them as its routes' response schemas,
 * so the OpenAPI document describes every entity's shape and each answer is checked against it on
 * the way out. They describe the answer exactly (a wrong one turns a good answer into a 500), and
 * hold no transforms: the serializer encodes with them.
 */

const isoDateTime = z.iso.datetime({ offset: true });

function storedObjectSchema(fields: Record<string, Field>) {
  // An object declared without fields holds free-form JSON (the audit log's before/after values).
  if (!Object.keys(fields).length) return z.record(z.string(), z.unknown());
  return z.object(Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, fieldStoredSchema(field).optional()])));
}

function enumSchema(options: readonly string[]) {
  const [first, ...rest] = options;
  return first === undefined ? z.never() : z.enum([first, ...rest]);
}

/** A field's value as stored (relations as ids): nested object members are answered this way. */
export function fieldStoredSchema(field: Field): z.ZodType {
  switch (field.type) {
    case 'text':
      return z.string().nullable();
    case 'number':
      return z.number().nullable();
    case 'integer':
      return z.int().nullable();
    case 'boolean':
      return z.boolean();
    case 'dateTime':
      return isoDateTime.nullable();
    case 'dateRange':
      return z.tuple([isoDateTime.nullable(), isoDateTime.nullable()]).nullable();
    case 'stringList':
      return z.array(z.string());
    case 'enum':
      return field.multiple ? z.array(enumSchema(field.options)) : enumSchema(field.options).nullable();
    case 'relation':
      return field.multiple ? z.array(z.uuid()) : z.uuid().nullable();
    case 'files':
      return z.array(fileRefSchema);
    case 'object':
      return storedObjectSchema(field.fields);
  }
}

/** A field's value as the API answers it: a relation is {id, label} (many: a list of them). */
export function fieldAnswerSchema(field: Field): z.ZodType {
  if (field.type === 'relation') return field.multiple ? z.array(refSchema) : refSchema.nullable();
  return fieldStoredSchema(field);
}

export type RecordSchemaOptions<Stamped extends boolean = boolean> = {
  /** The record has created/updated stamps (every kit table does; the audit log has its own timestamp). */
  timestamps?: Stamped;
};

/** The answer type of a declaration, with or without the created/updated stamps. */
export type AnsweredRecord<E extends EntityDeclaration, Stamped extends boolean = true> = Stamped extends true
  ? EntityRecord<E>
  : Omit<EntityRecord<E>, 'createdAt' | 'updatedAt'>;

/** GET /{res}/{id}, and the answer of create, update and import. */
export function entityRecordSchema<E extends EntityDeclaration, Stamped extends boolean = true>(
  entity: E,
  options: RecordSchemaOptions<Stamped> = {},
) {
  // The shape is built field by field from the declaration; its type is the declaration's record type.
  return z.object(recordShapeOf(entity, options)).meta({ description: `A ${entity.name} record` }) as unknown as z.ZodType<
    AnsweredRecord<E, Stamped>
  >;
}

function recordShapeOf(entity: EntityDeclaration, options: RecordSchemaOptions<boolean> = {}): Record<string, z.ZodType> {
  const shape: Record<string, z.ZodType> = { id: z.uuid() };
  for (const [name, field] of Object.entries(entity.fields)) shape[name] = fieldAnswerSchema(field);
  if (options.timestamps ?? true) {
    shape.createdAt = isoDateTime;
    shape.updatedAt = isoDateTime;
  }
  return shape;
}

/** POST /{res}: the record, and what the create shows that once (EntityRoutes.createShowsOnce). */
function createdRecordSchema<E extends EntityDeclaration>(entity: E) {
  const once = entity.routes?.createShowsOnce ?? [];
  if (!once.length) return entityRecordSchema(entity);
  const shape = recordShapeOf(entity);
  for (const name of once) shape[name] = z.string().meta({ description: 'Shown in this answer only' });
  return z.object(shape).meta({ description: `A ${entity.name} record, as created` }) as unknown as z.ZodType<AnsweredRecord<E, true>>;
}

/**
 * GET /{res}: one page and the total count of matching records. A large filtered total is counted
 * only so far: `countCapped: true` then says there are more than `count` (ask `exactCount=true`).
 */
export function entityPageSchema<E extends EntityDeclaration, Stamped extends boolean = true>(
  entity: E,
  options: RecordSchemaOptions<Stamped> = {},
): z.ZodType<{ rows: AnsweredRecord<E, Stamped>[]; count: number; countCapped?: true }> {
  return z.object({
    rows: z.array(entityRecordSchema(entity, options)),
    count: z
      .int()
      .nonnegative()
      .meta({ description: 'Records matching the filters; with countCapped, a lower bound: there are more than count.' }),
    countCapped: z.literal(true).optional().meta({
      description:
        'Present when the total was counted only up to 10,000 rows (or the end of the page asked for) and more match; exactCount=true counts them all.',
    }),
  });
}

/** GET /{res}/autocomplete. */
export const autocompleteAnswerSchema = z.array(refSchema);

/** Every answer schema of an entity's generic routes (spec 7.3). */
export function entityResponseSchemas<E extends EntityDeclaration>(entity: E) {
  return {
    record: entityRecordSchema(entity),
    /** The create's answer: the record, and what it shows that once (a webhook's signing secret). */
    created: createdRecordSchema(entity),
    page: entityPageSchema(entity),
    autocomplete: autocompleteAnswerSchema,
    // Always true (a failure is an error answer); typed boolean as the routes return it.
    destroyed: z.boolean(),
  };
}
