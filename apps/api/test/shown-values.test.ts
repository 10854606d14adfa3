import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from './support/test-app';

/**
 * Issue 8, item 5: a list sorts and searches what the user reads. Predefined roles are stored by
 * key ('viewer') and read translated ('Leitor' / 'Viewer'); enums read by their translated option.
 */

let t: TestApp;
let owner: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  owner = await t.createUser({ roles: ['owner'] });
});
afterAll(() => t?.close());

type Named = { name: string };

describe('lists sort and search translated values as they read', () => {
  it('finds a predefined role by its translated name in the caller language', async () => {
    const pt = await t.client(owner.token, 'pt-BR').get('/role', { filter: { name: 'Leitor de clientes' }, limit: 100 });
    expect(pt.status).toBe(200);
    expect(pt.body.rows.map((row: Named) => row.name)).toEqual(['customerViewer']);
    const en = await t.client(owner.token, 'en').get('/role', { filter: { name: 'customer viewer' }, limit: 100 });
    expect(en.body.rows.map((row: Named) => row.name)).toEqual(['customerViewer']);
    // A word of the shown name finds every role that reads with it, none by its key alone.
    const leitor = await t.client(owner.token, 'pt-BR').get('/role', { filter: { name: 'Leitor' }, limit: 100 });
    const names = leitor.body.rows.map((row: Named) => row.name);
    expect(names).toContain('viewer');
    expect(names).not.toContain('owner');
  });

  it('sorts roles by the name shown in the caller language', async () => {
    const order = async (language: 'pt-BR' | 'en') => {
      const response = await t.client(owner.token, language).get('/role', { orderBy: 'name_ASC', limit: 1000 });
      return response.body.rows.map((row: Named) => row.name) as string[];
    };
    const pt = await order('pt-BR');
    // Editor < Leitor < Proprietário, though the keys sort editor < owner < viewer.
    expect(pt.indexOf('editor')).toBeLessThan(pt.indexOf('viewer'));
    expect(pt.indexOf('viewer')).toBeLessThan(pt.indexOf('owner'));
    const en = await order('en');
    // Editor < Owner < Viewer.
    expect(en.indexOf('owner')).toBeLessThan(en.indexOf('viewer'));
  });

  it('offers a predefined role in a relation picker by its translated name', async () => {
    const response = await t.client(owner.token, 'pt-BR').get('/role/autocomplete', { query: 'Proprietário' });
    expect(response.status).toBe(200);
    const ownerId = await t.roleId('owner');
    expect(response.body.map((row: { id: string }) => row.id)).toContain(ownerId);
  });

  it('sorts an enum column by its translated option', async () => {
    const suffix = Date.now().toString(36);
    for (const type of ['shipper', 'carrier', 'building']) {
      await owner.api.post('/company', { data: { name: `Ordem ${type} ${suffix}`, type } });
    }
    const types = async (language: 'pt-BR' | 'en') => {
      const response = await t.client(owner.token, language).get('/company', { filter: { name: suffix }, orderBy: 'type_ASC', limit: 10 });
      return response.body.rows.map((row: { type: string }) => row.type);
    };
    // Condomínio < Embarcador < Transportadora; Building < Carrier < Shipper.
    expect(await types('pt-BR')).toEqual(['building', 'shipper', 'carrier']);
    expect(await types('en')).toEqual(['building', 'carrier', 'shipper']);
  });
});

describe('exports write what the list shows', () => {
  it('writes predefined roles by their translated names in the reader language', async () => {
    const exported = async (language: string) => {
      const response = await fetch(`${t.baseUrl}/io/api/v1/role/export?fields[]=name&orderBy=name_ASC`, {
        headers: { authorization: `Bearer ${owner.token}`, 'accept-language': language },
      });
      expect(response.status).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(await response.arrayBuffer());
      const names: unknown[] = [];
      workbook.getWorksheet('data')?.eachRow((row, index) => {
        if (index > 1) names.push(row.getCell(1).value);
      });
      return names;
    };
    const pt = await exported('pt-BR');
    expect(pt).toContain('Proprietário');
    expect(pt).toContain('Leitor de clientes');
    expect(pt).not.toContain('owner');
    const en = await exported('en');
    expect(en).toContain('Owner');
    expect(en).not.toContain('customerViewer');
  });
});
