import { describe, expect, it } from 'vitest';
import { ENTITIES } from '../src/entities/index';
import { userEntity } from '../src/entities/user';
import { defineEntity, type EntityDeclaration } from '../src/kit/entity';
import { describeIssue, entitySchema, type SchemaMode } from '../src/kit/schema';

const ID = '3f2b1c1e-9a4b-4c2d-8e1f-1a2b3c4d5e6f';
const OTHER_ID = '0b7c7a52-2d1e-4f0a-9c55-6e0c1d2b3a4f';

/** Parses like the form, the importer and the API do; answers the data or the issues as i18n keys. */
function parse(entity: EntityDeclaration, data: unknown, mode: SchemaMode = 'create') {
  const result = entitySchema(entity, mode).safeParse(data);
  return result.success
    ? { data: result.data as Record<string, unknown>, issues: [] }
    : { data: undefined, issues: result.error.issues.map(describeIssue) };
}

function expectValid(entity: EntityDeclaration, data: unknown, mode?: SchemaMode) {
  const { data: parsed, issues } = parse(entity, data, mode);
  expect(issues).toEqual([]);
  return parsed!;
}

/** Expects exactly one issue on `path` with the message `key`; answers its interpolation values. */
function expectIssue(entity: EntityDeclaration, data: unknown, path: string, key: string, mode?: SchemaMode) {
  const { issues } = parse(entity, data, mode);
  const onPath = issues.filter((issue) => issue.path === path || issue.path.startsWith(`${path}.`));
  expect(onPath.map((issue) => issue.key)).toEqual([key]);
  return onPath[0]!.values;
}

const customer = ENTITIES.customer!;
const product = ENTITIES.product!;
const layout = ENTITIES.compartimentLayout!;
const eboxModule = ENTITIES.eboxModule!;
const ccm = ENTITIES.ccm!;
const qrcode = ENTITIES.qrcodeTemplate!;
const webhook = ENTITIES.webhook!;
const role = ENTITIES.role!;
const company = ENTITIES.company!;
const building = ENTITIES.building!;

/** Field types with no reference entity using them yet (dates, string lists, counted relations). */
const sample = defineEntity({
  name: 'sample',
  path: 'sample',
  table: 'sample',
  labelField: 'name',
  scope: { kind: 'none' },
  fields: {
    name: { type: 'text' },
    code: { type: 'text', length: 6 },
    startsAt: { type: 'dateTime', required: true },
    period: { type: 'dateRange' },
    tags: { type: 'stringList', min: 1, max: 3 },
    lockers: { type: 'relation', entity: 'sample', multiple: true, required: true, max: 2 },
    attempts: { type: 'integer', min: 0 },
  },
  listColumns: [],
  filters: [],
  importColumns: [],
});
const sampleBase = { startsAt: '2025-03-01T12:00:00.000Z', lockers: [ID] };

describe('5.2 text', () => {
  it('trims, turns blank into null and checks required, min and max', () => {
    expect(expectValid(customer, { name: '  Ana Souza  ' }).name).toBe('Ana Souza');
    expect(expectValid(customer, { name: 'Ana', email: '   ' }).email).toBeNull();
    expectIssue(customer, { name: '   ' }, 'name', 'validation.mixed.required');
    expectIssue(customer, {}, 'name', 'validation.mixed.required');
    expect(expectIssue(customer, { name: 'A' }, 'name', 'validation.string.min')).toMatchObject({ min: 2 });
    expectValid(customer, { name: 'x'.repeat(255) });
    expect(expectIssue(customer, { name: 'x'.repeat(256) }, 'name', 'validation.string.max')).toMatchObject({ max: 255 });
  });

  it('checks an exact length', () => {
    expectValid(sample, { ...sampleBase, code: '123456' });
    expect(expectIssue(sample, { ...sampleBase, code: '12345' }, 'code', 'validation.string.length')).toMatchObject({ length: 6 });
  });

  it("'matches' requires the value to start with a digit", () => {
    // No entity declares it since user.phoneNumber became a phone field; the kit's rule stays.
    const coded = {
      ...userEntity,
      fields: { ...userEntity.fields, code: { type: 'text', matches: 'startsWithDigit' } },
    } as EntityDeclaration;
    expectValid(coded, { email: 'ana@exemplo.com.br', roles: [ID], code: '1A' });
    expectIssue(coded, { email: 'ana@exemplo.com.br', roles: [ID], code: 'A1' }, 'code', 'validation.string.matches');
    // A user's phone is cleaned like any phone: '+55 21 ...' is stored as its digits.
    expect(expectValid(userEntity, { email: 'ana@exemplo.com.br', roles: [ID], phoneNumber: '+55 21 98765-4321' }).phoneNumber).toBe(
      '5521987654321',
    );
  });

  it("'phone' cleans a phone typed in any common way and refuses what is not one", () => {
    expect(expectValid(customer, { name: 'Ana', cellphone: '+55 (21) 98765-4321' }).cellphone).toBe('5521987654321');
    expectIssue(customer, { name: 'Ana', cellphone: '(21) 2222-3333' }, 'cellphone', 'validation.phone.mobile');
    expect(expectValid(building, { name: 'Ed. Aurora', company: ID, customerPhone: '(21) 2222-3333' }).customerPhone).toBe('552122223333');
    expectIssue(building, { name: 'Ed. Aurora', company: ID, customerPhone: 'x21' }, 'customerPhone', 'validation.phone.invalid');
  });

  it('checks emails and URLs', () => {
    expectValid(customer, { name: 'Ana', email: 'ana.souza@exemplo.com.br' });
    expectIssue(customer, { name: 'Ana', email: 'ana.souza' }, 'email', 'validation.string.email');
    expectValid(webhook, { url: 'https://hooks.transportadora.com.br/ebox', company: ID });
    expectIssue(webhook, { url: 'hooks.transportadora.com.br', company: ID }, 'url', 'validation.string.url');
  });

  it('refuses a number where a text is expected only when it is not a plain value', () => {
    expect(expectValid(customer, { name: 'Ana', documentNumber: 52998224725 }).documentNumber).toBe('529.982.247-25');
    expectIssue(customer, { name: { first: 'Ana' } }, 'name', 'validation.mixed.invalid');
  });
});

describe('5.2 date-time and date range', () => {
  it('accepts ISO strings and the importer format, refuses anything else, requires when required', () => {
    expectValid(sample, sampleBase);
    const imported = expectValid(sample, { ...sampleBase, startsAt: '2025-03-01 09:30' }, 'import');
    expect(new Date(imported.startsAt as string).getMinutes()).toBe(30);
    expectIssue(sample, { ...sampleBase, startsAt: 'amanhã' }, 'startsAt', 'validation.date.invalid');
    expectIssue(sample, { ...sampleBase, startsAt: null }, 'startsAt', 'validation.mixed.required');
  });

  it('wants the end of a range after its start', () => {
    expectValid(sample, { ...sampleBase, period: ['2025-03-01T00:00:00Z', '2025-03-31T23:59:59Z'] });
    expectValid(sample, { ...sampleBase, period: ['2025-03-01T00:00:00Z', null] });
    expectIssue(
      sample,
      { ...sampleBase, period: ['2025-03-31T00:00:00Z', '2025-03-01T00:00:00Z'] },
      'period',
      'validation.date.rangeOrder',
    );
  });
});

describe('5.2 relation', () => {
  it('sends only ids, accepts {id, label} from forms and a space-separated list on import', () => {
    expect(expectValid(customer, { name: 'Ana', company: { id: ID, label: 'Loggi' } }).company).toBe(ID);
    expect(expectValid(sample, { ...sampleBase, lockers: `${ID} ${OTHER_ID}` }, 'import').lockers).toEqual([ID, OTHER_ID]);
    expectIssue(customer, { name: 'Ana', company: 'Loggi' }, 'company', 'validation.mixed.invalid');
  });

  it('asks to select a required relation and applies its count limits', () => {
    expectIssue(webhook, { url: 'https://a.com.br' }, 'company', 'validation.mixed.selected');
    expectIssue(sample, { ...sampleBase, lockers: [] }, 'lockers', 'validation.array.required');
    expect(expectIssue(sample, { ...sampleBase, lockers: [ID, OTHER_ID, ID] }, 'lockers', 'validation.array.max')).toMatchObject({
      max: 2,
    });
  });
});

describe('5.2 choice', () => {
  it('accepts an option or null, refuses others with the list of values, asks to select when required', () => {
    expectValid(company, { name: 'Loggi', type: 'carrier' });
    const values = expectIssue(company, { name: 'Loggi', type: 'airline' }, 'type', 'validation.mixed.oneOf');
    expect(values.values).toBe('shipper, carrier, building');
    expectIssue(company, { name: 'Loggi' }, 'type', 'validation.mixed.selected');
  });

  it('takes several options in a multiple choice, inside a nested object', () => {
    const parsed = expectValid(company, {
      name: 'Loggi',
      type: 'carrier',
      companySettings: { orderTypes: ['DELIVERY', 'RETURN'], smsGateway: 'SINCH' },
    });
    expect(parsed.companySettings).toEqual({ orderTypes: ['DELIVERY', 'RETURN'], smsGateway: 'SINCH' });
    expectIssue(
      company,
      { name: 'Loggi', type: 'carrier', companySettings: { smsGateway: 'TWILIO' } },
      'companySettings.smsGateway',
      'validation.mixed.oneOf',
    );
    expectIssue(
      company,
      { name: 'Loggi', type: 'carrier', companySettings: { orderTypes: ['TELEPORT'] } },
      'companySettings.orderTypes',
      'validation.mixed.oneOf',
    );
  });
});

describe('5.2 number and integer', () => {
  it('are optional and nullable unless required; min counts when it is zero', () => {
    expect(expectValid(sample, { ...sampleBase, attempts: null }).attempts).toBeNull();
    expectValid(sample, { ...sampleBase, attempts: 0 });
    expect(expectIssue(sample, { ...sampleBase, attempts: -1 }, 'attempts', 'validation.number.min')).toMatchObject({ min: 0 });
  });

  it('refuses a fraction where an integer is expected and a word where a number is', () => {
    expectIssue(sample, { ...sampleBase, attempts: 1.5 }, 'attempts', 'validation.number.integer');
    expectIssue(sample, { ...sampleBase, attempts: 'três' }, 'attempts', 'validation.mixed.invalidType');
  });

  it('fixes the decimals to the scale and reads a decimal comma', () => {
    expect(expectValid(product, { name: 'Caixa', unitPrice: 12.3456 }).unitPrice).toBe(12.35);
    expect(expectValid(product, { name: 'Caixa', unitPrice: '19,90' }, 'import').unitPrice).toBe(19.9);
  });
});

describe('5.2 string list', () => {
  it('drops empty entries, trims, splits on spaces on import and counts items', () => {
    expect(expectValid(sample, { ...sampleBase, tags: [' vip ', '', 'pcd'] }).tags).toEqual(['vip', 'pcd']);
    expect(expectValid(sample, { ...sampleBase, tags: 'vip pcd' }, 'import').tags).toEqual(['vip', 'pcd']);
    expect(expectIssue(sample, { ...sampleBase, tags: [] }, 'tags', 'validation.array.min')).toMatchObject({ min: 1 });
    expect(expectIssue(sample, { ...sampleBase, tags: ['a', 'b', 'c', 'd'] }, 'tags', 'validation.array.max')).toMatchObject({ max: 3 });
  });
});

describe('5.2 yes/no', () => {
  it('defaults to false and reads the words of a spreadsheet', () => {
    expect(expectValid(customer, { name: 'Ana', pcd: null }).pcd).toBe(false);
    expect(expectValid(customer, { name: 'Ana', pcd: 'sim' }, 'import').pcd).toBe(true);
    expect(expectValid(customer, { name: 'Ana', enable: 'não' }, 'import').enable).toBe(false);
    expectIssue(customer, { name: 'Ana', pcd: 'talvez' }, 'pcd', 'validation.mixed.invalid');
  });
});

describe('5.2 file list', () => {
  const photo = (name: string, sizeInBytes = 1000) => ({ name, sizeInBytes, publicUrl: `/io/api/v1/file/x/${name}` });

  it('counts files, wants images where images are expected, a size limit and formats', () => {
    expectValid(product, { name: 'Caixa', unitPrice: 10, photos: [photo('a.jpg'), photo('b.png'), photo('c.jpeg')] });
    expect(
      expectIssue(
        product,
        { name: 'Caixa', unitPrice: 10, photos: [photo('a.jpg'), photo('b.jpg'), photo('c.jpg'), photo('d.jpg')] },
        'photos',
        'validation.array.max',
      ),
    ).toMatchObject({ max: 3 });
    expectIssue(product, { name: 'Caixa', unitPrice: 10, photos: [photo('manual.pdf')] }, 'photos', 'validation.file.image');
    expect(
      expectIssue(product, { name: 'Caixa', unitPrice: 10, photos: [photo('a.jpg', 1_000_001)] }, 'photos', 'validation.file.size'),
    ).toMatchObject({ max: 1_000_000 });
    expectValid(product, { name: 'Caixa', unitPrice: 10, photos: [photo('a.jpg', 1_000_000)] });
    expectValid(company, { name: 'Loggi', type: 'carrier', attachments: [photo('contrato.pdf'), photo('leia-me.txt')] });
    const values = expectIssue(
      company,
      { name: 'Loggi', type: 'carrier', attachments: [photo('planilha.xlsx')] },
      'attachments',
      'validation.file.formats',
    );
    expect(values.formats).toBe('txt, pdf');
  });

  it('imports a space-separated list of URLs as new items', () => {
    const parsed = expectValid(
      product,
      { name: 'Caixa', unitPrice: 10, photos: 'https://cdn.exemplo.com/a.jpg https://cdn.exemplo.com/b.png' },
      'import',
    );
    expect(parsed.photos).toEqual([
      { name: 'a.jpg', publicUrl: 'https://cdn.exemplo.com/a.jpg' },
      { name: 'b.png', publicUrl: 'https://cdn.exemplo.com/b.png' },
    ]);
  });
});

describe('5.1 objects', () => {
  it('refuse unknown keys and drop the keys the server sets', () => {
    const values = expectIssue(customer, { name: 'Ana', nickname: 'Aninha' }, '', 'validation.object.noUnknown');
    expect(values.keys).toBe('nickname');
    expectValid(customer, { id: ID, name: 'Ana', createdAt: '2025-01-01T00:00:00Z' });
  });

  it('on update keep a missing required key but refuse an emptied one', () => {
    expectValid(customer, { email: 'ana@exemplo.com' }, 'update');
    expectIssue(customer, { name: '' }, 'name', 'validation.mixed.required', 'update');
  });
});

describe('5.3 entity rules', () => {
  it('customer: name required, 2 to 255 characters', () => {
    expectValid(customer, { name: 'Jo' });
    expectIssue(customer, { name: '' }, 'name', 'validation.mixed.required');
    expectIssue(customer, { name: 'J' }, 'name', 'validation.string.min');
  });

  it('product: name 2..255, description up to 21845, unit price required with 2 decimals between 0.01 and 99999', () => {
    const base = { name: 'Caixa de som', unitPrice: 149.9 };
    expectValid(product, { ...base, description: 'd'.repeat(21845) });
    expect(expectIssue(product, { ...base, description: 'd'.repeat(21846) }, 'description', 'validation.string.max')).toMatchObject({
      max: 21845,
    });
    expectIssue(product, { name: 'C', unitPrice: 1 }, 'name', 'validation.string.min');
    expectIssue(product, { name: 'Caixa' }, 'unitPrice', 'validation.mixed.required');
    expectValid(product, { name: 'Caixa', unitPrice: 0.01 });
    expect(expectIssue(product, { name: 'Caixa', unitPrice: 0 }, 'unitPrice', 'validation.number.min')).toMatchObject({ min: 0.01 });
    expectValid(product, { name: 'Caixa', unitPrice: 99999 });
    expect(expectIssue(product, { name: 'Caixa', unitPrice: 99999.01 }, 'unitPrice', 'validation.number.max')).toMatchObject({
      max: 99999,
    });
  });

  it('compartiment layout: code, name, width, height and depth required', () => {
    expectValid(layout, { code: 'P', name: 'Pequeno', width: 40, height: 10, depth: 50 });
    for (const field of ['code', 'name', 'width', 'height', 'depth']) {
      const data: Record<string, unknown> = { code: 'P', name: 'Pequeno', width: 40, height: 10, depth: 50 };
      delete data[field];
      expectIssue(layout, data, field, 'validation.mixed.required');
    }
  });

  it('module: default board number 1 to 10', () => {
    expectValid(eboxModule, { name: 'Coluna 8 portas', defaultBoardNumber: 1 });
    expectValid(eboxModule, { name: 'Coluna 8 portas', defaultBoardNumber: 10 });
    expectIssue(eboxModule, { name: 'Coluna 8 portas', defaultBoardNumber: 0 }, 'defaultBoardNumber', 'validation.number.min');
    expectIssue(eboxModule, { name: 'Coluna 8 portas', defaultBoardNumber: 11 }, 'defaultBoardNumber', 'validation.number.max');
  });

  it('message template: type, sub type, content, trigger and company required; enumerations of 4.1', () => {
    const base = { type: 'whatsapp', subType: 'delivery', trigger: 'STORED', content: 'Seu pedido chegou', company: ID };
    expectValid(ccm, base);
    for (const [field, key] of [
      ['type', 'validation.mixed.selected'],
      ['subType', 'validation.mixed.selected'],
      ['trigger', 'validation.mixed.selected'],
      ['content', 'validation.mixed.required'],
      ['company', 'validation.mixed.selected'],
    ] as const) {
      expectIssue(ccm, { ...base, [field]: null }, field, key);
    }
    expectIssue(ccm, { ...base, trigger: 'DELIVERED' }, 'trigger', 'validation.mixed.oneOf');
    expectValid(ccm, { ...base, trigger: 'PRE_EXPIRED', type: 'push', subType: 'send' });
  });

  it('qrcode template: type, body and company required, and the body must compile as handlebars', () => {
    const base = { type: 'STORED', hbsContent: '<p>Olá {{customerName}}, código {{accessCode}}</p>', company: ID };
    expectValid(qrcode, base);
    expectValid(qrcode, { ...base, hbsContent: '{{#if pcd}}<b>Acessível</b>{{/if}}' });
    expectIssue(
      qrcode,
      { ...base, hbsContent: '{{#if pcd}}<b>Acessível</b>' },
      'hbsContent',
      'entities.qrcodeTemplate.errors.hbsContentInvalid',
    );
    expectIssue(qrcode, { ...base, hbsContent: '{{customerName' }, 'hbsContent', 'entities.qrcodeTemplate.errors.hbsContentInvalid');
    expectIssue(qrcode, { ...base, hbsContent: '' }, 'hbsContent', 'validation.mixed.required');
    expectIssue(qrcode, { ...base, type: null }, 'type', 'validation.mixed.selected');
    expectIssue(qrcode, { ...base, company: null }, 'company', 'validation.mixed.selected');
  });

  it('webhook: url and company required', () => {
    expectIssue(webhook, { company: ID }, 'url', 'validation.mixed.required');
    expectIssue(webhook, { url: 'https://a.com.br' }, 'company', 'validation.mixed.selected');
  });

  it('role: permissions required, from the registry', () => {
    expectValid(role, { name: 'Atendimento', permissions: ['customerRead'] });
    expectIssue(role, { name: 'Atendimento', permissions: [] }, 'permissions', 'validation.array.required');
    expectIssue(role, { name: 'Atendimento', permissions: ['customerFly'] }, 'permissions', 'validation.mixed.oneOf');
  });
});
