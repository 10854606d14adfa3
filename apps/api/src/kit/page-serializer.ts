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
type Member = { key: string; name: string; write: (value: unknown) => string };

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

function writerOf(field: Field): Member['write'] {
  if (WRITTEN_AS_IS.has(field.type)) return JSON.stringify;
  const schema = fieldAnswerSchema(field);
  return (value) => JSON.stringify(z.encode(schema, value as never));
}

function membersOf(entity: EntityDeclaration): Member[] {
  const members: Member[] = [{ key: 'id', name: JSON.stringify('id'), write: JSON.stringify }];
  for (const [key, field] of Object.entries(entity.fields)) members.push({ key, name: JSON.stringify(key), write: writerOf(field) });
  for (const key of ['createdAt', 'updatedAt']) members.push({ key, name: JSON.stringify(key), write: JSON.stringify });
  return members;
}

/** Writes `{"rows":[…],"count":n[,"countCapped":true]}` for pages of `entity`. */
export function pageSerializerOf(entity: EntityDeclaration): (page: Page) => string {
  const members = membersOf(entity);
  const writeRecord = (record: Record<string, unknown>): string => {
    let text = '';
    for (const member of members) {
      const value = record[member.key];
      // An absent member is left out, as JSON.stringify leaves out undefined.
      if (value === undefined) continue;
      text += `${text ? ',' : '{'}${member.name}:${member.write(value)}`;
    }
    return text ? `${text}}` : '{}';
  };
  return (page) => {
    let rows = '';
    for (const record of page.rows) rows += `${rows ? ',' : ''}${writeRecord(record)}`;
    return `{"rows":[${rows}],"count":${JSON.stringify(page.count)}${page.countCapped ? ',"countCapped":true' : ''}}`;
  };
}

/**
 * The route option for a list route: its 200 answer through `pageSerializerOf`, anything else as
 * the app serializes it (the zod schemas). The route keeps its zod schema for the OpenAPI document.
 */
export function pageSerializerCompiler(entity: EntityDeclaration): FastifySerializerCompiler<unknown> {
  const page = pageSerializerOf(entity);
  return (route) =>
    route.httpStatus === '200'
      ? (data: unknown) => page(data as Page)
      : serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);
}
