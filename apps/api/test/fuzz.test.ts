import { ENTITIES, type EntityDeclaration, type Field } from '@ebox/domain';
import qs from 'qs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from './support/test-app';

/**
 * Issue 6 "How it is checked": a bounded, seeded fuzz over every route of the OpenAPI document.
 * Malformed bodies, query strings and path params (NULs, huge numbers, long strings, odd dates,
 * wrong types, broken multipart) are sent as the owner and anonymously; any 5xx, or a download cut
 * after its headers, fails the test with the request that caused it and the seed that replays it
 * (FUZZ_SEED=<seed>, FUZZ_REQUESTS=<count> to run more, FUZZ_ONLY=<#index> to send one request of
 * the run again).
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 3000);
const ONLY = process.env.FUZZ_ONLY === undefined ? undefined : Number(process.env.FUZZ_ONLY);
const PARALLEL = 4;
const PREFIX = '/io/api/v1';

/** mulberry32: small, fast and the same sequence for the same seed on every machine. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)] as T;
  const chance = (p: number) => next() < p;
  const uuid = () =>
    'xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx'.replace(/[xy]/g, (c) => {
      const r = int(16);
      return (c === 'x' ? r : (r & 0x3) | 0x8).toString(16);
    });
  return { next, int, pick, chance, uuid };
}
type Random = ReturnType<typeof prng>;

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  additionalProperties?: Schema | boolean;
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  const?: unknown;
};
type Operation = {
  method: string;
  path: string;
  parameters: { name: string; in: string; schema?: Schema }[];
  body?: Schema;
};
type FuzzRequest = { method: string; url: string; body?: string | FormData; contentType?: string; anonymous: boolean; label: string };

const ODD_STRINGS = [
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  'x'.repeat(5000),
  '9'.repeat(40),
  '-99999999999',
  '2147483648',
  '9223372036854775808',
  '1e400',
  '-1e400',
  'NaN',
  'Infinity',
  '1.5',
  '+010000-01-01',
  '20000-01-01',
  '275760-09-13T00:00:00Z',
  '0000-00-00',
  '2024-02-30',
  '2024-01-01 25:61',
  'true',
  'null',
  '[]',
  '{}',
  '../../etc/passwd',
  '%',
  '_',
  "'; drop table company; --",
  '🙂\ud800',
  '<script>alert(1)</script>',
  'a@b.c',
  'shipper',
  '00000000-0000-0000-0000-000000000000',
];
const ODD_NUMBERS = [0, -1, 1.5, 2 ** 31, -(2 ** 31) - 1, 2 ** 53, 2 ** 63, 1e308, -1e308, Number.MAX_SAFE_INTEGER, 123_456_789_012];

function oddScalar(r: Random, known: string[]): unknown {
  switch (r.int(6)) {
    case 0:
    case 1:
      return r.pick(ODD_STRINGS);
    case 2:
      return r.pick(ODD_NUMBERS);
    case 3:
      return r.pick([true, false, null]);
    case 4:
      return r.chance(0.5) ? r.uuid() : r.pick(known);
    default:
      return `${r.pick(ODD_STRINGS)}${r.pick(ODD_STRINGS)}`.slice(0, 6000);
  }
}

function oddValue(r: Random, known: string[], depth = 0): unknown {
  if (depth < 2 && r.chance(0.15)) return Array.from({ length: r.int(4) }, () => oddValue(r, known, depth + 1));
  if (depth < 2 && r.chance(0.1)) return { id: oddScalar(r, known), name: oddScalar(r, known), publicUrl: oddScalar(r, known) };
  return oddScalar(r, known);
}

/** A value of roughly the field's type, bent in one of the ways that once reached the database. */
function fieldValue(r: Random, field: Field, known: string[]): unknown {
  if (r.chance(0.35)) return oddValue(r, known);
  switch (field.type) {
    case 'text':
      return r.pick(['Nome válido', 'a\u0000b', 'x'.repeat(300), '1abc', 'a@b.c', 'https://example.com/x']);
    case 'number':
    case 'integer':
      return r.pick([...ODD_NUMBERS, '12,5', '99999999999999999999', '1e400']);
    case 'dateTime':
      return r.pick(['2024-05-01 10:00', '+010000-01-01', '20000-01-01', '2024-13-45', 'yesterday']);
    case 'dateRange':
      return [r.pick(['2024-01-01', '+010000-01-01', 'x']), r.pick(['2023-01-01', '20000-01-01', null])];
    case 'boolean':
      return r.pick([true, false, 'sim', 'maybe', 2]);
    case 'enum':
      return field.multiple ? [r.pick(field.options), 'a\u0000b'] : r.pick([...field.options, 'nope']);
    case 'stringList':
      return r.pick([['a', 'b'], ['a\u0000b'], 'a b c', [1, 2]]);
    case 'relation':
      return field.multiple ? [r.pick(known), r.uuid()] : r.pick([...known, r.uuid(), { id: r.pick(known) }]);
    case 'files':
      return [{ name: r.pick(['a.png', 'a\u0000.png', 'x'.repeat(500), 'a.svg']), publicUrl: r.pick(['/x', 'a\u0000b', '']) }];
    case 'object':
      return Object.fromEntries(Object.entries(field.fields).map(([name, inner]) => [name, fieldValue(r, inner, known)]));
  }
}

/** The declaration behind a route path (`/company/...` → company, `/iam/...` → user). */
function entityOfPath(path: string): EntityDeclaration | undefined {
  const first = path.slice(PREFIX.length).split('/')[1];
  return Object.values(ENTITIES).find((entity) => entity.path === first);
}

function dataRecord(r: Random, entity: EntityDeclaration | undefined, known: string[]): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  const fields = Object.entries(entity?.fields ?? {});
  for (const [name, field] of fields) if (r.chance(0.6)) record[name] = fieldValue(r, field, known);
  if (r.chance(0.3)) record[r.pick(['id', 'emails', 'roles', 'x\u0000', 'k'.repeat(2000), 'createdAt'])] = oddValue(r, known);
  return record;
}

function fromSchema(r: Random, schema: Schema | undefined, op: Operation, known: string[], depth = 0): unknown {
  if (!schema || depth > 4 || r.chance(0.12)) return oddValue(r, known);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return fromSchema(r, r.pick(variants), op, known, depth + 1);
  if (schema.enum?.length) return r.chance(0.8) ? r.pick(schema.enum) : oddScalar(r, known);
  if (schema.const !== undefined) return schema.const;
  const type = Array.isArray(schema.type) ? r.pick(schema.type) : schema.type;
  switch (type) {
    case 'object': {
      if (schema.properties) {
        const value: Record<string, unknown> = {};
        for (const [name, inner] of Object.entries(schema.properties)) {
          if (r.chance(0.85)) value[name] = fromSchema(r, inner, op, known, depth + 1);
        }
        return value;
      }
      return dataRecord(r, entityOfPath(op.path), known);
    }
    case 'array':
      return Array.from({ length: r.int(4) }, () => fromSchema(r, schema.items, op, known, depth + 1));
    case 'string':
      return r.chance(0.5) ? r.pick(ODD_STRINGS) : r.pick([...known, r.uuid(), 'fuzz@example.com', 'S3cure-pass!']);
    case 'integer':
    case 'number':
      return r.pick(ODD_NUMBERS);
    case 'boolean':
      return r.chance(0.8) ? r.chance(0.5) : oddScalar(r, known);
    default:
      return oddValue(r, known);
  }
}

function queryValue(r: Random, name: string, op: Operation, known: string[], schema?: Schema): unknown {
  const entity = entityOfPath(op.path);
  const fieldNames = Object.keys(entity?.fields ?? {});
  switch (name) {
    case 'filter': {
      const filter: Record<string, unknown> = {};
      const names = [...(entity?.filters ?? []), 'createdAt', 'updatedAt', 'id', 'role', 'status', 'entityName', 'x\u0000'];
      for (let i = r.int(3) + 1; i > 0; i--) {
        const filterName = r.pick(names);
        const field = entity?.fields[filterName];
        const one = () => (field && r.chance(0.6) ? fieldValue(r, field, known) : oddScalar(r, known));
        filter[filterName] = r.chance(0.4) ? [one(), one()] : one();
      }
      return filter;
    }
    case 'orderBy':
      return r.chance(0.7)
        ? `${r.pick([...fieldNames, 'createdAt', 'x\u0000'])}_${r.pick(['ASC', 'DESC', 'SIDEWAYS'])}`
        : r.pick(ODD_STRINGS);
    case 'fields':
      return r.chance(0.7) ? Array.from({ length: r.int(4) + 1 }, () => r.pick([...fieldNames, 'id', 'password'])) : oddScalar(r, known);
    case 'timezone':
      return r.pick(['America/Sao_Paulo', 'UTC', 'Mars/Olympus', 'a\u0000b', '']);
    case 'entity':
      return r.chance(0.7) ? r.pick(['product', 'company', 'user', 'nope']) : oddScalar(r, known);
    case 'field':
      return r.chance(0.7) ? r.pick(['photos', 'logo', 'attachments', 'avatars', 'nope']) : oddScalar(r, known);
    default:
      return r.chance(0.3) ? oddValue(r, known) : fromSchema(r, schema, op, known);
  }
}

/** Query strings a client library would never write but a person can: bad escapes, clashing keys, deep nesting. */
const RAW_QUERIES = [
  'filter[name]=%ZZ',
  'filter=1&filter[name]=2',
  'filter[a][b][c][d][e][f][g][h]=1',
  'filter[createdAt][]=%2B010000-01-01&filter[createdAt][]=',
  'filter[name]=a%00b',
  'limit=1e3&offset=-0',
  'offset=99999999999999999999',
  `orderBy=${'a'.repeat(5000)}_ASC`,
  'query=%00',
  'fields[]=name&fields[][x]=1',
  'ids[]=00000000-0000-0000-0000-000000000000&ids[]=%00',
];

const RAW_BODIES = ['{', '[]', 'null', '"text"', '{"data":', `${'['.repeat(3000)}${']'.repeat(3000)}`, '{"data":"a\\u0000b"}', '\u0000'];

function pathFor(r: Random, op: Operation, known: string[]): string {
  return op.path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value =
      name === 'id'
        ? r.pick([r.uuid(), ...known, 'not-a-uuid', 'a\u0000b', '9'.repeat(300)])
        : r.pick(['a.png', 'a\u0000b.png', 'x'.repeat(2000), '..%2F..%2Fetc', '']);
    return encodeURIComponent(value);
  });
}

function multipartBody(r: Random): { body: string | FormData; contentType?: string } {
  const part = (boundary: string, filename = 'a.png', name = 'file') =>
    `--${boundary}\r\ncontent-disposition: form-data; name="${name}"; filename="${filename}"\r\ncontent-type: image/png\r\n\r\n\x89PNG\r\n\x1a\n`;
  switch (r.int(7)) {
    case 0:
      return { body: part('XYZ'), contentType: 'multipart/form-data; boundary=XYZ' };
    case 1:
      return { body: `${part('XYZ')}\r\n--XYZ--\r\n`, contentType: 'multipart/form-data; boundary=OTHER' };
    case 2:
      return { body: `${part('XYZ')}\r\n--XYZ--\r\n`, contentType: 'multipart/form-data' };
    case 3:
      return {
        body: `${part('XYZ', r.pick(['a\u0000.png', 'x'.repeat(3000), '', '../../a.png']))}\r\n--XYZ--\r\n`,
        contentType: 'multipart/form-data; boundary=XYZ',
      };
    case 4:
      return {
        body: `${part('XYZ', 'a.png', r.pick(['other', 'file\u0000', '']))}\r\n--XYZ--\r\n`,
        contentType: 'multipart/form-data; boundary=XYZ',
      };
    case 5: {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(r.int(2000))]), r.pick(['a.png', 'a.pdf', 'a.txt', 'a.svg']));
      return { body: form };
    }
    default:
      return { body: r.pick(RAW_BODIES), contentType: r.pick(['application/json', 'text/plain', 'multipart/form-data; boundary=']) };
  }
}

function makeRequest(r: Random, op: Operation, known: string[]): FuzzRequest {
  const path = pathFor(r, op, known);
  let search: string;
  if (r.chance(0.1)) search = r.pick(RAW_QUERIES);
  else {
    const query: Record<string, unknown> = {};
    for (const parameter of op.parameters.filter((p) => p.in === 'query')) {
      if (r.chance(0.7)) query[parameter.name] = queryValue(r, parameter.name, op, known, parameter.schema);
    }
    search = qs.stringify(query, { arrayFormat: 'brackets', encodeValuesOnly: true });
  }
  const url = `${path}${search ? `?${search}` : ''}`;
  const anonymous = r.chance(0.2);
  const label = `${op.method} ${op.path}`;
  if (op.path.endsWith('/file/upload')) return { method: op.method, url, anonymous, label, ...multipartBody(r) };
  if (!op.body && op.method === 'GET') return { method: op.method, url, anonymous, label };
  if (r.chance(0.1)) {
    return { method: op.method, url, anonymous, label, body: r.pick(RAW_BODIES), contentType: r.pick(['application/json', 'text/plain']) };
  }
  const body = JSON.stringify(fromSchema(r, op.body, op, known) ?? null);
  return { method: op.method, url, anonymous, label, body, contentType: 'application/json' };
}

function operationsOf(document: { paths: Record<string, Record<string, any>> }): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: operation.parameters ?? [],
        body: operation.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return operations;
}

function show(value: unknown, max = 400): string {
  const text = typeof value === 'string' ? JSON.stringify(value) : value instanceof FormData ? '[multipart form]' : JSON.stringify(value);
  return text && text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : String(text);
}

let t: TestApp;
let owner: TestUser;
let known: string[];

beforeAll(async () => {
  t = await startTestApp();
  owner = await t.createUser({ roles: ['owner'] });
  const company = await owner.api.post('/company', { data: { name: 'Empresa Fuzz', type: 'carrier' } });
  known = [owner.id, company.body.id, await t.roleId('owner')];
});
afterAll(() => t?.close());

it(`answers no 5xx to ${REQUESTS} malformed requests over every documented route (seed ${SEED})`, { timeout: 180_000 }, async () => {
  const document = (await (await fetch(`${t.baseUrl}${PREFIX}/docs/json`)).json()) as Parameters<typeof operationsOf>[0];
  const operations = operationsOf(document);
  expect(operations.length).toBeGreaterThan(50);
  const r = prng(SEED);
  // Every route first, then random ones: a small run still touches each documented operation.
  const requests = Array.from({ length: REQUESTS }, (_, i) =>
    makeRequest(r, i < operations.length ? (operations[i] as Operation) : r.pick(operations), known),
  );

  const failures: string[] = [];
  const reached = new Set<string>();
  let next = 0;
  const send = async (request: FuzzRequest, index: number) => {
    const headers: Record<string, string> = { 'accept-language': index % 3 ? 'pt-BR' : 'en' };
    if (!request.anonymous) headers.authorization = `Bearer ${owner.token}`;
    if (request.contentType) headers['content-type'] = request.contentType;
    const describe = `#${index} ${request.method} ${show(request.url)} body ${show(request.body)} (seed ${SEED})`;
    try {
      const response = await fetch(`${t.baseUrl}${request.url}`, { method: request.method, headers, body: request.body });
      // A live stream (GET /live) never ends on its own: its status is the answer, its body is let go.
      const streaming = response.headers.get('content-type')?.startsWith('text/event-stream');
      const text = streaming ? await response.body?.cancel().then(() => '') : await response.text();
      if (response.status >= 500) failures.push(`${response.status} for ${describe}: ${show(text, 300)}`);
      else if (response.status !== 404) reached.add(request.label);
      // A request may end the owner's session (disable, sign-out): sign in again and go on.
      if (!request.anonymous && response.status === 401) owner = await t.createUser({ roles: ['owner'] });
    } catch (error) {
      failures.push(`no complete answer (${(error as Error).message}) for ${describe}`);
    }
  };
  if (ONLY !== undefined) next = ONLY;
  await Promise.all(
    Array.from({ length: ONLY === undefined ? PARALLEL : 1 }, async () => {
      for (let index = next++; index < (ONLY ?? requests.length - 1) + 1; index = next++) await send(requests[index] as FuzzRequest, index);
    }),
  );
  if (failures.length) console.error(`fuzz seed ${SEED}: ${failures.length} failures\n${failures.slice(0, 30).join('\n')}`);
  expect(failures, `replay with FUZZ_SEED=${SEED}`).toEqual([]);
  if (ONLY === undefined) expect(reached.size).toBeGreaterThan(operations.length / 2);
});
