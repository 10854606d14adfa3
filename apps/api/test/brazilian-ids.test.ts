import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MODULES } from '../src/composition';
import { connectDatabase } from '../src/platform/db/client';
import { MIGRATIONS_DIR, migrateDatabase } from '../src/platform/db/migrate';
import { createDatabaseFromTemplate } from './support/database';
import { startWithTwoCompanies, type TestApp, type TestUser } from './support/test-app';

/**
 * Issue 8, item 9: CPF and CNPJ are checked by their check digits and stored punctuated, one
 * customer per document within a company, phones stored as 55 + DDD + number, filters find them
 * typed without punctuation, and a too-long text is refused rather than cut.
 */

let t: TestApp;
let owner: TestUser;
let companyA: string;
let companyB: string;

beforeAll(async () => {
  ({ t, owner, companyA, companyB } = await startWithTwoCompanies(
    { name: 'Mercado Alfa', type: 'shipper' },
    { name: 'Mercado Beta', type: 'shipper' },
  ));
});
afterAll(async () => {
  await t?.close();
});

describe('CPF and CNPJ', () => {
  it('refuses a CPF with a wrong check digit, with a translated message on the field', async () => {
    const data = { name: 'Ana Lima', company: companyA, documentNumber: '529.982.247-24' };
    const pt = await owner.api.post('/customer', { data });
    expect(pt.status).toBe(400);
    expect(pt.body.error.fields).toEqual([
      { path: 'documentNumber', message: 'O campo CPF/CNPJ deve ter um CPF ou CNPJ válido: confira os dígitos' },
    ]);
    const en = await t.client(owner.token, 'en').post('/customer', { data });
    expect(en.status).toBe(400);
    expect(en.body.error.fields[0].message).toMatch(/is not a valid CPF or CNPJ: check the digits$/);
  });

  it('stores a CPF and a CNPJ (numeric or alphanumeric) punctuated, however they were typed', async () => {
    const cpf = await owner.api.post('/customer', { data: { name: 'Bruno Souza', company: companyA, documentNumber: '111 444 777 35' } });
    expect(cpf.status, JSON.stringify(cpf.body)).toBe(200);
    expect(cpf.body.documentNumber).toBe('111.444.777-35');
    const cnpj = await owner.api.post('/customer', { data: { name: 'Padaria Sol', company: companyA, documentNumber: '12abc34501de35' } });
    expect(cnpj.status, JSON.stringify(cnpj.body)).toBe(200);
    expect(cnpj.body.documentNumber).toBe('12.ABC.345/01DE-35');
  });

  it('allows one customer per document in a company (409, translated), and the same document in another company', async () => {
    const first = await owner.api.post('/customer', { data: { name: 'Carla Dias', company: companyA, documentNumber: '529.982.247-25' } });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const again = await owner.api.post('/customer', { data: { name: 'Carla D.', company: companyA, documentNumber: '52998224725' } });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('Já existe um cliente com este CPF nesta empresa');
    expect(again.body.error.fields).toEqual([{ path: 'documentNumber', message: 'Já existe um cliente com este CPF nesta empresa' }]);
    const en = await t
      .client(owner.token, 'en')
      .post('/customer', { data: { name: 'Carla D.', company: companyA, documentNumber: '52998224725' } });
    expect(en.status).toBe(409);
    expect(en.body.error.message).toBe('A customer with this CPF already exists in this company');

    const elsewhere = await owner.api.post('/customer', { data: { name: 'Carla Dias', company: companyB, documentNumber: '52998224725' } });
    expect(elsewhere.status, JSON.stringify(elsewhere.body)).toBe(200);
    // Moving a customer onto a document its new company already has is refused too.
    const moved = await owner.api.put(`/customer/${elsewhere.body.id}`, { data: { company: companyA } });
    expect(moved.status).toBe(409);
    // Editing the holder itself keeps its document.
    const edited = await owner.api.put(`/customer/${first.body.id}`, { data: { name: 'Carla Dias Lima', documentNumber: '52998224725' } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
  });

  it('refuses a duplicate imported row with the same message', async () => {
    await owner.api.post('/customer', { data: { name: 'Davi Rocha', company: companyA, documentNumber: '11.222.333/0001-81' } });
    const imported = await owner.api.post('/customer/import', {
      data: { name: 'Davi R.', company: companyA, documentNumber: '11222333000181' },
      importHash: `dup-${Math.random()}`,
    });
    expect(imported.status).toBe(409);
    expect(imported.body.error.message).toBe('Já existe um cliente com este CNPJ nesta empresa');
  });
});

describe('phones', () => {
  it('stores a phone typed in any common way as 55 + DDD + number, and refuses what is not one', async () => {
    const created = await owner.api.post('/customer', { data: { name: 'Eva Nunes', company: companyA, cellphone: '(21) 99876-5432' } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.cellphone).toBe('5521998765432');
    const landline = await owner.api.post('/customer', { data: { name: 'Eva Nunes', company: companyA, cellphone: '(21) 2222-3333' } });
    expect(landline.status).toBe(400);
    expect(landline.body.error.fields[0]).toMatchObject({ path: 'cellphone' });
    expect(landline.body.error.fields[0].message).toContain('celular com DDD');
    const building = await owner.api.post('/building', {
      data: { name: 'Ed. Aurora', company: companyA, customerPhone: '+55 21 2222-3333' },
    });
    expect(building.status, JSON.stringify(building.body)).toBe(200);
    expect(building.body.customerPhone).toBe('552122223333');
  });
});

describe('filters', () => {
  it('find a document and a phone typed without punctuation, or with another one', async () => {
    await owner.api.post('/customer', {
      data: { name: 'Fábio Reis', company: companyB, documentNumber: '04.252.011/0001-10', cellphone: '+55 (31) 98888-7777' },
    });
    for (const documentNumber of ['04252011000110', '04.252.011', '252011/0001']) {
      const found = await owner.api.get('/customer', { filter: { documentNumber } });
      expect(found.status).toBe(200);
      expect(
        found.body.rows.map((row: { name: string }) => row.name),
        documentNumber,
      ).toEqual(['Fábio Reis']);
    }
    for (const cellphone of ['31988887777', '(31) 98888-7777', '+55 31 98888 7777', '98888-7777']) {
      const found = await owner.api.get('/customer', { filter: { cellphone } });
      expect(
        found.body.rows.map((row: { name: string }) => row.name),
        cellphone,
      ).toEqual(['Fábio Reis']);
    }
  });
});

describe('too-long text', () => {
  it('is refused with a message on its field, never cut', async () => {
    const name = 'x'.repeat(256);
    const response = await owner.api.post('/customer', { data: { name, company: companyA } });
    expect(response.status).toBe(400);
    expect(response.body.error.fields).toEqual([{ path: 'name', message: 'O campo Nome deve ter no máximo 255 caracteres' }]);
    const imported = await owner.api.post('/customer/import', { data: { name, company: companyA }, importHash: `long-${Math.random()}` });
    expect(imported.status).toBe(400);
    const listed = await owner.api.get('/customer', { filter: { name: 'xxxxxxxxxx' } });
    expect(listed.body.count).toBe(0);
  });
});

describe('the migration adding one customer per document in a company', () => {
  const MIGRATION = 'customer_document_unique_per_company';
  type Journal = { entries: { tag: string }[] };

  /** The migrations folder as it was just before this one (its number may change when branches merge). */
  function migrationsBefore(): string {
    const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as Journal;
    const at = journal.entries.findIndex((entry) => entry.tag.endsWith(MIGRATION));
    expect(at).toBeGreaterThan(0);
    const dir = mkdtempSync(path.join(tmpdir(), 'ebox-before-documents-'));
    mkdirSync(path.join(dir, 'meta'));
    const entries = journal.entries.slice(0, at);
    for (const entry of entries) copyFileSync(path.join(MIGRATIONS_DIR, `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`));
    writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
    return dir;
  }

  it('does not fail on duplicates an old database holds: they stay as they are, new ones are refused', async () => {
    const url = await createDatabaseFromTemplate(inject('databaseAdminUrl'), inject('databaseTemplate'), { empty: true });
    const database = connectDatabase(url, 2);
    await database.db.execute(sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await migrate(database.db, { migrationsFolder: migrationsBefore() });
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const company = (await client.query(`INSERT INTO company (name, type) VALUES ('Antiga', 'shipper') RETURNING id`)).rows[0].id;
      // Two customers of one company with one CPF, typed two ways, as nothing refused it before.
      await client.query(
        `INSERT INTO customer (name, company_id, document_number, created_at) VALUES
           ('Primeira', $1, '529.982.247-25', now() - interval '2 days'), ('Segunda', $1, '52998224725', now() - interval '1 day'),
           ('Sem documento', $1, NULL, now()), ('Outro sem documento', $1, NULL, now())`,
        [company],
      );
      await migrateDatabase(database.db, MODULES.jobs);
      const rows = await client.query(`SELECT name, document_number FROM customer WHERE document_number IS NOT NULL ORDER BY name`);
      expect(rows.rows).toEqual([
        { name: 'Primeira', document_number: '529.982.247-25' },
        { name: 'Segunda', document_number: '52998224725' },
      ]);
      const index = await client.query(`SELECT indexdef FROM pg_indexes WHERE indexname = 'customer_document_number_per_company_key'`);
      expect(index.rows[0]?.indexdef).toMatch(/UNIQUE INDEX/);
      // The oldest holder is in the index: a third row with the same document is refused by the database itself.
      await expect(
        client.query(`INSERT INTO customer (name, company_id, document_number) VALUES ('Terceira', $1, '529 982 247 25')`, [company]),
      ).rejects.toMatchObject({ code: '23505', constraint: 'customer_document_number_per_company_key' });
    } finally {
      await client.end();
      await database.close();
    }
  });
});
