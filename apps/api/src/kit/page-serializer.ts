import { type EntityDeclaration, type Field, fieldAnswerSchema } from '@ebox/domain';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * The JSON of a list page, written straight from the records the kit presents (issue 9: encoding
 * every row through the zod page schema cost more than its query on a cheap page). The text is the
 * one the schema's encoder gives: the same members in the same order (the id, the declared fields,
 * the stamps; then `count` and `countCapped`), each value as JSON.stringify writes it. Values whose
 * shape comes from stored JSON (files, objects, date ranges) still go through their field's schema,
 * which drops what it does not declare. The kit builds every record from the declaration
 * (present.ts), so the per-value checks the encoder made hold by construction.
 */

type Page = { rows: Record<string, unknown>[]; count: number; countCapped?: true };
/** A member whose value is written as it is (`encode` absent), or through its field's schema. */
type Member = { key: string; encode?: (value: unknown) => unknown };

/** Field types presented as plain JSON values or refs the kit builds member by member. */
const WRITTEN_AS_IS: ReadonlySet<Field['type']> = new Set([
  'text',
  'number',
  'integer',
  'boolean',
  'dateTime',
  'stringList',
  'enum',
  'relation',
]);

function encoderOf(field: Field): Member['encode'] {
  if (WRITTEN_AS_IS.has(field.type)) return undefined;
  const schema = fieldAnswerSchema(field);
  // Most such values on a page are empty (an order without files): the schema's answer for null is
  // the same for every row, so it is asked once.
  const nullOk = schema.safeParse(null).success;
  const nullAnswer = nullOk ? z.encode(schema, null) : undefined;
  return (value) => (value === null && nullOk ? nullAnswer : z.encode(schema, value));
}

function membersOf(entity: EntityDeclaration): Member[] {
  const members: Member[] = [{ key: 'id' }];
  for (const [key, field] of Object.entries(entity.fields)) members.push({ key, encode: encoderOf(field) });
  members.push({ key: 'createdAt' }, { key: 'updatedAt' });
  return members;
}

/**
 * Writes `{"rows":[…],"count":n[,"countCapped":true]}` for pages of `entity`: each record rebuilt
 * with the schema's members in the schema's order, then one JSON.stringify of the page (V8's own
 * encoder, rather than a call and a concatenation per value).
 */
export function pageSerializerOf(entity: EntityDeclaration): (page: Page) => string {
  const members = membersOf(entity);
  const shape = (record: Record<string, unknown>): Record<string, unknown> => {
    const shaped: Record<string, unknown> = {};
    for (const member of members) {
      const value = record[member.key];
      // An absent member is left out: JSON.stringify leaves out undefined.
      shaped[member.key] = value === undefined || !member.encode ? value : member.encode(value);
    }
    return shaped;
  };
  return (page) =>
    JSON.stringify(
      page.countCapped
        ? { rows: page.rows.map(shape), count: page.count, countCapped: true }
        : { rows: page.rows.map(shape), count: page.count },
    );
}

/**
 * The route option for a list route: its 200 answer through `pageSerializerOf`, anything else as
 * the app serializes it (the zod schemas). The route keeps its zod schema for the OpenAPI document.
 */
export function pageSerializerCompiler(entity: EntityDeclaration): FastifySerializerCompiler<unknown> {
  const page = pageSerializerOf(entity);
  // The 200 answer of a list route is its handler's page; fastify's and the zod provider's route
  // types differ only in their generics.
  return (route) =>
    route.httpStatus === '200'
      ? (data: unknown) => page(data as Page)
      : serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);
}
