import { ENTITIES, importCellValue, importColumnOfHeader } from '@ebox/domain';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from './support/test-app';

/**
 * Issue 8, item 1: an import names related records as a person does (natural key or id, any case,
 * with or without accents, within the importer's companies), and a file the console exported can be
 * imported again.
 */

const customerEntity = ENTITIES.customer as (typeof ENTITIES)[string];
let t: TestApp;
let owner: TestUser;
let agil: string;
let other: string;
let hash = 0;

const nextHash = () => `natural-key-${++hash}-${Math.random()}`;

beforeAll(async () => {
  t = await startTestApp();
  owner = await t.createUser({ roles: ['owner'] });
  const create = async (name: string, externalId?: string) => {
    const response = await owner.api.post('/company', { data: { name, type: 'carrier', externalId } });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.id as string;
  };
  agil = await create('Transportes Ágil Ltda', 'AGIL-01');
  other = await create('Loja São João');
  await create('Duplicada Express', 'DUP-1');
  await create('duplicada express', 'DUP-2');
});
afterAll(() => t?.close());

async function importCustomer(data: Record<string, unknown>, language = 'pt-BR', user = owner) {
  return t.client(user.token, language).post('/customer/import', { data: { name: 'Cliente importado', ...data }, importHash: nextHash() });
}

describe('relation columns take a natural key or an id', () => {
  it.each([
    ['the exact name', 'Transportes Ágil Ltda'],
    ['the name in another case', 'TRANSPORTES ÁGIL LTDA'],
    ['the name without accents', 'transportes agil ltda'],
    ['the name with stray spaces', '  Transportes  Ágil Ltda '],
    ['another natural key (external id)', 'agil-01'],
  ])('finds the company by %s', async (_, value) => {
    const response = await importCustomer({ company: value });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.company).toEqual({ id: agil, label: 'Transportes Ágil Ltda' });
  });

  it('finds the company by its id', async () => {
    const response = await importCustomer({ company: other });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.company.id).toBe(other);
  });

  it('names the value that matches no record, in the caller language', async () => {
    const pt = await importCustomer({ company: 'Empresa Fantasma' });
    expect(pt.status).toBe(400);
    expect(pt.body.error.message).toBe('Nenhuma empresa chamada “Empresa Fantasma”');
    expect(pt.body.error.fields).toEqual([{ path: 'company', message: 'Nenhuma empresa chamada “Empresa Fantasma”' }]);
    const en = await importCustomer({ company: 'Empresa Fantasma' }, 'en');
    expect(en.body.error.message).toBe('No company named “Empresa Fantasma”');
  });

  it('refuses a name several records share and says what to use instead', async () => {
    const pt = await importCustomer({ company: 'DUPLICADA EXPRESS' });
    expect(pt.status).toBe(400);
    expect(pt.body.error.message).toBe('Várias empresas chamadas “DUPLICADA EXPRESS”: use o id externo ou o id');
    const en = await importCustomer({ company: 'Duplicada Express' }, 'en');
    expect(en.body.error.message).toBe('Several companies named “Duplicada Express”: use the external id or the id');
    const byExternalId = await importCustomer({ company: 'DUP-2' });
    expect(byExternalId.status, JSON.stringify(byExternalId.body)).toBe(200);
    expect(byExternalId.body.company.label).toBe('duplicada express');
  });

  it('looks only among the companies of a user limited to some', async () => {
    const limited = await t.createUser({ permissions: ['customerImport', 'customerRead'], allowedCompanies: [other] });
    const outside = await importCustomer({ company: 'Transportes Ágil Ltda' }, 'pt-BR', limited);
    expect(outside.status).toBe(400);
    expect(outside.body.error.message).toBe('Nenhuma empresa chamada “Transportes Ágil Ltda”');
    const inside = await importCustomer({ company: 'loja sao joao' }, 'pt-BR', limited);
    expect(inside.status, JSON.stringify(inside.body)).toBe(200);
    expect(inside.body.company.id).toBe(other);
  });

  it('narrows a shared name by the company the row names', async () => {
    const building = async (name: string, company: string) => {
      const response = await owner.api.post('/building', { data: { name, company } });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return response.body.id as string;
    };
    await building('Torre Central', agil);
    const inOther = await building('Torre Central', other);
    const narrowed = await owner.api.post('/building-level1/import', {
      data: { name: 'Bloco A', building: 'torre central', company: 'Loja São João' },
      importHash: nextHash(),
    });
    expect(narrowed.status, JSON.stringify(narrowed.body)).toBe(200);
    expect(narrowed.body.building.id).toBe(inOther);
    const ambiguous = await owner.api.post('/building-level1/import', {
      data: { name: 'Bloco B', building: 'Torre Central' },
      importHash: nextHash(),
    });
    expect(ambiguous.status).toBe(400);
    expect(ambiguous.body.error.message).toBe('Vários prédios chamados “Torre Central”: use o id externo ou o id');
  });

  it('reads modules and layouts by code, and yes/no in either language', async () => {
    const module = await owner.api.post('/eboxModule', { data: { name: 'Coluna 12 portas', code: 'COL-12' } });
    const layout = await owner.api.post('/compartimentLayout', { data: { code: 'P', name: 'Pequeno', width: 10, height: 10, depth: 10 } });
    expect(module.status).toBe(200);
    expect(layout.status).toBe(200);
    const cases: [unknown, unknown, boolean, boolean][] = [
      ['Sim', 'Não', true, false],
      ['Yes', 'No', true, false],
      ['true', 'false', true, false],
      [1, 0, true, false],
      ['não', 'SIM', false, true],
    ];
    for (const [index, [pcd, enable, wantPcd, wantEnable]] of cases.entries()) {
      const response = await owner.api.post('/eboxModuleCompartiment/import', {
        data: { eboxModule: 'col-12', staticNumber: index + 1, compartimentLayout: 'pequeno', pcd, enable },
        importHash: nextHash(),
      });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(response.body.eboxModule.id).toBe(module.body.id);
      expect(response.body.compartimentLayout.id).toBe(layout.body.id);
      expect([response.body.pcd, response.body.enable]).toEqual([wantPcd, wantEnable]);
    }
  });

  it('imports users with their roles named as the console shows them', async () => {
    const response = await t.client(owner.token, 'en').post('/iam/import', {
      data: { email: 'importado@example.com', roles: 'Leitor de clientes, customer editor' },
      importHash: nextHash(),
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.roles.map((role: { name: string }) => role.name).sort()).toEqual(['customerEditor', 'customerViewer']);
    const unknown = await owner.api.post('/iam/import', {
      data: { email: 'outro@example.com', roles: 'Leitor, Faxineiro' },
      importHash: nextHash(),
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toBe('Nenhum perfil de acesso chamado “Faxineiro”');
  });
});

describe('round trip', () => {
  it('imports again the customers file the console exported', async () => {
    const names = ['Ana Lúcia', 'Bruno Araújo', 'Cecília Dias'];
    const created: string[] = [];
    for (const [index, name] of names.entries()) {
      const response = await owner.api.post('/customer', {
        data: {
          name,
          email: `roundtrip${index}@example.com`,
          cellphone: '5521987654321',
          company: index === 1 ? other : agil,
          pcd: index === 0,
          enable: index !== 2,
        },
      });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      created.push(response.body.id);
    }
    const before = await Promise.all(created.map(async (id) => (await owner.api.get(`/customer/${id}`)).body));
    const fields = ['id', 'name', 'cellphone', 'email', 'documentNumber', 'company', 'pcd', 'enable', 'createdAt'];
    for (const language of ['pt-BR', 'en']) {
      const exported = await fetch(
        `${t.baseUrl}/io/api/v1/customer/export?${fields.map((f) => `fields[]=${f}`).join('&')}&filter[email]=roundtrip`,
        {
          headers: { authorization: `Bearer ${owner.token}`, 'accept-language': language },
        },
      );
      expect(exported.status).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(await exported.arrayBuffer());
      const sheet = workbook.getWorksheet('data');
      if (!sheet) throw new Error('no data sheet');
      const headers = (sheet.getRow(1).values as unknown[]).map((value) => String(value ?? ''));
      const columns = headers.map((header) => importColumnOfHeader(customerEntity, header));
      expect(columns.filter(Boolean).sort()).toEqual(['cellphone', 'company', 'documentNumber', 'email', 'enable', 'name', 'pcd']);
      const rows: Record<string, unknown>[] = [];
      sheet.eachRow((row, line) => {
        if (line === 1) return;
        const data: Record<string, unknown> = {};
        (row.values as unknown[]).forEach((value, index) => {
          const column = columns[index];
          if (column) data[column] = importCellValue(value);
        });
        rows.push(data);
      });
      expect(rows).toHaveLength(3);
      // The exported records make way for the imported ones (same e-mails, so each is compared with its original).
      expect((await owner.api.delete('/customer', { ids: created })).status).toBe(200);
      created.length = 0;
      expect(rows.map((row) => row.company).sort()).toEqual(['Loja São João', 'Transportes Ágil Ltda', 'Transportes Ágil Ltda']);
      for (const row of rows) {
        const response = await t.client(owner.token, language).post('/customer/import', { data: row, importHash: nextHash() });
        expect(response.status, JSON.stringify(response.body)).toBe(200);
        created.push(response.body.id);
        const original = before.find((record) => record.email === response.body.email);
        for (const name of ['name', 'cellphone', 'email', 'documentNumber', 'company', 'pcd', 'enable'])
          expect(response.body[name], `${language} ${name}`).toEqual(original[name]);
      }
    }
  });
});
