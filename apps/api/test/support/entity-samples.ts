import { ENTITIES, type EntityDeclaration, enumValueLabel, type Field, generateCpf, nfeKeyCheckDigit } from '@ebox/domain';

/**
 * Builds valid and invalid values from a declaration's field rules, so the contract suite covers
 * every declared entity (and every entity declared later) without per-entity fixtures.
 */

let sequence = 0;

/** Nine digits of its own per sample, so documents and phones of two samples never collide. */
function digitsFor(seed: string): string {
  sequence += 1;
  return `${seed.replace(/\D/g, '')}${sequence}`.slice(-8).padStart(8, '3');
}

function textValue(name: string, field: Extract<Field, { type: 'text' }>, seed: string): string {
  if (field.document) return generateCpf(`4${digitsFor(seed)}`);
  if (field.phone) return `55219${digitsFor(seed)}`;
  if (field.email) return `${name.toLowerCase()}.${seed}@example.com`.slice(-(field.max ?? 255));
  if (field.url) return `https://example.com/${name}/${seed}`;
  if (field.matches === 'timeOfDay') return '09:30';
  if (field.matches === 'version') return `1.${digitsFor(seed).slice(-4)}.0`;
  if (field.matches === 'startsWithDigit') return `11${seed.replace(/\D/g, '').padEnd(9, '7')}`.slice(0, field.length ?? field.max ?? 13);
  let value = `${name} ${seed}`;
  if (field.length !== undefined) value = value.padEnd(field.length, 'x').slice(0, field.length);
  if (field.min !== undefined && value.length < field.min) value = value.padEnd(field.min, 'x');
  if (field.max !== undefined && value.length > field.max) value = value.slice(0, field.max);
  return value;
}

function fileValue(field: Extract<Field, { type: 'files' }>, seed: string) {
  const ext = field.image ? 'png' : (field.formats?.[0] ?? 'txt');
  return [
    { id: crypto.randomUUID(), name: `file-${seed}.${ext}`, sizeInBytes: 1200, publicUrl: `https://files.example.com/${seed}.${ext}` },
  ];
}

export function scalarValue(name: string, field: Field, seed: string): unknown {
  switch (field.type) {
    case 'text':
      if (name === 'hbsContent') return `<p>Olá {{name}} ${seed}</p>`;
      // A cluster's sequence is a letter A-Z or a number 1-9999 (spec 4.1).
      if (name === 'sequence') return String.fromCharCode(65 + ([...seed].reduce((sum, c) => sum + c.charCodeAt(0), 0) % 26));
      // An invoice's NF-e access key: 43 digits of its own and their check digit; a CFOP of a sale.
      if (name === 'key' && field.length === 44) {
        const base = `3526011122233300018155001${digitsFor(seed)}${String(sequence).padStart(10, '0')}`.slice(0, 43);
        return `${base}${nfeKeyCheckDigit(base)}`;
      }
      if (name === 'cfop') return '5102';
      return textValue(name, field, seed);
    case 'number': {
      const min = field.min ?? 0;
      const max = field.max ?? min + 1000;
      return Number(Math.min(max, min + 10.25).toFixed(field.scale ?? 2));
    }
    case 'integer': {
      const min = field.min ?? 0;
      const max = field.max ?? min + 100;
      return Math.min(max, min + 1);
    }
    case 'boolean':
      return true;
    case 'dateTime':
      return '2026-03-04T05:06:00.000Z';
    case 'dateRange':
      return ['2026-03-01T00:00:00.000Z', '2026-03-31T23:59:00.000Z'];
    case 'stringList':
      return [`${name}-a-${seed}`, `${name}-b`];
    case 'enum':
      return field.multiple ? field.options.slice(0, Math.min(2, field.max ?? 2)) : field.options[0];
    case 'files':
      return fileValue(field, seed);
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [key, inner] of Object.entries(field.fields)) value[key] = scalarValue(key, inner, seed);
      return value;
    }
    case 'relation':
      return undefined;
  }
}

/** What creating samples needs of an API client (the API tests' ApiClient, or a browser test's caller). */
export type SampleApi = {
  post(path: string, body?: unknown): Promise<{ status: number; body: any }>;
  /** Reads (the signed-in user, for a record that requires a user: a bot's). */
  get?(path: string): Promise<{ status: number; body: any }>;
  /** A raw body to a path under the API (a terminal UI build PUT to its signed URL). */
  raw?(method: string, path: string, body: string, contentType?: string): Promise<{ status: number; body: any }>;
};

/** The API's prefix, which a local signed upload URL starts with. */
const API_PREFIX = '/io/api/v1';

/**
 * A terminal UI build uploaded as spec 7.4 says (POST /upload/terminalUiVersion, then the bytes PUT
 * to the signed URL): the `keyS3` and `file` its registration names.
 */
export async function uploadedUiBuild(api: SampleApi, content = `PK build ${Math.random()}`): Promise<{ keyS3: string; file: string }> {
  const upload = await api.post('/upload/terminalUiVersion', { contentType: 'application/zip', fileName: 'ui-build.zip', type: 'zip' });
  if (upload.status !== 200) throw new Error(`could not ask for an upload: ${JSON.stringify(upload.body)}`);
  const url = String(upload.body.SignedUrl);
  if (!api.raw || !url.startsWith(API_PREFIX)) throw new Error('this caller cannot PUT a build to its signed URL');
  const put = await api.raw('PUT', url.slice(API_PREFIX.length), content, 'application/zip');
  if (put.status !== 200) throw new Error(`could not PUT the build: ${JSON.stringify(put.body)}`);
  return { keyS3: upload.body.Key, file: upload.body.File.id };
}

export type SampleContext = { api: SampleApi; companyId?: string; cache: Map<string, string> };

/** The id of the user the context's API signs in as. */
async function signedInUserId(context: SampleContext): Promise<string> {
  const cached = context.cache.get('user');
  if (cached) return cached;
  const me = await context.api.get?.('/auth/me');
  const id = me?.body?.id ?? me?.body?.data?.id;
  if (typeof id !== 'string') throw new Error(`no signed-in user: ${JSON.stringify(me?.body)}`);
  context.cache.set('user', id);
  return id;
}

/** Creates (through the API) a record of `entityName` and answers its id; reused within a context. */
export async function ensureRecord(context: SampleContext, entityName: string): Promise<string> {
  if (entityName === 'company' && context.companyId) return context.companyId;
  const cached = context.cache.get(entityName);
  if (cached) return cached;
  const entity = ENTITIES[entityName];
  if (!entity) throw new Error(`no declaration ${entityName}`);
  const data = await sampleData(context, entity, { requiredOnly: true });
  const response = await context.api.post(`/${entity.path}`, { data });
  if (response.status !== 200) throw new Error(`could not create ${entityName}: ${JSON.stringify(response.body)}`);
  context.cache.set(entityName, response.body.id);
  return response.body.id;
}

/**
 * Fields a sample leaves to the server: an order's access code is chosen unique among its locker's
 * live orders, and a size with a locker books a compartment of that size (none free: 409).
 */
const SERVER_CHOSEN: Record<string, readonly string[]> = { order: ['accessCode', 'compartimentSize'] };

/**
 * A packing takes only orders in one of its steps (spec 4.1), and a delivery only where it fits: its
 * sample order is a delivery at a locker of its own with one compartment of its size, booked by the
 * order, then received at the warehouse (INBOUND). A fresh one each time: an order is in one open packing.
 */
async function packableOrder(context: SampleContext): Promise<string> {
  const created = async (path: string, data: unknown) => {
    const response = await context.api.post(path, { data });
    if (response.status !== 200) throw new Error(`could not create a packable order at ${path}: ${JSON.stringify(response.body)}`);
    return response.body.id as string;
  };
  const ENTITY = (name: string) => ENTITIES[name] as EntityDeclaration;
  const locker = await created('/ebox', await sampleData(context, ENTITY('ebox'), { requiredOnly: true }));
  await created('/compartiment', {
    ebox: locker,
    number: 1,
    boardNumber: 1,
    numberInColumn: 1,
    comNumber: 1,
    size: 'P',
    width: 1,
    height: 1,
    depth: 1,
    enable: true,
  });
  const order = await created('/order', {
    ...(await sampleData(context, ENTITY('order'), { requiredOnly: true })),
    ebox: locker,
    compartimentSize: 'P',
  });
  await created('/order/update-status', { id: order, status: 'INBOUND', reason: 'amostra' });
  return order;
}

export async function sampleData(
  context: SampleContext,
  entity: EntityDeclaration,
  /** allRelations fills every relation (self references included), not only the required ones. */
  options: { requiredOnly?: boolean; seed?: string; allRelations?: boolean } = {},
): Promise<Record<string, unknown>> {
  sequence += 1;
  const seed = options.seed ?? `${sequence}${Math.random().toString(36).slice(2, 6)}`;
  const data: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(entity.fields)) {
    if (field.readOnly || SERVER_CHOSEN[entity.name]?.includes(name)) continue;
    // A record another one points to is shown by its label: the label field is filled too.
    if (
      options.requiredOnly &&
      !field.required &&
      name !== entity.labelField &&
      !(field.type === 'relation' && entity.scope.kind === 'company' && entity.scope.field === name)
    )
      continue;
    if (field.type === 'relation') {
      // Self references and optional relations stay empty unless asked; required ones get a real record.
      if (field.entity === 'user') {
        // A required user (whom a bot acts for) is the signed-in one.
        if (field.required) data[name] = await signedInUserId(context);
        continue;
      }
      if (!options.allRelations && field.entity === entity.name) continue;
      if (!options.allRelations && !field.required && !(entity.scope.kind === 'company' && entity.scope.field === name)) continue;
      if (entity.name === 'packing' && field.entity === 'order') {
        data[name] = [await packableOrder(context)];
        continue;
      }
      const id = await ensureRecord(context, field.entity);
      data[name] = field.multiple ? [id] : id;
      continue;
    }
    data[name] = scalarValue(name, field, seed);
  }
  // A terminal UI version is registered with a build uploaded first (spec 7.4).
  if (entity.name === 'terminalUiVersion') Object.assign(data, await uploadedUiBuild(context.api));
  // A release sends a build, to lockers its target names, and starts at scheduledAt: a sample
  // scheduled far ahead stays SCHEDULED (editable) for the whole suite.
  if (entity.name === 'terminalUiRelease') {
    data.terminalUiVersion ??= await ensureRecord(context, 'terminalUiVersion');
    data.target = data.ebox ? 'ebox' : 'all';
    if (!data.group) delete data.group;
    data.scheduledAt = new Date(Date.now() + 30 * 24 * 3600_000).toISOString();
  }
  return data;
}

export type InvalidCase = { field: string; value: unknown; key: string; values?: Record<string, unknown> };

/** One invalid value per rule a field declares, with the i18n key the API must answer. */
export function invalidCases(entity: EntityDeclaration): InvalidCase[] {
  const cases: InvalidCase[] = [];
  for (const [name, field] of Object.entries(entity.fields)) {
    if (field.readOnly) continue;
    if (field.required) {
      const isList = field.type === 'files' || field.type === 'stringList' || ('multiple' in field && field.multiple);
      cases.push({
        field: name,
        value: isList ? [] : null,
        key: isList
          ? 'validation.array.required'
          : field.type === 'enum' || field.type === 'relation'
            ? 'validation.mixed.selected'
            : 'validation.mixed.required',
      });
    }
    switch (field.type) {
      case 'text':
        if (field.length !== undefined)
          cases.push({
            field: name,
            value: 'x'.repeat(field.length + 1),
            key: 'validation.string.length',
            values: { length: field.length },
          });
        if (field.min !== undefined && field.min > 1)
          cases.push({ field: name, value: 'x'.repeat(field.min - 1), key: 'validation.string.min', values: { min: field.min } });
        if (field.max !== undefined)
          cases.push({
            field: name,
            value: `1${'x'.repeat(field.max)}`,
            key: field.length ? 'validation.string.length' : 'validation.string.max',
            values: { max: field.max },
          });
        if (field.matches === 'startsWithDigit') cases.push({ field: name, value: 'abc', key: 'validation.string.matches' });
        if (field.matches === 'timeOfDay') cases.push({ field: name, value: '24:00', key: 'validation.string.timeOfDay' });
        if (field.document) cases.push({ field: name, value: '111.444.777-36', key: `validation.document.${field.document}` });
        if (field.phone)
          cases.push({
            field: name,
            value: '(10) 1234-5678',
            key: field.phone === 'mobile' ? 'validation.phone.mobile' : 'validation.phone.invalid',
          });
        if (field.email) cases.push({ field: name, value: 'not-an-email', key: 'validation.string.email' });
        if (field.url) cases.push({ field: name, value: 'not a url', key: 'validation.string.url' });
        break;
      case 'number':
      case 'integer':
        cases.push({ field: name, value: 'abc', key: 'validation.mixed.invalidType' });
        if (field.min !== undefined)
          cases.push({ field: name, value: field.min - 1, key: 'validation.number.min', values: { min: field.min } });
        if (field.max !== undefined)
          cases.push({ field: name, value: field.max + 1, key: 'validation.number.max', values: { max: field.max } });
        if (field.type === 'integer') cases.push({ field: name, value: (field.min ?? 0) + 1.5, key: 'validation.number.integer' });
        break;
      case 'enum':
        cases.push({
          field: name,
          value: field.multiple ? ['NOT_AN_OPTION'] : 'NOT_AN_OPTION',
          key: 'validation.mixed.oneOf',
          // The message names the accepted values as people read them (the tests read Portuguese).
          values: { values: field.options.map((option) => enumValueLabel(entity.name, name, option, 'pt-BR')).join(', ') },
        });
        break;
      case 'relation':
        cases.push({ field: name, value: field.multiple ? ['not-a-uuid'] : 'not-a-uuid', key: 'validation.mixed.invalid' });
        if (field.entity !== 'user')
          cases.push({ field: name, value: field.multiple ? [crypto.randomUUID()] : crypto.randomUUID(), key: 'errors.relationNotFound' });
        break;
      case 'files':
        if (field.max !== undefined) {
          const one = fileValue(field, 'x')[0];
          cases.push({
            field: name,
            value: Array.from({ length: field.max + 1 }, () => one),
            key: 'validation.array.max',
            values: { max: field.max, count: field.max },
          });
        }
        if (field.image)
          cases.push({
            field: name,
            value: [{ name: 'document.pdf', publicUrl: 'https://x/document.pdf', sizeInBytes: 10 }],
            key: 'validation.file.image',
          });
        else if (field.formats)
          cases.push({
            field: name,
            value: [{ name: 'program.exe', publicUrl: 'https://x/program.exe', sizeInBytes: 10 }],
            key: 'validation.file.formats',
          });
        cases.push({
          field: name,
          value: [
            { name: field.image ? 'big.png' : `big.${field.formats?.[0] ?? 'txt'}`, publicUrl: 'https://x/big', sizeInBytes: 1_000_001 },
          ],
          key: 'validation.file.size',
        });
        break;
      case 'dateTime':
        cases.push({ field: name, value: 'not a date', key: 'validation.date.invalid' });
        break;
      case 'stringList':
        if (field.max !== undefined)
          cases.push({
            field: name,
            value: Array.from({ length: field.max + 1 }, (_, i) => `v${i}`),
            key: 'validation.array.max',
            values: { max: field.max, count: field.max },
          });
        break;
      default:
        break;
    }
  }
  for (const rule of entity.rules ?? []) {
    // A template that does not compile (its message names the line and the reason), a cluster's bad sequence.
    const value = ['hbsContent', 'content', 'subject'].includes(rule.path) ? '{{#if}}broken' : rule.path === 'sequence' ? 'AA' : undefined;
    if (value !== undefined) cases.push({ field: rule.path, value, key: rule.message, values: rule.values?.({ [rule.path]: value }) });
  }
  return cases;
}
