import {
  auditLogEntity,
  auditLogPageSchema,
  ENTITIES,
  type EntityDeclaration,
  entityResponseSchemas,
  type Field,
  offersCreate,
  offersUpdate,
} from '@ebox/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureRecord, type SampleContext, sampleData } from './support/entity-samples';
import { startTestApp, type TestApp, type TestUser } from './support/test-app';

/**
 * The OpenAPI document describes every declared entity's answers (spec 7.3) from its declaration,
 * and what the API answers is what the document says: an integrator generating a client from
 * /docs/json gets each field with its type and allowed values.
 */

type JsonSchema = {
  type?: string | string[];
  nullable?: boolean;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema | JsonSchema[];
  prefixItems?: JsonSchema[];
  format?: string;
};
type Operation = { responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }> };
type OpenApiDocument = { paths: Record<string, Record<string, Operation>> };

const PREFIX = '/io/api/v1';

let t: TestApp;
let owner: TestUser;
let document: OpenApiDocument;
let companyId: string;

beforeAll(async () => {
  t = await startTestApp();
  owner = await t.createUser({ roles: ['owner'] });
  const company = await owner.api.post('/company', { data: { name: 'Transportadora OpenAPI', type: 'carrier' } });
  expect(company.status).toBe(200);
  companyId = company.body.id;
  const response = await fetch(`${t.baseUrl}${PREFIX}/docs/json`);
  expect(response.status).toBe(200);
  document = (await response.json()) as OpenApiDocument;
});
afterAll(() => t?.close());

function answerSchema(path: string, method: string): JsonSchema {
  const operation = document.paths[`${PREFIX}${path}`]?.[method];
  expect(operation, `${method.toUpperCase()} ${path} is in the document`).toBeDefined();
  const schema = operation?.responses['200']?.content?.['application/json']?.schema;
  expect(schema, `${method.toUpperCase()} ${path} describes its 200 answer`).toBeDefined();
  return schema as JsonSchema;
}

/** The alternatives of a schema: a nullable one is itself or null. */
function variantsOf(schema: JsonSchema): JsonSchema[] {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return alternatives.flatMap(variantsOf);
  const variants = [schema];
  if (schema.nullable) variants.push({ type: 'null' });
  return variants;
}

function typesOf(schema: JsonSchema): string[] {
  return variantsOf(schema).flatMap((variant) => (Array.isArray(variant.type) ? variant.type : variant.type ? [variant.type] : []));
}

function nonNull(schema: JsonSchema): JsonSchema {
  const variant = variantsOf(schema).find((v) => v.type !== 'null');
  expect(variant).toBeDefined();
  return variant as JsonSchema;
}

function itemsOf(schema: JsonSchema): JsonSchema {
  const array = variantsOf(schema).find((v) => v.type === 'array');
  expect(array, 'an array').toBeDefined();
  return (Array.isArray(array?.items) ? array.items[0] : array?.items) as JsonSchema;
}

const REF_KEYS = ['id', 'label'];

/** What the document must say of one declared field's answer. */
function expectFieldDescribed(name: string, schema: JsonSchema | undefined, field: Field) {
  expect(schema, `${name} is described`).toBeDefined();
  const described = schema as JsonSchema;
  const types = typesOf(described);
  switch (field.type) {
    case 'text':
      expect(types, name).toEqual(expect.arrayContaining(['string', 'null']));
      break;
    case 'number':
      expect(types, name).toEqual(expect.arrayContaining(['number', 'null']));
      break;
    case 'integer':
      expect(types, name).toEqual(expect.arrayContaining(['integer', 'null']));
      break;
    case 'boolean':
      expect(types, name).toEqual(['boolean']);
      break;
    case 'dateTime':
      expect(types, name).toEqual(expect.arrayContaining(['string', 'null']));
      expect(nonNull(described).format, name).toBe('date-time');
      break;
    case 'stringList':
      expect(typesOf(itemsOf(described)), name).toEqual(['string']);
      break;
    case 'enum': {
      const one = field.multiple ? itemsOf(described) : nonNull(described);
      expect(one.enum, name).toEqual([...field.options]);
      if (!field.multiple) expect(types, name).toContain('null');
      break;
    }
    case 'relation': {
      const ref = field.multiple ? itemsOf(described) : nonNull(described);
      expect(Object.keys(ref.properties ?? {}).sort(), name).toEqual(REF_KEYS);
      expect([...(ref.required ?? [])].sort(), name).toEqual(REF_KEYS);
      if (!field.multiple) expect(types, name).toContain('null');
      break;
    }
    case 'files': {
      const file = itemsOf(described);
      expect(Object.keys(file.properties ?? {}), name).toEqual(expect.arrayContaining(['name', 'publicUrl', 'id', 'sizeInBytes']));
      expect([...(file.required ?? [])].sort(), name).toEqual(['name', 'publicUrl']);
      break;
    }
    case 'object': {
      const inner = nonNull(described);
      for (const [key, innerField] of Object.entries(field.fields)) {
        if (innerField.type === 'enum') {
          const one = innerField.multiple ? itemsOf(inner.properties?.[key] ?? {}) : nonNull(inner.properties?.[key] ?? {});
          expect(one.enum, `${name}.${key}`).toEqual([...innerField.options]);
        } else expect(inner.properties?.[key], `${name}.${key}`).toBeDefined();
      }
      break;
    }
    case 'dateRange':
      expect(types, name).toEqual(expect.arrayContaining(['array', 'null']));
      break;
  }
}

function expectRecordDescribed(entity: EntityDeclaration, schema: JsonSchema) {
  const properties = schema.properties ?? {};
  expect(Object.keys(properties).sort()).toEqual(['id', ...Object.keys(entity.fields), 'createdAt', 'updatedAt'].sort());
  expect(properties.id?.format).toBe('uuid');
  expect(properties.createdAt?.format).toBe('date-time');
  for (const [name, field] of Object.entries(entity.fields)) expectFieldDescribed(name, properties[name], field);
  // Every key is always answered (null or [] when empty), so a generated client needs no optional checks.
  expect([...(schema.required ?? [])].sort()).toEqual(Object.keys(properties).sort());
}

/** The JSON type of a value as the document names types. */
function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (Number.isInteger(value)) return 'integer';
  return typeof value;
}

/** An answer agrees with the document: each key it has is described, with a type the document allows. */
function expectAnswerMatches(record: Record<string, unknown>, schema: JsonSchema) {
  const properties = schema.properties ?? {};
  for (const [key, value] of Object.entries(record)) {
    const property = properties[key];
    expect(property, `${key} is described`).toBeDefined();
    const types = typesOf(property as JsonSchema);
    const type = jsonTypeOf(value);
    expect(types.includes(type) || (type === 'integer' && types.includes('number')), `${key}: ${type} in ${types}`).toBe(true);
    const enumValues = variantsOf(property as JsonSchema).find((v) => v.enum)?.enum;
    if (enumValues && typeof value === 'string') expect(enumValues, key).toContain(value);
  }
}

/** Every field filled, optional relations included, so relation refs and files are answered too. */
async function fullSample(entity: EntityDeclaration, context: SampleContext): Promise<Record<string, unknown>> {
  const data = await sampleData(context, entity);
  for (const [name, field] of Object.entries(entity.fields)) {
    if (field.type !== 'relation' || field.readOnly || name in data || field.entity === entity.name || field.entity === 'user') continue;
    const id = await ensureRecord(context, field.entity);
    data[name] = field.multiple ? [id] : id;
  }
  return data;
}

describe.each(Object.values(ENTITIES).map((entity) => [entity.name, entity] as const))('%s in the OpenAPI document', (_name, entity) => {
  const path = `/${entity.path}`;

  it('describes the list, find, create, update, import and autocomplete answers with the declared fields', () => {
    const page = answerSchema(path, 'get');
    expect(Object.keys(page.properties ?? {}).sort()).toEqual(['count', 'countCapped', 'rows']);
    expect(typesOf(page.properties?.count ?? {})).toEqual(['integer']);
    // Issue 9: a capped total is marked, and only as true (absent otherwise).
    expect(page.required ?? []).not.toContain('countCapped');
    const row = itemsOf(page.properties?.rows ?? {});
    expectRecordDescribed(entity, row);
    expect(answerSchema(`${path}/{id}`, 'get')).toEqual(row);
    // A create may show a value once (a webhook's signing secret): the record's fields, and that one.
    const once = entity.routes?.createShowsOnce ?? [];
    if (offersCreate(entity)) {
      const created = answerSchema(path, 'post');
      expect(Object.keys(created.properties ?? {}).sort()).toEqual([...Object.keys(row.properties ?? {}), ...once].sort());
      expect(created.required ?? []).toEqual(expect.arrayContaining([...(row.required ?? []), ...once]));
    } else expect(document.paths[`${PREFIX}${path}`]?.post, `POST ${path} is not offered`).toBeUndefined();
    if (offersUpdate(entity)) expect(answerSchema(`${path}/{id}`, 'put')).toEqual(row);
    if (!entity.noImport) expect(answerSchema(`${path}/import`, 'post')).toEqual(row);
    const ref = itemsOf(answerSchema(`${path}/autocomplete`, 'get'));
    expect(Object.keys(ref.properties ?? {}).sort()).toEqual(REF_KEYS);
  });

  // A record only the system makes (a payment) is checked against its schema by its own suite (bot-payments).
  it.skipIf(!offersCreate(entity))('answers records that validate against the schema the document describes', async () => {
    const context: SampleContext = { api: owner.api, companyId, cache: new Map() };
    const data = await fullSample(entity, context);
    const created = await owner.api.post(path, { data });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const schemas = entityResponseSchemas(entity);
    const row = itemsOf(answerSchema(path, 'get').properties?.rows ?? {});

    const found = await owner.api.get(`${path}/${created.body.id}`);
    expect(found.status).toBe(200);
    expect(schemas.record.safeParse(found.body).error).toBeUndefined();
    expectAnswerMatches(found.body, row);
    // Relations come back as {id, label}: the label is the related record's, not its id.
    for (const [name, field] of Object.entries(entity.fields)) {
      if (field.type !== 'relation' || !(name in data)) continue;
      const refs = field.multiple ? found.body[name] : [found.body[name]];
      expect(refs.map((ref: { id: string }) => ref.id)).toEqual(field.multiple ? data[name] : [data[name]]);
      for (const ref of refs) expect(ref.label).not.toBe(ref.id);
    }

    const list = await owner.api.get(path, { limit: 1000 });
    expect(list.status).toBe(200);
    expect(schemas.page.safeParse(list.body).error).toBeUndefined();
    for (const record of list.body.rows) expectAnswerMatches(record, row);

    const autocomplete = await owner.api.get(`${path}/autocomplete`, { query: '', limit: 5 });
    expect(autocomplete.status).toBe(200);
    expect(schemas.autocomplete.safeParse(autocomplete.body).error).toBeUndefined();
  });
});

describe('the audit log in the OpenAPI document', () => {
  it('describes GET /auditLog from its declaration, and its answers match', async () => {
    const page = answerSchema('/auditLog', 'get');
    const row = itemsOf(page.properties?.rows ?? {});
    expect(Object.keys(row.properties ?? {}).sort()).toEqual(['id', ...Object.keys(auditLogEntity.fields)].sort());
    expect(nonNull(row.properties?.timestamp ?? {}).format).toBe('date-time');
    expect(typesOf(row.properties?.values ?? {})).toEqual(['object']);

    await owner.api.post('/company', { data: { name: 'Empresa auditada', type: 'shipper' } });
    const answer = await owner.api.get('/auditLog', { filter: { entityName: 'company' }, limit: 5 });
    expect(answer.status).toBe(200);
    expect(auditLogPageSchema.safeParse(answer.body).error).toBeUndefined();
    expect(answer.body.rows[0].values.after.name).toBe('Empresa auditada');
    for (const entry of answer.body.rows) expectAnswerMatches(entry, row);
  });
});

describe("the shippers' webhooks in the OpenAPI document", () => {
  it('publishes each event body in the webhooks section, with the Standard Webhooks headers', async () => {
    {
      const document = (await t.api.get('/docs/json')).body;
      expect(document.openapi).toBe('3.1.0');
      expect(Object.keys(document.webhooks).sort()).toEqual(
        ['message.delivered', 'message.failed', 'order.canceled', 'order.created', 'order.status_changed'].sort(),
      );
      const changed = document.webhooks['order.status_changed'].post;
      expect(changed.parameters.map((parameter: { name: string }) => parameter.name)).toEqual([
        'webhook-id',
        'webhook-timestamp',
        'webhook-signature',
      ]);
      const body = changed.requestBody.content['application/json'].schema;
      expect(body.required).toEqual(['type', 'timestamp', 'data']);
      expect(body.properties.data.required).toEqual(expect.arrayContaining(['orderId', 'from', 'to', 'trigger']));
    }
  });
});
