import { describe, expect, it } from 'vitest';
import { ENTITIES } from '../src/entities/index';
import type { Field } from '../src/kit/field';
import { PERMISSIONS } from '../src/permissions';
import { en, pt } from './support/dictionary-entries';

const SYSTEM_FIELDS = ['id', 'createdAt', 'updatedAt'];

/** Field keys a declaration needs: every field, and the leaves of nested objects flat beside them. */
function fieldKeys(fields: Record<string, Field>): [string, Field][] {
  return Object.entries(fields).flatMap(([name, field]): [string, Field][] =>
    field.type === 'object' ? [[name, field], ...fieldKeys(field.fields)] : [[name, field]],
  );
}

/** Keys every declared entity must have in both languages. */
function requiredKeysOf(name: string): string[] {
  const entity = ENTITIES[name]!;
  const base = `entities.${name}`;
  const keys = [
    `${base}.menu`,
    `${base}.label`,
    `${base}.labelPlural`,
    `${base}.create.success`,
    `${base}.update.success`,
    `${base}.destroy.success`,
    `${base}.destroyAll.success`,
    ...SYSTEM_FIELDS.map((f) => `${base}.fields.${f}`),
  ];
  for (const [fieldName, field] of fieldKeys(entity.fields)) {
    keys.push(`${base}.fields.${fieldName}`);
    // Role permissions are labelled by the permission registry's own translations, not per role.
    if (field.type === 'enum' && field.options !== PERMISSIONS) {
      for (const option of field.options) keys.push(`${base}.enumerators.${fieldName}.${option}`);
    }
  }
  for (const rule of entity.rules ?? []) keys.push(rule.message);
  return keys;
}

describe('translations', () => {
  it('has the same keys in pt-BR and en', () => {
    const onlyPt = [...pt.keys()].filter((k) => !en.has(k));
    const onlyEn = [...en.keys()].filter((k) => !pt.has(k));
    expect({ onlyPt, onlyEn }).toEqual({ onlyPt: [], onlyEn: [] });
  });

  it('leaves no message empty', () => {
    const empty = [...pt, ...en].filter(([, value]) => value.trim() === '').map(([key]) => key);
    expect(empty).toEqual([]);
  });

  it.each(Object.keys(ENTITIES))('labels every field, enumeration value and message of %s in both languages', (name) => {
    const missing = requiredKeysOf(name).flatMap((key) => [
      ...(pt.has(key) ? [] : [`pt-BR ${key}`]),
      ...(en.has(key) ? [] : [`en ${key}`]),
    ]);
    expect(missing).toEqual([]);
  });

  it('speaks Portuguese by default and agrees in gender', () => {
    expect(pt.get('entities.customer.create.success')).toBe('Cliente criado com sucesso');
    expect(pt.get('entities.company.create.success')).toBe('Empresa criada com sucesso');
    expect(pt.get('entities.company.destroyAll.success')).toBe('Empresas excluídas com sucesso');
    expect(en.get('entities.customer.create.success')).toBe('Customer created successfully');
  });

  it('labels the columns, filters and import columns a list or importer shows', () => {
    const missing: string[] = [];
    for (const entity of Object.values(ENTITIES)) {
      for (const column of new Set([...entity.listColumns, ...entity.filters, ...entity.importColumns])) {
        const key = `entities.${entity.name}.fields.${column}`;
        if (!pt.has(key) || !en.has(key)) missing.push(key);
      }
    }
    expect(missing).toEqual([]);
  });
});

describe("the public screens' messages (i18n/<language>/public.ts)", () => {
  it('are areas of the whole dictionary, the same in both languages', async () => {
    const [ptPublic, enPublic, ptAll, enAll] = await Promise.all([
      import('../src/i18n/pt-BR/public'),
      import('../src/i18n/en/public'),
      import('../src/i18n/pt-BR/index'),
      import('../src/i18n/en/index'),
    ]);
    for (const area of ptPublic.publicAreas) expect(ptAll.areas).toContain(area);
    for (const area of enPublic.publicAreas) expect(enAll.areas).toContain(area);
    expect(enPublic.publicAreas.map((area) => Object.keys(area))).toEqual(ptPublic.publicAreas.map((area) => Object.keys(area)));
  });
});
