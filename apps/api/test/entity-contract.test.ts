import {
  autocompleteGrantsOf,
  destroyOf,
  ENTITIES,
  type EntityAction,
  type EntityDeclaration,
  exportColumnsOf,
  type Field,
  isWriteOnlyField,
  MAX_FILE_SIZE,
  offersCreate,
  offersUpdate,
  PERMISSIONS,
  permissionOf,
  translatorFor,
  userEntity,
} from '@ebox/domain';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureRecord, invalidCases, type SampleContext, sampleData } from './support/entity-samples';
import { SPEC_FIELDS, SPEC_FILE_MAX_COUNT, SPEC_FILE_MAX_SIZE, SPEC_RULES, SPEC_USER_RULES, type SpecRule } from './support/spec-tables';
import { type ApiResponse, startTestApp, type TestApp, type TestUser } from './support/test-app';

/**
 * The contract of spec 7.3, run for every declared entity: an entity declared later is covered by
 * adding its declaration, nothing else.
 */

let t: TestApp;
let owner: TestUser;
let companyA: string;
let companyB: string;
const pt = translatorFor('pt-BR');
const en = translatorFor('en');

beforeAll(async () => {
  t = await startTestApp();
  owner = await t.createUser({ roles: ['owner'] });
  const a = await owner.api.post('/company', { data: { name: 'Transportadora Alfa', type: 'carrier' } });
  const b = await owner.api.post('/company', { data: { name: 'Loja Beta', type: 'shipper' } });
  expect(a.status).toBe(200);
  companyA = a.body.id;
  companyB = b.body.id;
});
afterAll(() => t?.close());

// Records the system alone makes (a payment: the gateway's) are tested by their own suites.
const entities = Object.values(ENTITIES).filter(offersCreate);
const ACTIONS: EntityAction[] = ['Read', 'Create', 'Edit', 'Destroy', 'Import', 'Autocomplete'];

function context(companyId: string): SampleContext {
  return { api: owner.api, companyId, cache: new Map() };
}

/** A release sends a build of its own company (docs/releases.md): one sorted by company gets one of that company's. */
async function buildsOfCompany(entity: EntityDeclaration, companyId: string): Promise<Record<string, string>> {
  return entity.name === 'terminalUiRelease' ? { terminalUiVersion: await ensureRecord(context(companyId), 'terminalUiVersion') } : {};
}

function labelOf(entity: EntityDeclaration, field: string, t2 = pt): string {
  return t2(`entities.${entity.name}.fields.${field}`, { defaultValue: field });
}

/** The declaration holds the spec's rule for this field. */
function expectDeclared(entityName: string, name: string, field: Field | undefined, rule: SpecRule): void {
  const where = `${entityName}.${name}`;
  expect(field, `${where} is declared`).toBeDefined();
  if (!field) return;
  const declared = field as Field & {
    min?: number;
    max?: number;
    scale?: number;
    maxSize?: number;
    email?: boolean;
    url?: boolean;
    matches?: string;
    phone?: true | 'mobile';
  };
  if (rule.required) expect(declared.required, `${where} required`).toBe(true);
  if (rule.min !== undefined) expect(declared.min, `${where} min`).toBe(rule.min);
  if (rule.max !== undefined) expect(declared.max, `${where} max`).toBe(rule.max);
  if (rule.length !== undefined) expect((declared as { length?: number }).length, `${where} length`).toBe(rule.length);
  if (rule.scale !== undefined) expect(declared.scale, `${where} scale`).toBe(rule.scale);
  if (rule.maxSize !== undefined) expect(declared.maxSize ?? MAX_FILE_SIZE, `${where} maxSize`).toBe(rule.maxSize);
  if (rule.format === 'email') expect(declared.email, `${where} email`).toBe(true);
  if (rule.format === 'url') expect(declared.url, `${where} url`).toBe(true);
  // A phone field is stored as 55 + DDD + number, which starts with a digit by construction.
  if (rule.format === 'startsWithDigit')
    expect(declared.matches === 'startsWithDigit' || Boolean(declared.phone), `${where} starts with a digit`).toBe(true);
}

type Boundary = { label: string; value: unknown; accepted: boolean; stored?: unknown };

function textOf(length: number): string {
  const seed = Math.random().toString(36).slice(2, 8);
  return `${seed}${'x'.repeat(length)}`.slice(0, length);
}

/** An e-mail of exactly `length` characters (at least 6: 'e@b.co'). */
function emailOf(length: number): string {
  return `${'e'.repeat(Math.max(0, length - 5))}@b.co`;
}

function filesOf(field: Extract<Field, { type: 'files' }>, count: number, size = 1200) {
  const ext = field.image ? 'png' : (field.formats?.[0] ?? 'txt');
  return Array.from({ length: count }, (_, i) => ({
    name: `arquivo-${i}.${ext}`,
    sizeInBytes: size,
    publicUrl: `https://files.example.com/${i}.${ext}`,
  }));
}

/** A value just outside and one just inside each bound the spec gives (undefined: the key is left out). */
function boundariesOf(field: Field, rule: SpecRule): Boundary[] {
  const cases: Boundary[] = [];
  if (rule.required) {
    cases.push({ label: 'missing', value: undefined, accepted: false }, { label: 'null', value: null, accepted: false });
  }
  if (field.type === 'text') {
    // An e-mail's length bounds are held with e-mails, or the value is refused for not being one.
    const make = rule.format === 'email' ? emailOf : textOf;
    if (rule.length !== undefined) {
      const value = make(rule.length);
      cases.push(
        { label: `${rule.length - 1} characters`, value: make(rule.length - 1), accepted: false },
        { label: `${rule.length + 1} characters`, value: make(rule.length + 1), accepted: false },
        { label: `${rule.length} characters`, value, accepted: true, stored: value },
      );
    }
    if (rule.min !== undefined && rule.min > 1)
      cases.push({ label: `${rule.min - 1} characters`, value: make(rule.min - 1), accepted: false });
    if (rule.min !== undefined) {
      const value = make(rule.min);
      cases.push({ label: `${rule.min} characters`, value, accepted: true, stored: value });
    }
    if (rule.max !== undefined && field.phone) {
      // A phone typed with spaces up to the limit is a phone; one more character is too long.
      const typed = (length: number) => `+55${' '.repeat(length - 18)}(21) 98765-4321`;
      cases.push(
        { label: `${rule.max + 1} characters`, value: typed(rule.max + 1), accepted: false },
        { label: `${rule.max} characters`, value: typed(rule.max), accepted: true, stored: '5521987654321' },
      );
    } else if (rule.max !== undefined) {
      const value = rule.format === 'startsWithDigit' ? '5'.repeat(rule.max) : make(rule.max);
      cases.push(
        {
          label: `${rule.max + 1} characters`,
          value: rule.format === 'startsWithDigit' ? '5'.repeat(rule.max + 1) : make(rule.max + 1),
          accepted: false,
        },
        { label: `${rule.max} characters`, value, accepted: true, stored: value },
      );
    }
    if (rule.format === 'url')
      cases.push(
        { label: 'no scheme', value: 'example.com/hook', accepted: false },
        { label: 'a url', value: 'https://example.com/hook', accepted: true, stored: 'https://example.com/hook' },
      );
    if (rule.format === 'startsWithDigit')
      cases.push(
        { label: 'a letter first', value: field.phone ? 'telefone' : 'a5521987654321', accepted: false },
        { label: 'a digit first', value: '5521987654321', accepted: true, stored: '5521987654321' },
      );
  }
  if (field.type === 'number' || field.type === 'integer') {
    const scale = field.type === 'number' ? (rule.scale ?? 2) : 0;
    const step = 10 ** -scale;
    const round = (n: number) => Number(n.toFixed(scale));
    if (rule.min !== undefined)
      cases.push(
        { label: `below ${rule.min}`, value: round(rule.min - step), accepted: false },
        { label: `${rule.min}`, value: rule.min, accepted: true, stored: rule.min },
      );
    if (rule.max !== undefined)
      cases.push(
        { label: `above ${rule.max}`, value: round(rule.max + step), accepted: false },
        { label: `${rule.max}`, value: rule.max, accepted: true, stored: rule.max },
      );
    if (rule.scale !== undefined) cases.push({ label: `${scale} decimals kept`, value: 12.341, accepted: true, stored: 12.34 });
  }
  if (field.type === 'files') {
    if (rule.max !== undefined)
      cases.push(
        { label: `${rule.max + 1} files`, value: filesOf(field, rule.max + 1), accepted: false },
        { label: `${rule.max} files`, value: filesOf(field, rule.max), accepted: true },
      );
    if (rule.maxSize !== undefined)
      cases.push(
        { label: `${rule.maxSize + 1} bytes`, value: filesOf(field, 1, rule.maxSize + 1), accepted: false },
        { label: `${rule.maxSize} bytes`, value: filesOf(field, 1, rule.maxSize), accepted: true },
      );
  }
  return cases;
}

function withValue(data: Record<string, unknown>, name: string, value: unknown): Record<string, unknown> {
  const copy = { ...data };
  if (value === undefined) delete copy[name];
  else copy[name] = value;
  return copy;
}

describe.each(entities.map((entity) => [entity.name, entity] as const))('%s resource', (_name, entity) => {
  const path = `/${entity.path}`;
  const destroy = destroyOf(entity);
  const deleteAction = destroy && destroy !== 'delete' ? destroy.action : undefined;
  // A record of what happened (an inbound: spec 7.3 "create, find, list, autocomplete only") offers no PUT or DELETE.
  const updates = offersUpdate(entity);
  const itWhenUpdated = updates ? it : () => {};
  const itWhenDeleted = destroy ? it : () => {};

  async function createSample(companyId = companyA, seed?: string) {
    const data = await sampleData(context(companyId), entity, { seed });
    const response = await owner.api.post(path, { data });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return { data, record: response.body };
  }

  it('creates, finds, updates and deletes a record, auditing each change', async () => {
    const { data, record } = await createSample();
    expect(record.id).toMatch(/^[0-9a-f-]{36}$/);
    const found = await owner.api.get(`${path}/${record.id}`);
    expect(found.status).toBe(200);
    for (const [name, value] of Object.entries(data)) {
      const field = entity.fields[name];
      if (field?.type === 'relation') {
        const ids = Array.isArray(value) ? value : [value];
        const got = Array.isArray(found.body[name]) ? found.body[name] : [found.body[name]];
        expect(got.map((r: { id: string }) => r.id)).toEqual(ids);
        expect(typeof got[0].label).toBe('string');
      } else if (isWriteOnlyField(field)) {
        // Written, never read back (a bot's access token).
        expect(found.body[name], name).toBeNull();
      } else {
        expect(found.body[name], name).toEqual(value);
      }
    }

    const ruled = new Set((entity.rules ?? []).map((rule) => rule.path));
    const textField = Object.entries(entity.fields).find(
      ([name, f]) => f.type === 'text' && !f.readOnly && !f.email && !f.url && !f.matches && !f.length && !ruled.has(name),
    );
    const edited = Boolean(textField) && entity.name !== 'role' && updates;
    if (textField && edited) {
      const [name] = textField;
      const changed = `${String(data[name] ?? 'x').slice(0, 10)} editado`;
      const updated = await owner.api.put(`${path}/${record.id}`, { id: record.id, data: { [name]: changed } });
      expect(updated.status, JSON.stringify(updated.body)).toBe(200);
      expect(updated.body[name]).toBe(changed);
    }

    const lastStored = (await owner.api.get(`${path}/${record.id}`)).body;
    if (!destroy) {
      expect((await owner.api.delete(path, { ids: [record.id] })).status).toBe(404);
      const kept = await owner.api.get('/auditLog', { filter: { entityId: record.id }, orderBy: 'timestamp_ASC' });
      expect(kept.body.rows.map((r: { action: string }) => r.action)).toEqual(edited ? ['create', 'update'] : ['create']);
      return;
    }
    const removed = await owner.api.delete(path, { ids: [record.id] });
    expect(removed.status).toBe(200);
    // An entity whose delete is an action (an order's cancel) keeps the record, changed by it.
    expect((await owner.api.get(`${path}/${record.id}`)).status).toBe(deleteAction ? 200 : 404);

    const audit = await owner.api.get('/auditLog', { filter: { entityId: record.id }, orderBy: 'timestamp_ASC' });
    expect(audit.body.rows.map((r: { action: string }) => r.action)).toEqual(
      edited ? ['create', 'update', deleteAction ?? 'delete'] : ['create', deleteAction ?? 'delete'],
    );
    expect(audit.body.rows[0].entityName).toBe(entity.name);
    expect(audit.body.rows[0].createdByEmail).toBe(owner.email);
    // Each entry keeps the record as it was before and after the change (what a reviewer reads).
    const label = entity.labelField;
    const [created, ...rest] = audit.body.rows as {
      values: { before: Record<string, unknown> | null; after: Record<string, unknown> | null };
    }[];
    const deleted = rest[rest.length - 1];
    expect(created?.values.before).toBeNull();
    expect(created?.values.after).toMatchObject({ id: record.id, [label]: record[label] });
    if (textField && edited) {
      const [name] = textField;
      const changed = rest[0]?.values;
      expect(changed?.before).toMatchObject({ id: record.id, [name]: record[name] ?? null });
      expect(changed?.after).toMatchObject({ id: record.id, [name]: `${String(data[name] ?? 'x').slice(0, 10)} editado` });
    }
    expect(deleted?.values.before).toMatchObject({ id: record.id, [label]: lastStored[label] });
    if (deleteAction) expect(deleted?.values.after).toMatchObject({ id: record.id });
    else expect(deleted?.values.after).toBeNull();
  });

  itWhenDeleted('deletes several records in one call, auditing each of them', async () => {
    const first = await createSample();
    const second = await createSample();
    const removed = await owner.api.delete(path, { ids: [first.record.id, second.record.id] });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    for (const { record } of [first, second]) {
      expect((await owner.api.get(`${path}/${record.id}`)).status).toBe(deleteAction ? 200 : 404);
      const audit = await owner.api.get('/auditLog', { filter: { entityId: record.id, action: deleteAction ?? 'delete' } });
      expect(audit.body.rows, `delete of ${record.id} audited`).toHaveLength(1);
      expect(audit.body.rows[0].values.before).toMatchObject({ id: record.id });
    }
  });

  itWhenUpdated('refuses each invalid value on update too, keeping the stored record', async () => {
    const { record } = await createSample();
    const stored = (await owner.api.get(`${path}/${record.id}`)).body;
    for (const invalid of invalidCases(entity)) {
      // An update leaving a write-only secret empty keeps it (the form cannot show it).
      if (isWriteOnlyField(entity.fields[invalid.field]) && invalid.value == null) continue;
      const response = await t
        .client(owner.token, 'pt-BR')
        .put(`${path}/${record.id}`, { id: record.id, data: { [invalid.field]: invalid.value } });
      expect(response.status, `update ${invalid.field}=${JSON.stringify(invalid.value)}: ${JSON.stringify(response.body)}`).toBe(400);
      const fieldError = response.body.error.fields?.find((f: { path: string }) => f.path.split('.')[0] === invalid.field);
      expect(fieldError, `update ${invalid.field} ${invalid.key}: ${JSON.stringify(response.body)}`).toBeTruthy();
    }
    expect((await owner.api.get(`${path}/${record.id}`)).body).toEqual(stored);
  });

  it('holds the values of spec 3, 5.3 and 9: declared as written, refused just outside, accepted just inside', async () => {
    const spec = SPEC_FIELDS[entity.name];
    expect(spec, `copy spec 3's field list of ${entity.name} into test/support/spec-tables.ts`).toBeDefined();
    expect(Object.keys(entity.fields).sort()).toEqual([...(spec?.fields ?? []), ...Object.keys(spec?.beyond ?? {})].sort());
    for (const [name, field] of Object.entries(entity.fields)) {
      if (field.type !== 'files') continue;
      expect(field.maxSize ?? MAX_FILE_SIZE, `${name}: spec 9 caps a file`).toBeLessThanOrEqual(SPEC_FILE_MAX_SIZE);
      expect(field.max ?? Number.POSITIVE_INFINITY, `${name}: spec 9 allows at most 3 files`).toBeLessThanOrEqual(SPEC_FILE_MAX_COUNT);
    }
    const rules = SPEC_RULES[entity.name];
    expect(rules, `copy spec 5.3's rules of ${entity.name} into test/support/spec-tables.ts`).toBeDefined();
    for (const [name, rule] of Object.entries(rules ?? {})) {
      const field = entity.fields[name];
      expectDeclared(entity.name, name, field, rule);
      if (!field) continue;
      for (const boundary of boundariesOf(field, rule)) {
        const data = withValue(await sampleData(context(companyA), entity), name, boundary.value);
        const response = await owner.api.post(path, { data });
        const what = `${entity.name}.${name} ${boundary.label}: ${JSON.stringify(response.body).slice(0, 300)}`;
        if (!expectBoundaryAnswer(response, boundary, name, what)) continue;
        // A write-only secret is accepted and never read back.
        if (isWriteOnlyField(field)) continue;
        expectStoredBoundary((await owner.api.get(`${path}/${response.body.id}`)).body[name], boundary, what);
      }
    }
  });

  it('lists with paging, count and sorting by each list column', async () => {
    for (const seed of ['a1', 'b2', 'c3']) await createSample(companyA, `${seed}${Math.random().toString(36).slice(2, 5)}`);
    const all = await owner.api.get(path, { limit: 1000 });
    expect(all.status).toBe(200);
    expect(all.body.count).toBeGreaterThanOrEqual(3);
    const page = await owner.api.get(path, { limit: 2, offset: 1, orderBy: 'createdAt_ASC' });
    expect(page.body.rows).toHaveLength(2);
    expect(page.body.count).toBe(all.body.count);
    const sortedAsc = await owner.api.get(path, { limit: 1000, orderBy: 'createdAt_ASC' });
    expect(page.body.rows.map((r: { id: string }) => r.id)).toEqual(sortedAsc.body.rows.slice(1, 3).map((r: { id: string }) => r.id));

    for (const column of entity.listColumns) {
      const field = entity.fields[column];
      if (
        field &&
        ((field.type === 'enum' && field.multiple) ||
          (field.type === 'relation' && field.multiple) ||
          ['files', 'stringList', 'object', 'dateRange'].includes(field.type))
      )
        continue;
      for (const direction of ['ASC', 'DESC']) {
        const sorted = await owner.api.get(path, { limit: 1000, orderBy: `${column}_${direction}` });
        expect(sorted.status, `${column}_${direction}: ${JSON.stringify(sorted.body)}`).toBe(200);
        expect(sorted.body.count).toBe(all.body.count);
      }
    }
    const label = entity.labelField;
    const ascending = await owner.api.get(path, { limit: 1000, orderBy: `${label}_ASC` });
    const descending = await owner.api.get(path, { limit: 1000, orderBy: `${label}_DESC` });
    const idsOf = (response: { body: { rows: { id: string }[] } }) => response.body.rows.map((r) => r.id);
    expect(idsOf(descending)).toEqual([...idsOf(ascending)].reverse());

    expect((await owner.api.get(path, { orderBy: 'nope_ASC' })).status).toBe(400);
    expect((await owner.api.get(path, { orderBy: `${label}_ASC;drop table x` })).status).toBe(400);
    expect((await owner.api.get(path, { orderBy: `${label}_SIDEWAYS` })).status).toBe(400);
    expect((await owner.api.get(path, { filter: { passwordHash: 'x' } })).status).toBe(400);
    expect((await owner.api.get(path, { limit: -1 })).status).toBe(400);
  });

  it('filters by each declared filter', async () => {
    const { record } = await createSample();
    for (const name of entity.filters) {
      const field = entity.fields[name];
      const value = record[name];
      if (value === null || value === undefined) continue;
      let match: unknown;
      let miss: unknown;
      // A range must hold at both ends: a second miss lies past the other end.
      let missOtherEnd: unknown;
      switch (field?.type ?? (name === 'createdAt' ? 'dateTime' : 'text')) {
        case 'text':
          // A field searched whole (match: 'exact') is found by its whole value, in any case; one
          // searched by its start (match: 'prefix', an order's tracking code) by its first characters.
          match =
            field?.type === 'text' && field.match === 'exact'
              ? String(value).toLowerCase()
              : field?.type === 'text' && field.match === 'prefix'
                ? String(value).slice(0, 5).toLowerCase()
                : String(value).slice(1, 6).toUpperCase();
          miss = 'zz-no-such-value-zz';
          break;
        case 'number':
        case 'integer':
          match = [value, value];
          miss = [Number(value) + 1, ''];
          missOtherEnd = ['', Number(value) - 1];
          break;
        case 'dateTime':
          match = [new Date(Date.parse(String(value)) - 1000).toISOString(), new Date(Date.parse(String(value)) + 1000).toISOString()];
          miss = ['', '2000-01-01T00:00:00.000Z'];
          missOtherEnd = [new Date(Date.parse(String(value)) + 60_000).toISOString(), ''];
          break;
        case 'boolean':
          match = String(value);
          miss = String(!value);
          break;
        case 'enum':
          match = Array.isArray(value) ? [value[0]] : value;
          miss = undefined;
          break;
        case 'relation':
          match = Array.isArray(value) ? value[0]?.id : (value as { id: string }).id;
          miss = crypto.randomUUID();
          break;
        default:
          continue;
      }
      if (match === undefined) continue;
      const found = await owner.api.get(path, { filter: { [name]: match }, limit: 1000 });
      expect(found.status, `${name}: ${JSON.stringify(found.body)}`).toBe(200);
      expect(
        found.body.rows.map((r: { id: string }) => r.id),
        `filter ${name}`,
      ).toContain(record.id);
      for (const outside of [miss, missOtherEnd]) {
        if (outside === undefined) continue;
        const missed = await owner.api.get(path, { filter: { [name]: outside }, limit: 1000 });
        expect(missed.status, `${name}: ${JSON.stringify(missed.body)}`).toBe(200);
        expect(
          missed.body.rows.map((r: { id: string }) => r.id),
          `filter ${name} ${JSON.stringify(outside)} misses`,
        ).not.toContain(record.id);
      }
    }
  });

  const sortableRelations = entity.listColumns.filter((column) => {
    const field = entity.fields[column];
    return field?.type === 'relation' && !field.multiple && field.entity !== 'user';
  });
  const itWithRelationColumns = sortableRelations.length ? it : () => {};
  itWithRelationColumns('sorts by a relation column in the order of the related labels', async () => {
    const tag = Math.random().toString(36).slice(2, 7);
    for (const column of sortableRelations) {
      const field = entity.fields[column] as Extract<(typeof entity.fields)[string], { type: 'relation' }>;
      const target = ENTITIES[field.entity] as EntityDeclaration;
      // Six related records whose labels sort a..f, used by records created in another order: a
      // sort that ignored the labels would match this order only by chance (1 in 720).
      const letters = ['a', 'b', 'c', 'd', 'e', 'f'];
      const related: Record<string, string> = {};
      for (const letter of letters) {
        const data = await sampleData(context(companyA), target);
        const response = await owner.api.post(`/${target.path}`, { data: { ...data, [target.labelField]: `Ordem ${tag} ${letter}` } });
        expect(response.status, JSON.stringify(response.body)).toBe(200);
        related[letter] = response.body.id;
      }
      const idByLetter: Record<string, string> = {};
      for (const letter of ['d', 'a', 'f', 'c', 'e', 'b']) {
        const data = await sampleData(context(companyA), entity);
        const own = column === 'company' ? await buildsOfCompany(entity, related[letter] as string) : {};
        const response = await owner.api.post(path, { data: { ...data, ...own, [column]: related[letter] } });
        expect(response.status, `${column}: ${JSON.stringify(response.body)}`).toBe(200);
        idByLetter[letter] = response.body.id;
      }
      const mine = new Set(Object.values(idByLetter));
      for (const direction of ['ASC', 'DESC'] as const) {
        const sorted = await owner.api.get(path, { limit: 1000, orderBy: `${column}_${direction}` });
        expect(sorted.status).toBe(200);
        const order = sorted.body.rows.map((r: { id: string }) => r.id).filter((id: string) => mine.has(id));
        const expected = letters.map((letter) => idByLetter[letter]);
        expect(order, `${column}_${direction}`).toEqual(direction === 'ASC' ? expected : expected.reverse());
      }
    }
  });

  // A read-only relation (an order's booked compartment) is set by the server, never by a sample.
  const relationFields = Object.entries(entity.fields).filter(
    ([, field]) => field.type === 'relation' && field.entity !== 'user' && !field.readOnly,
  );
  // The order's export (by mail) reads relations through the same kit exporter: order-export-mail.test.ts.
  const itWithRelations = relationFields.length && entity.routes?.export !== false ? it : () => {};
  itWithRelations('exports relation cells as the labels of the related records', async () => {
    const data = await sampleData(context(companyA), entity, { allRelations: true });
    const created = await owner.api.post(path, { data });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const record = (await owner.api.get(`${path}/${created.body.id}`)).body;
    const fields = ['id', ...relationFields.map(([name]) => name)];
    const response = await fetch(`${t.baseUrl}/io/api/v1${path}/export?${fields.map((f) => `fields[]=${f}`).join('&')}`, {
      headers: { authorization: `Bearer ${owner.token}`, 'accept-language': 'en' },
    });
    expect(response.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const rows = (workbook.getWorksheet('data')?.getSheetValues() ?? []) as unknown[][];
    const row = rows.find((values) => Array.isArray(values) && values[1] === record.id);
    expect(row, 'the record is exported').toBeTruthy();
    relationFields.forEach(([name], index) => {
      const refs = ([] as { label: string }[]).concat(record[name] ?? []);
      expect(refs.length, `${name} filled by the sample`).toBeGreaterThan(0);
      const cell = String(row?.[index + 2] ?? '');
      for (const ref of refs) expect(cell, `${name} cell`).toContain(ref.label);
      if (refs.length === 1) expect(cell).toBe(refs[0]?.label);
    });
  });

  // Entities without an importer (role) have no import route to test.
  const itWithImport = entity.noImport ? () => {} : it;
  itWithImport('imports a row and refuses the same import hash again', async () => {
    const data = await sampleData(context(companyA), entity);
    const importHash = `hash-${entity.name}-${Math.random()}`;
    const first = await owner.api.post(`${path}/import`, { data, importHash });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const again = await t.client(owner.token, 'pt-BR').post(`${path}/import`, { data, importHash });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('Os dados já foram importados');
    const missing = await t.client(owner.token, 'en').post(`${path}/import`, { data });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toBe('Import hash is required');
  });

  itWithImport('imports a row holding only the columns of its import template', async () => {
    // The console's importer sends exactly the template's columns: a required field missing from
    // the template makes every imported row fail.
    const full = await sampleData(context(companyA), entity);
    const data = Object.fromEntries(entity.importColumns.filter((name) => name in full).map((name) => [name, full[name]]));
    const response = await owner.api.post(`${path}/import`, { data, importHash: `template-${entity.name}-${Math.random()}` });
    expect(response.status, `${entity.name} template ${entity.importColumns.join(', ')}: ${JSON.stringify(response.body)}`).toBe(200);
  });

  it('autocompletes by label', async () => {
    const { record } = await createSample();
    const label = String(record[entity.labelField]);
    // The whole label: its first characters alone ("trackingCo") match every sample the file made.
    const response = await owner.api.get(`${path}/autocomplete`, { query: label, limit: 50 });
    expect(response.status).toBe(200);
    expect(response.body).toContainEqual({ id: record.id, label });
  });

  // An entity whose export is its module's own (the order's: by mail) is tested there (order-export-mail.test.ts).
  it.skipIf(entity.routes?.export === false)('exports the list as an xlsx with translated headers', async () => {
    await createSample();
    const fields = exportColumnsOf(entity);
    const response = await fetch(
      `${t.baseUrl}/io/api/v1${path}/export?${fields.map((f) => `fields[]=${f}`).join('&')}&orderBy=createdAt_ASC`,
      { headers: { authorization: `Bearer ${owner.token}`, 'accept-language': 'en' } },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/\.xlsx/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.getWorksheet('data');
    expect(sheet).toBeTruthy();
    const headers = ((sheet?.getRow(1).values ?? []) as unknown[]).slice(1);
    expect(headers).toEqual(fields.map((f) => (entity.fields[f] ? labelOf(entity, f, en) : en(`resource.fields.${f}`))));
    const count = (await owner.api.get(path, { limit: 1 })).body.count;
    expect(sheet?.actualRowCount).toBe(count + 1);

    const none = await t.client(owner.token, 'en').get(`${path}/export`);
    expect(none.status).toBe(400);
    expect(none.body.error.message).toBe('exporterFields is required');
  });

  it('refuses each invalid value with a translated message and writes nothing', async () => {
    const base = await sampleData(context(companyA), entity);
    const before = (await owner.api.get(path, { limit: 1 })).body.count;
    for (const invalid of invalidCases(entity)) {
      const response = await t.client(owner.token, 'pt-BR').post(path, { data: { ...base, [invalid.field]: invalid.value } });
      expect(response.status, `${invalid.field}=${JSON.stringify(invalid.value)}: ${JSON.stringify(response.body)}`).toBe(400);
      const fieldError = response.body.error.fields?.find((f: { path: string }) => f.path.split('.')[0] === invalid.field);
      expect(fieldError, `${invalid.field} ${invalid.key}: ${JSON.stringify(response.body)}`).toBeTruthy();
      if (!invalid.key.startsWith('validation.file') && invalid.key !== 'errors.relationNotFound') {
        const expected = pt(invalid.key, { ...invalid.values, label: labelOf(entity, invalid.field) });
        expect(response.body.error.fields.map((f: { message: string }) => f.message)).toContain(expected);
      }
    }
    const malformed = await owner.api.raw('POST', path, '{"data": {', 'application/json');
    expect(malformed.status).toBe(400);
    const notObject = await owner.api.post(path, { data: 'text' });
    expect(notObject.status).toBe(400);
    const unknownKey = await owner.api.post(path, { data: { ...base, notAField: 1 } });
    expect(unknownKey.status).toBe(400);
    expect((await owner.api.get(path, { limit: 1 })).body.count).toBe(before);
  });

  it('denies each route without its permission, and everything without a token', async () => {
    const { record } = await createSample();
    const entityPermissions = ACTIONS.map((action) => permissionOf(entity, action)).filter((p) => PERMISSIONS.includes(p));
    const calls: Record<EntityAction, (api: TestUser['api']) => Promise<{ status: number }>> = {
      Read: (api) => api.get(path),
      Create: async (api) => api.post(path, { data: await sampleData(context(companyA), entity) }),
      Edit: (api) => api.put(`${path}/${record.id}`, { id: record.id, data: {} }),
      Destroy: (api) => api.delete(path, { ids: [record.id] }),
      Import: async (api) =>
        api.post(`${path}/import`, { data: await sampleData(context(companyA), entity), importHash: `h${Math.random()}` }),
      Autocomplete: (api) => api.get(`${path}/autocomplete`),
    };
    for (const action of ACTIONS) {
      if (action === 'Import' && entity.noImport) continue;
      if ((action === 'Edit' && !updates) || (action === 'Destroy' && !destroy)) continue;
      // An autocomplete also answers whoever may create or edit a record relating to it (a company's
      // parent company): without it means without all of those.
      const opening = action === 'Autocomplete' ? autocompleteGrantsOf(entity) : [permissionOf(entity, action)];
      const without = await t.createUser({ permissions: entityPermissions.filter((p) => !opening.includes(p)) });
      const response = await calls[action](without.api);
      expect(response.status, `${action} without ${permissionOf(entity, action)}`).toBe(403);
      expect((await calls[action](t.api)).status, `${action} anonymous`).toBe(401);
    }
  });

  // The locker-group scope has its own test below; unscoped entities have nothing to keep inside.
  const itWhenCompanyScoped = entity.scope.kind === 'company' || entity.scope.kind === 'self' ? it : () => {};
  itWhenCompanyScoped('keeps a user limited to allowed companies inside them', async () => {
    const mine = await createSample(companyA);
    const theirs = await createSample(companyB);
    const allPermissions = ACTIONS.map((action) => permissionOf(entity, action)).filter((p) => PERMISSIONS.includes(p));
    const scoped = await t.createUser({
      permissions: [...allPermissions, 'companyAutocomplete', 'companyRead'],
      allowedCompanies: [companyA],
    });
    const myId = entity.scope.kind === 'self' ? companyA : mine.record.id;
    const theirId = entity.scope.kind === 'self' ? companyB : theirs.record.id;

    const list = await scoped.api.get(path, { limit: 1000 });
    const ids = list.body.rows.map((r: { id: string }) => r.id);
    expect(ids).toContain(myId);
    expect(ids).not.toContain(theirId);
    expect((await scoped.api.get(`${path}/${myId}`)).status).toBe(200);
    // Another company's record answers as one that does not exist (spec 5.5: nothing to learn).
    const denied = await t.client(scoped.token, 'en').get(`${path}/${theirId}`);
    expect(denied.status).toBe(404);
    expect(denied.body).toEqual((await t.client(scoped.token, 'en').get(`${path}/${crypto.randomUUID()}`)).body);
    expect((await scoped.api.put(`${path}/${theirId}`, { id: theirId, data: {} })).status).toBe(404);
    expect((await scoped.api.delete(path, { ids: [theirId] })).status).toBe(404);
    const auto = await scoped.api.get(`${path}/autocomplete`, { limit: 100 });
    expect(auto.body.map((r: { id: string }) => r.id)).not.toContain(theirId);
    if (entity.scope.kind === 'company') {
      // Another company as the record's company is a related record the caller cannot see: 400 on the field.
      const data = await sampleData(context(companyB), entity);
      const created = await scoped.api.post(path, { data: { ...data, [entity.scope.field]: companyB } });
      expect(created.status).toBe(400);
      expect(created.body.error.fields[0].path).toBe(entity.scope.field);
      if (updates) {
        const moved = await scoped.api.put(`${path}/${myId}`, { id: myId, data: { [entity.scope.field]: companyB } });
        expect(moved.status).toBe(400);
        expect(moved.body.error.fields?.[0]?.path).toBe(entity.scope.field);
      }
    } else {
      expect((await scoped.api.post(path, { data: await sampleData(context(companyA), entity) })).status).toBe(403);
    }
    // An update may not point the caller's own record at another company's records either.
    const kept = (await owner.api.get(`${path}/${myId}`)).body;
    for (const [name, field] of Object.entries(updates ? entity.fields : {})) {
      // A read-only relation (a release's retryOf) is the server's: no update sets it at all.
      if (field.type !== 'relation' || field.entity === 'user' || field.readOnly) continue;
      const target = ENTITIES[field.entity];
      if (!target || (target.scope.kind !== 'company' && target.scope.kind !== 'self')) continue;
      const otherId = await ensureRecord(context(companyB), field.entity);
      const value = field.multiple ? [otherId] : otherId;
      const response = await scoped.api.put(`${path}/${myId}`, { id: myId, data: { [name]: value } });
      expect(response.status, `update ${name} to another company's record: ${JSON.stringify(response.body)}`).toBe(400);
      expect(response.body.error.fields?.[0]?.path).toBe(name);
    }
    expect((await owner.api.get(`${path}/${myId}`)).body).toEqual(kept);
  });
});

describe('user (IAM, spec 3 and 5.3)', () => {
  it('holds the values of spec 3 and 5.3: declared as written, refused just outside, accepted just inside', async () => {
    const spec = SPEC_FIELDS.user;
    expect(Object.keys(userEntity.fields).sort()).toEqual([...(spec?.fields ?? []), ...Object.keys(spec?.beyond ?? {})].sort());
    const viewer = await t.roleId('viewer');
    const target = await t.createUser();
    for (const [name, rule] of Object.entries(SPEC_USER_RULES)) {
      const field = (userEntity.fields as Record<string, Field>)[name];
      expectDeclared('user', name, field, rule);
      if (!field) continue;
      const cases: Boundary[] = boundariesOf(field, rule);
      if (name === 'email') {
        // An address of exactly 255 characters, and one of 256, both well formed.
        const address = (length: number) => `${textOf(length - 12)}@example.com`;
        const at255 = address(255);
        cases.splice(
          0,
          cases.length,
          { label: 'missing', value: undefined, accepted: false },
          { label: '256 characters', value: address(256), accepted: false },
          { label: '255 characters', value: at255, accepted: true, stored: at255 },
          { label: 'no domain dot', value: 'helena@example', accepted: false },
        );
      }
      for (const boundary of cases) {
        // Avatars are not an import column: they are changed on the edit form (PUT /iam).
        const response =
          name === 'avatars'
            ? await owner.api.put('/iam', { data: { id: target.id, roles: [viewer], avatars: boundary.value } })
            : await owner.api.post('/iam/import', {
                data: withValue({ email: `${textOf(8)}@example.com`, roles: [viewer] }, name, boundary.value),
                importHash: `spec-${Math.random()}`,
              });
        const what = `user.${name} ${boundary.label}: ${JSON.stringify(response.body).slice(0, 300)}`;
        if (!expectBoundaryAnswer(response, boundary, name, what) || name === 'roles') continue;
        expectStoredBoundary(response.body[name], boundary, what);
      }
    }
  });
});

describe('locker group scope', () => {
  it('shows a user only the locker groups their allowed companies are limited to', async () => {
    const mine = await owner.api.post('/group', { data: { name: 'Grupo Zona Sul' } });
    const other = await owner.api.post('/group', { data: { name: 'Grupo Zona Norte' } });
    const limited = await owner.api.post('/company', { data: { name: 'Condomínio Limitado', type: 'building', group: mine.body.id } });
    const scoped = await t.createUser({
      permissions: ['groupRead', 'groupEdit', 'groupCreate', 'groupDestroy', 'groupAutocomplete'],
      allowedCompanies: [limited.body.id],
    });
    const list = await scoped.api.get('/group', { limit: 1000 });
    expect(list.body.rows.map((r: { id: string }) => r.id)).toEqual([mine.body.id]);
    expect((await scoped.api.get(`/group/${other.body.id}`)).status).toBe(404);
    expect((await scoped.api.put(`/group/${other.body.id}`, { data: { name: 'Renomeado' } })).status).toBe(404);
    expect((await scoped.api.delete('/group', { ids: [other.body.id] })).status).toBe(404);
    expect((await scoped.api.post('/group', { data: { name: 'Grupo Novo' } })).status).toBe(403);
    expect((await scoped.api.put(`/group/${mine.body.id}`, { data: { name: 'Grupo Zona Sul 2' } })).status).toBe(200);
  });
});

describe('relations', () => {
  it('refuses a related record that does not exist, naming the field', async () => {
    const building = ENTITIES.building;
    if (!building) return;
    const response = await t
      .client(owner.token, 'en')
      .post('/building', { data: { name: 'Edifício Aurora', company: crypto.randomUUID() } });
    expect(response.status).toBe(400);
    expect(response.body.error.fields[0].path).toBe('company');
  });

  it('takes a deleted record out of the lists that mention it', async () => {
    const resident = await owner.api.post('/customer', { data: { name: 'Helena Prado', company: companyA } });
    const neighbour = await owner.api.post('/customer', { data: { name: 'Otávio Prado', company: companyA } });
    const unit = await owner.api.post('/building-level2', { data: { name: 'Apto 101', customers: [resident.body.id, neighbour.body.id] } });
    expect(unit.status).toBe(200);
    expect((await owner.api.delete('/customer', { ids: [resident.body.id] })).status).toBe(200);
    const after = await owner.api.get(`/building-level2/${unit.body.id}`);
    expect(after.body.customers).toEqual([{ id: neighbour.body.id, label: 'Otávio Prado' }]);
  });

  it("refuses to delete a company a user is limited to, which would widen the user's access", async () => {
    const limitedTo = await owner.api.post('/company', { data: { name: 'Empresa Única', type: 'shipper' } });
    await t.createUser({ permissions: ['customerRead'], allowedCompanies: [limitedTo.body.id] });
    const response = await t.client(owner.token, 'en').delete('/company', { ids: [limitedTo.body.id] });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe('This record is used by other records and cannot be deleted');
    expect((await owner.api.get(`/company/${limitedTo.body.id}`)).status).toBe(200);
  });

  it('refuses to delete a record still in use', async () => {
    const used = await ensureRecord({ api: owner.api, cache: new Map() }, 'company');
    await owner.api.post('/building', { data: { name: 'Condomínio Jardim', company: used } });
    const response = await t.client(owner.token, 'en').delete('/company', { ids: [used] });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe('This record is used by other records and cannot be deleted');
    expect((await owner.api.get(`/company/${used}`)).status).toBe(200);
  });
});

/** A value just outside a spec bound is refused on its field; one just inside is taken. Answers whether it was taken. */
function expectBoundaryAnswer(response: ApiResponse, boundary: Boundary, name: string, what: string): boolean {
  if (boundary.accepted) {
    expect(response.status, what).toBe(200);
    return true;
  }
  expect(response.status, what).toBe(400);
  expect(
    response.body.error.fields?.map((f: { path: string }) => f.path.split('.')[0]),
    what,
  ).toContain(name);
  return false;
}

function expectStoredBoundary(stored: unknown, boundary: Boundary, what: string): void {
  if (boundary.stored !== undefined) expect(stored, what).toEqual(boundary.stored);
  else if (Array.isArray(boundary.value)) expect(stored, what).toHaveLength(boundary.value.length);
}
