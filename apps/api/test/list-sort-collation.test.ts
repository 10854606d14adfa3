import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from './support/test-app';

/**
 * Issue 8, items 4 and 12: a list sorted by a name orders it as a Brazilian reader does (accents
 * and case after the letters), not by bytes, which put every accented initial after Z.
 */

let t: TestApp;
let owner: TestUser;
const suffix = Date.now().toString(36);
const FIRST_NAMES = ['Álvaro', 'Bruno', 'ana', 'Ana', 'Érica', 'Zé'];

beforeAll(async () => {
  t = await startTestApp();
  owner = await t.createUser({ roles: ['owner'] });
});
afterAll(() => t?.close());

type Row = { name: string; company?: { label?: string } | string | null };

async function sortedNames(path: string, orderBy: string): Promise<string[]> {
  const response = await owner.api.get(path, { filter: { name: suffix }, orderBy, limit: 100 });
  expect(response.status).toBe(200);
  return response.body.rows.map((row: Row) => row.name.replace(` ${suffix}`, ''));
}

describe('lists sort names in Brazilian Portuguese order', () => {
  it('sorts a text column with accents and case after the letters, both ways', async () => {
    for (const first of FIRST_NAMES) {
      const created = await owner.api.post('/company', { data: { name: `${first} ${suffix}`, type: 'carrier' } });
      expect(created.status).toBe(200);
    }
    // Bytewise, 'Zé' came before 'Álvaro' and 'Érica', and 'ana' after every capital.
    const ascending = await sortedNames('/company', 'name_ASC');
    expect(ascending.map((name) => name.toLowerCase())).toEqual(['álvaro', 'ana', 'ana', 'bruno', 'érica', 'zé']);
    const descending = await sortedNames('/company', 'name_DESC');
    expect(descending.map((name) => name.toLowerCase())).toEqual(['zé', 'érica', 'bruno', 'ana', 'ana', 'álvaro']);
  });

  it('sorts by a related record in the same order', async () => {
    const companies = new Map<string, string>();
    const list = await owner.api.get('/company', { filter: { name: suffix }, limit: 100 });
    for (const row of list.body.rows as { id: string; name: string }[]) companies.set(row.name, row.id);
    for (const first of ['Zé', 'Álvaro', 'Bruno']) {
      const company = companies.get(`${first} ${suffix}`);
      const created = await owner.api.post('/customer', { data: { name: `Cliente de ${first} ${suffix}`, company, enable: true } });
      expect(created.status).toBe(200);
    }
    const names = await sortedNames('/customer', 'company_ASC');
    expect(names).toEqual(['Cliente de Álvaro', 'Cliente de Bruno', 'Cliente de Zé']);
  });
});
