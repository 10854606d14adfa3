import { translatorFor } from '@ebox/domain';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWithTwoCompanies, type TestApp, type TestUser } from './support/test-app';

/**
 * The audit log in words (issue 8): each entry names its record and its author, a record's history
 * is the log filtered by entity and id within the reader's companies, and the log exports as xlsx
 * with the same filters and scope, its changes written as "Field: before → after".
 */

let t: TestApp;
let owner: TestUser;
let companyA: string;
let companyB: string;

beforeAll(async () => {
  ({ t, owner, companyA, companyB } = await startWithTwoCompanies(
    { name: 'Transportadora Auditoria A', type: 'carrier' },
    { name: 'Loja Auditoria B', type: 'shipper' },
    { firstName: 'Olga', lastName: 'Dona' },
  ));
});
afterAll(async () => {
  await t?.close();
});

async function renamedCustomer(company: string, from: string, to: string): Promise<string> {
  const created = await owner.api.post('/customer', { data: { name: from, company, enable: true } });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const updated = await owner.api.put(`/customer/${created.body.id}`, { data: { name: to, enable: false } });
  expect(updated.status, JSON.stringify(updated.body)).toBe(200);
  return created.body.id;
}

/** The export's sheet as rows of cell texts, the header first. */
async function exportedRows(token: string, query: string, language: string): Promise<{ status: number; rows: string[][] }> {
  const response = await fetch(`${t.baseUrl}/io/api/v1/auditLog/export?${query}`, {
    headers: { authorization: `Bearer ${token}`, 'accept-language': language },
  });
  if (response.status !== 200) return { status: response.status, rows: [] };
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await response.arrayBuffer());
  const rows: string[][] = [];
  workbook.getWorksheet('data')?.eachRow((row) => {
    const values = Array.isArray(row.values) ? row.values.slice(1) : [];
    rows.push(values.map((value) => (value instanceof Date ? value.toISOString() : String(value ?? ''))));
  });
  return { status: response.status, rows };
}

const ptT = translatorFor('pt-BR');
const enT = translatorFor('en');

const FIELDS = ['timestamp', 'authorName', 'entityName', 'entityLabel', 'action', 'changes'].map((f) => `fields[]=${f}`).join('&');

describe('the audit log in words', () => {
  it('names the record, its author and the related records of each entry', async () => {
    const id = await renamedCustomer(companyA, 'Ana Antes', 'Ana Depois');
    const log = await owner.api.get('/auditLog', { filter: { entityName: 'customer', entityId: id } });
    expect(log.status, JSON.stringify(log.body)).toBe(200);
    expect(log.body.rows.map((row: { action: string }) => row.action)).toEqual(['update', 'create']);
    const [update, create] = log.body.rows;
    expect(update.entityLabel).toBe('Ana Depois');
    expect(update.authorName).toBe('Olga Dona');
    expect(create.entityLabel).toBe('Ana Antes');
    expect(create.references).toEqual({ [companyA]: 'Transportadora Auditoria A' });
    // The record is found by its name too.
    const byName = await owner.api.get('/auditLog', { filter: { entityLabel: 'ana depois' } });
    expect(byName.body.rows.map((row: { entityId: string }) => row.entityId)).toContain(id);
  });

  it('filters by entity exactly: buildings are not building units', async () => {
    const building = await owner.api.post('/building', { data: { name: 'Prédio Auditado', company: companyA } });
    expect(building.status, JSON.stringify(building.body)).toBe(200);
    const log = await owner.api.get('/auditLog', { filter: { entityName: 'building' }, limit: 1000 });
    expect(log.body.count).toBeGreaterThan(0);
    expect(new Set(log.body.rows.map((row: { entityName: string }) => row.entityName))).toEqual(new Set(['building']));
  });

  it('exports the filtered log as xlsx in the reader’s words, in both languages', async () => {
    const id = await renamedCustomer(companyA, 'Bruno Antes', 'Bruno Depois');
    const filter = `filter[entityName]=customer&filter[entityId]=${id}&orderBy=timestamp_ASC`;
    const pt = await exportedRows(owner.token, `${FIELDS}&${filter}&timezone=America/Sao_Paulo`, 'pt-BR');
    expect(pt.status).toBe(200);
    const header = (tr: typeof ptT) =>
      ['timestamp', 'authorName', 'entityName', 'entityLabel', 'action', 'changes'].map((f) => tr(`entities.auditLog.fields.${f}`));
    expect(pt.rows[0]).toEqual(header(ptT));
    expect(pt.rows).toHaveLength(3);
    const [, created, updated] = pt.rows;
    expect(created?.slice(1, 5)).toEqual(['Olga Dona', ptT('entities.customer.label'), 'Bruno Antes', ptT('auditLog.actions.create')]);
    expect(created?.[5]).toContain(`${ptT('entities.customer.fields.company')}: — → Transportadora Auditoria A`);
    expect(updated?.slice(1, 5)).toEqual(['Olga Dona', ptT('entities.customer.label'), 'Bruno Depois', ptT('auditLog.actions.update')]);
    // Only what changed, in words.
    expect(updated?.[5]?.split('\n').sort()).toEqual(
      [
        `${ptT('entities.customer.fields.enable')}: Sim → Não`,
        `${ptT('entities.customer.fields.name')}: Bruno Antes → Bruno Depois`,
      ].sort(),
    );

    const en = await exportedRows(owner.token, `${FIELDS}&${filter}`, 'en');
    expect(en.rows[0]).toEqual(header(enT));
    expect(en.rows[2]?.[5]?.split('\n').sort()).toEqual(
      [`${enT('entities.customer.fields.enable')}: Yes → No`, `${enT('entities.customer.fields.name')}: Bruno Antes → Bruno Depois`].sort(),
    );
  });

  it('keeps a limited reader to the history of records of their companies, in the list and the export', async () => {
    const mine = await renamedCustomer(companyA, 'Carla Minha', 'Carla Minha 2');
    const theirs = await renamedCustomer(companyB, 'Davi Alheio', 'Davi Alheio 2');
    const reader = await t.createUser({ permissions: ['auditLogRead', 'customerRead'], allowedCompanies: [companyA] });
    const history = (id: string) => reader.api.get('/auditLog', { filter: { entityName: 'customer', entityId: id } });

    expect((await history(mine)).body.count).toBe(2);
    expect((await history(theirs)).body).toEqual({ rows: [], count: 0 });
    const exported = await exportedRows(reader.token, `${FIELDS}&filter[entityId]=${theirs}`, 'pt-BR');
    expect(exported.status).toBe(200);
    expect(exported.rows).toHaveLength(1);
    const everything = await exportedRows(reader.token, FIELDS, 'pt-BR');
    expect(JSON.stringify(everything.rows)).not.toContain('Davi Alheio');
    expect(JSON.stringify(everything.rows)).toContain('Carla Minha 2');

    // Without auditLogRead there is no history at all.
    const other = await t.createUser({ permissions: ['customerRead'], allowedCompanies: [companyA] });
    expect((await other.api.get('/auditLog', { filter: { entityName: 'customer', entityId: mine } })).status).toBe(403);
    expect((await exportedRows(other.token, FIELDS, 'pt-BR')).status).toBe(403);
  });
});

describe('the audit log as a reader looks for things', () => {
  it('sorts the entity column by the entity’s name in the reader’s language, not by its key', async () => {
    await renamedCustomer(companyA, 'Elisa Ordem', 'Elisa Ordem 2');
    const sorted = async (language: string, direction: string) => {
      const answer = await t
        .client(owner.token, language)
        .get('/auditLog', { filter: { entityName: ['company', 'customer'] }, orderBy: `entityName_${direction}`, limit: 1000 });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return [...new Set(answer.body.rows.map((row: { entityName: string }) => row.entityName))];
    };
    // "Cliente" comes before "Empresa"; "Company" before "Customer".
    expect(await sorted('pt-BR', 'ASC')).toEqual(['customer', 'company']);
    expect(await sorted('pt-BR', 'DESC')).toEqual(['company', 'customer']);
    expect(await sorted('en', 'ASC')).toEqual(['company', 'customer']);
  });

  it('finds a record by its name or its id in the record filter', async () => {
    const id = await renamedCustomer(companyA, 'Fábio Registro', 'Fábio Registro Novo');
    const byName = await owner.api.get('/auditLog', { filter: { entityLabel: 'fábio registro' } });
    expect(byName.body.rows.map((row: { entityId: string }) => row.entityId)).toEqual([id, id]);
    const byId = await owner.api.get('/auditLog', { filter: { entityLabel: id } });
    expect(byId.body.count).toBe(2);
    expect(byId.body.rows.every((row: { entityId: string }) => row.entityId === id)).toBe(true);
  });

  it('filters by author: a person by their id, a system actor by its label', async () => {
    const author = await t.createUser({ roles: ['owner'], firstName: 'Paula', lastName: 'Autora' });
    const company = await author.api.post('/company', { data: { name: 'Empresa da Paula', type: 'shipper' } });
    expect(company.status).toBe(200);
    const byPerson = await owner.api.get('/auditLog', { filter: { actorLabel: author.id }, limit: 1000 });
    expect(byPerson.status, JSON.stringify(byPerson.body)).toBe(200);
    expect(byPerson.body.count).toBeGreaterThan(0);
    expect(new Set(byPerson.body.rows.map((row: { createdByEmail: string }) => row.createdByEmail))).toEqual(new Set([author.email]));
    expect(byPerson.body.rows.map((row: { entityId: string }) => row.entityId)).toContain(company.body.id);
    const bySystem = await owner.api.get('/auditLog', { filter: { actorLabel: 'system:messageSender' }, limit: 1000 });
    expect(bySystem.status).toBe(200);
    expect(bySystem.body.rows.every((row: { actorLabel: string }) => row.actorLabel === 'system:messageSender')).toBe(true);
  });
});
