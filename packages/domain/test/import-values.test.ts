import { describe, expect, it } from 'vitest';
import {
  ENTITIES,
  type EntityDeclaration,
  entitySchema,
  importBoolean,
  importColumnOfHeader,
  normalizedKey,
  splitImportList,
  toIsoDateTime,
  userEntity,
} from '../src/index';

const entity = (name: string) => ENTITIES[name] as EntityDeclaration;

describe('import values (issue 8: what an exported file writes is read back)', () => {
  it('compares names without case, accents or extra spaces', () => {
    expect(normalizedKey('  São  JOÃO Ágil ')).toBe('sao joao agil');
    expect(normalizedKey('ÇÉÍÓÚ')).toBe(normalizedKey('ceiou'));
  });

  it.each([
    ['Sim', true],
    ['Não', false],
    ['nao', false],
    ['Yes', true],
    ['NO', false],
    ['true', true],
    ['false', false],
    ['1', true],
    [0, false],
    [null, false],
  ])('reads %s as %s', (value, expected) => {
    expect(importBoolean(value)).toBe(expected);
  });

  it('reads DD/MM/YYYY HH:mm dates as local time and refuses days that do not exist', () => {
    expect(toIsoDateTime('25/12/2026 10:30')).toBe(new Date(2026, 11, 25, 10, 30).toISOString());
    expect(toIsoDateTime('01/02/2026')).toBe(new Date(2026, 1, 1).toISOString());
    expect(toIsoDateTime('31/02/2026')).toBe('31/02/2026');
  });

  it('splits lists as the export joins them, and ids separated by spaces', () => {
    expect(splitImportList('Leitor de clientes, Editor; Owner')).toEqual(['Leitor de clientes', 'Editor', 'Owner']);
    const ids = ['5f1c2a1e-1111-4a4a-8b8b-111111111111', '5f1c2a1e-2222-4a4a-8b8b-222222222222'];
    expect(splitImportList(ids.join(' '))).toEqual(ids);
  });

  it('takes enum values by their translated label in either language', () => {
    const schema = entitySchema(entity('company'), 'import');
    for (const type of ['Transportadora', 'CARRIER', 'carrier'])
      expect((schema.parse({ name: 'Empresa', type }) as { type: string }).type).toBe('carrier');
    expect(schema.safeParse({ name: 'Empresa', type: 'Banco' }).success).toBe(false);
  });

  it('takes a relation by name in imports only; forms still send ids', () => {
    expect((entitySchema(entity('customer'), 'import').parse({ name: 'Ana', company: 'Acme Ltda' }) as { company: string }).company).toBe(
      'Acme Ltda',
    );
    expect(entitySchema(entity('customer'), 'create').safeParse({ name: 'Ana', company: 'Acme Ltda' }).success).toBe(false);
    expect(
      (entitySchema(userEntity, 'import').parse({ email: 'a@b.co', roles: 'Leitor, Editor, Leitor' }) as { roles: string[] }).roles,
    ).toEqual(['Leitor', 'Editor']);
  });

  it('finds a column by its header in either language or by field name, and ignores the others', () => {
    const customer = entity('customer');
    expect(importColumnOfHeader(customer, 'Empresa')).toBe('company');
    expect(importColumnOfHeader(customer, 'company')).toBe('company');
    expect(importColumnOfHeader(customer, 'COMPANY')).toBe('company');
    expect(importColumnOfHeader(customer, 'Id')).toBeUndefined();
    expect(importColumnOfHeader(customer, 'Criado em')).toBeUndefined();
    expect(importColumnOfHeader(customer, 'Erro')).toBeUndefined();
  });

  it('gives every entity a natural key made of its own fields', () => {
    for (const declared of [...Object.values(ENTITIES), userEntity as EntityDeclaration]) {
      for (const key of declared.naturalKey ?? [declared.labelField]) expect(declared.fields[key], `${declared.name}.${key}`).toBeDefined();
    }
  });

  it('puts every required writable field in the import template (the building lacked its company)', () => {
    for (const declared of Object.values(ENTITIES).filter((e) => !e.noImport)) {
      const required = Object.entries(declared.fields)
        .filter(([, field]) => field.required && !field.readOnly)
        .map(([name]) => name);
      for (const name of required) expect(declared.importColumns, `${declared.name}.${name}`).toContain(name);
    }
  });
});
