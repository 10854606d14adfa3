import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from './support/test-app';

/**
 * Issue 8, item 7: an export writes enumeration values in words of the reader's language
 * ('Transportadora', not 'carrier'), and the importer takes them back, by key or by label in either
 * language, so an exported file imports again.
 */

let t: TestApp;
let owner: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  owner = await t.createUser({ roles: ['owner'] });
});

afterAll(async () => {
  await t?.close();
});

async function exportedTypes(tag: string, language: string): Promise<unknown[]> {
  const query = `fields[]=name&fields[]=type&filter[name]=${encodeURIComponent(tag)}&orderBy=name_ASC`;
  const response = await fetch(`${t.baseUrl}/io/api/v1/company/export?${query}`, {
    headers: { authorization: `Bearer ${owner.token}`, 'accept-language': language },
  });
  expect(response.status).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await response.arrayBuffer());
  const rows: unknown[][] = [];
  workbook.getWorksheet('data')?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows.slice(1).map((row) => row[1]);
}

describe('enumeration values in exports and imports', () => {
  it('exports a company type as its label in the reader language', async () => {
    const tag = `Tipos ${Date.now().toString(36)}`;
    for (const [name, type] of [
      ['A', 'carrier'],
      ['B', 'shipper'],
      ['C', 'building'],
    ])
      expect((await owner.api.post('/company', { data: { name: `${tag} ${name}`, type } })).status).toBe(200);
    expect(await exportedTypes(tag, 'pt-BR')).toEqual(['Transportadora', 'Embarcador', 'Condomínio']);
    expect(await exportedTypes(tag, 'en')).toEqual(['Carrier', 'Shipper', 'Building']);
  });

  it('imports a type written as its key or its label in either language, and names the accepted values otherwise', async () => {
    const tag = `Importadas ${Date.now().toString(36)}`;
    for (const [index, type] of ['Transportadora', 'CARRIER', 'carrier', 'transportadora'].entries()) {
      const response = await owner.api.post('/company/import', { data: { name: `${tag} ${index}`, type }, importHash: `${tag}-${index}` });
      expect(response.status, `${type}: ${JSON.stringify(response.body)}`).toBe(200);
      expect(response.body.type ?? 'carrier').toBe('carrier');
    }
    expect(await exportedTypes(tag, 'en')).toEqual(['Carrier', 'Carrier', 'Carrier', 'Carrier']);
    const wrong = await t
      .client(owner.token, 'pt-BR')
      .post('/company/import', { data: { name: `${tag} x`, type: 'Ferrovia' }, importHash: `${tag}-x` });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields).toEqual([
      { path: 'type', message: 'O campo Tipo deve ser um dos seguintes valores: Embarcador, Transportadora, Condomínio' },
    ]);
  });
});
