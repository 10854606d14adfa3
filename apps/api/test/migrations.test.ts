import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PREDEFINED_ROLES } from '@ebox/domain';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MODULES } from '../src/composition';
import { hashPassword } from '../src/platform/auth/passwords';
import { connectDatabase } from '../src/platform/db/client';
import { MIGRATIONS_DIR, migrateDatabase } from '../src/platform/db/migrate';
import { createDatabaseFromTemplate } from './support/database';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * Issue 7, item 9: a database made by the previous release starts with the new code. The database
 * is built by exactly the migrations the previous release shipped (test/fixtures/previous-release.json,
 * updated when a release lands), filled with rows as that release wrote them, then upgraded by
 * the app's own start-up steps. Nothing here counts the migrations added since, so new ones need
 * no change to this file.
 */

type Journal = { entries: { idx: number; when: number; tag: string; breakpoints: boolean; version: string }[] };
type PreviousRelease = { release: string; migrations: { tag: string; sha256: string }[] };

const previous = JSON.parse(
  readFileSync(fileURLToPath(new URL('./fixtures/previous-release.json', import.meta.url)), 'utf8'),
) as PreviousRelease;
const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as Journal;
const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

const PASSWORD = 'Antig0-pass';
let url: string;
let t: TestApp | undefined;
/** Ids of the rows the previous release wrote. */
const ids = { owner: '', operator: '', companyA: '', companyB: '', customerA: '', customerB: '', unit: '', customRole: '' };

/** A migrations folder holding only the previous release's files, as its build shipped them. */
function previousMigrationsFolder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'ebox-previous-migrations-'));
  mkdirSync(path.join(dir, 'meta'));
  const tags = new Set(previous.migrations.map((m) => m.tag));
  for (const tag of tags) copyFileSync(path.join(MIGRATIONS_DIR, `${tag}.sql`), path.join(dir, `${tag}.sql`));
  writeFileSync(
    path.join(dir, 'meta/_journal.json'),
    JSON.stringify({ ...journal, entries: journal.entries.filter((entry) => tags.has(entry.tag)) }),
  );
  return dir;
}

/** Rows as the previous release stored them (its column names, written with plain SQL). */
async function fillAsPreviousRelease(client: pg.Client): Promise<void> {
  const one = async (text: string, values: unknown[]) => (await client.query<{ id: string }>(text, values)).rows[0]?.id as string;
  const ownerRole = await one(`INSERT INTO role (name, permissions, predefined) VALUES ('owner', $1, true) RETURNING id`, [
    [...PREDEFINED_ROLES.owner],
  ]);
  ids.customRole = await one(`INSERT INTO role (name, description, permissions) VALUES ($1, $2, $3) RETURNING id`, [
    'Atendimento Alfa',
    'Balcão da transportadora',
    ['customerRead', 'customerEdit', 'customerAutocomplete', 'companyAutocomplete'],
  ]);
  await client.query(`INSERT INTO settings (id, theme) VALUES ('default', 'cyan')`);
  const passwordHash = await hashPassword(PASSWORD);
  ids.owner = await one(
    `INSERT INTO "user" (email, password_hash, first_name, last_name, full_name, roles, email_verified)
     VALUES ('dona.antiga@example.com', $1, 'Olga', 'Dona', 'Olga Dona', $2, true) RETURNING id`,
    [passwordHash, [ownerRole]],
  );
  ids.companyA = await one(`INSERT INTO company (name, type, created_by_id) VALUES ('Transportadora Alfa', 'carrier', $1) RETURNING id`, [
    ids.owner,
  ]);
  ids.companyB = await one(`INSERT INTO company (name, type, created_by_id) VALUES ('Loja Beta', 'shipper', $1) RETURNING id`, [ids.owner]);
  ids.operator = await one(
    `INSERT INTO "user" (email, password_hash, first_name, full_name, roles, allowed_companies, email_verified)
     VALUES ('balcao.alfa@example.com', $1, 'Bruno', 'Bruno', $2, $3, true) RETURNING id`,
    [passwordHash, [ids.customRole], [ids.companyA]],
  );
  ids.customerA = await one(
    `INSERT INTO customer (name, cellphone, email, company_id, pcd, enable, created_by_id, updated_by_id)
     VALUES ('Helena Prado', '5521987654321', 'helena@example.com', $1, true, true, $2, $2) RETURNING id`,
    [ids.companyA, ids.owner],
  );
  ids.customerB = await one(`INSERT INTO customer (name, company_id, created_by_id) VALUES ('Otávio Reis', $1, $2) RETURNING id`, [
    ids.companyB,
    ids.owner,
  ]);
  ids.unit = await one(`INSERT INTO building_level2 (name, customers, created_by_id) VALUES ('Apto 101', $1, $2) RETURNING id`, [
    [ids.customerA],
    ids.owner,
  ]);
  await client.query(
    `INSERT INTO audit_log (entity_name, entity_id, action, values, created_by_id, created_by_email, company_ids)
     VALUES ('customer', $1, 'create', $2, $3, 'dona.antiga@example.com', $4)`,
    [ids.customerA, JSON.stringify({ before: null, after: { id: ids.customerA, name: 'Helena Prado' } }), ids.owner, [ids.companyA]],
  );
  await client.query(
    `INSERT INTO outbox_message (channel, recipient, subject, body, status) VALUES ('email', 'helena@example.com', 'Sua encomenda chegou', 'Retire no armário', 'outbox')`,
  );
  await client.query(`INSERT INTO revoked_token (jti, expires_at) VALUES ('old-token', now() + interval '1 day')`);
}

/** Columns and indexes of the public schema: what a second migration run must leave as it found it. */
async function schemaOf(client: pg.Client): Promise<string> {
  const columns = await client.query(
    `SELECT table_name, column_name, data_type, is_nullable, column_default FROM information_schema.columns
     WHERE table_schema = 'public' ORDER BY table_name, column_name`,
  );
  const indexes = await client.query(`SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY indexname`);
  return JSON.stringify([columns.rows, indexes.rows]);
}

async function appliedMigrations(client: pg.Client): Promise<number> {
  return Number((await client.query('SELECT count(*) AS n FROM drizzle.__drizzle_migrations')).rows[0].n);
}

async function withClient<T>(use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/**
 * The app's own migration step, as start-up runs it (src/main.ts). The seeds that follow it are
 * left out on purpose: they only add what is missing, and the rows here are the previous release's.
 */
async function migrateAsStartUp(): Promise<void> {
  const database = connectDatabase(url, 2);
  try {
    await migrateDatabase(database.db, MODULES.jobs);
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  url = await createDatabaseFromTemplate(inject('databaseAdminUrl'), inject('databaseTemplate'), { empty: true });
  const database = connectDatabase(url, 2);
  // The previous release's start-up: the extension, then its own migrations.
  await database.db.execute(sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
  await migrate(database.db, { migrationsFolder: previousMigrationsFolder() });
  await database.close();
  await withClient(fillAsPreviousRelease);
});
afterAll(() => t?.close());

describe(`a database made by the previous release (${previous.release})`, () => {
  it('is built from migrations that landed unchanged and still come first', () => {
    expect(previous.migrations.length).toBeGreaterThan(0);
    const landed = journal.entries.slice(0, previous.migrations.length).map((entry) => entry.tag);
    expect(landed, 'the journal starts with the previous release').toEqual(previous.migrations.map((m) => m.tag));
    for (const migration of previous.migrations) {
      expect(sha256(path.join(MIGRATIONS_DIR, `${migration.tag}.sql`)), `${migration.tag} was edited after it landed`).toBe(
        migration.sha256,
      );
    }
  });

  it("upgrades with the app's own migrations and keeps its data, the app working on it", async () => {
    expect(await withClient(appliedMigrations)).toBe(previous.migrations.length);
    await migrateAsStartUp();
    expect(await withClient(appliedMigrations)).toBe(journal.entries.length);

    t = await startTestApp({ databaseUrl: url });
    const signIn = await t.api.post('/auth/sign-in', { email: 'dona.antiga@example.com', password: PASSWORD });
    expect(signIn.status, JSON.stringify(signIn.body)).toBe(200);
    const owner = t.client(signIn.body as string);
    const me = await owner.get('/auth/me');
    expect(me.body).toMatchObject({ id: ids.owner, fullName: 'Olga Dona', roles: [{ name: 'owner' }] });
    expect(me.body.permissions).toContain('iamEdit');

    const customers = await owner.get('/customer', { orderBy: 'name_ASC' });
    expect(customers.status).toBe(200);
    expect(customers.body.rows.map((r: { name: string }) => r.name)).toEqual(['Helena Prado', 'Otávio Reis']);
    expect(customers.body.rows[0]).toMatchObject({
      id: ids.customerA,
      cellphone: '5521987654321',
      pcd: true,
      company: { id: ids.companyA, label: 'Transportadora Alfa' },
    });
    expect((await owner.get(`/building-level2/${ids.unit}`)).body.customers).toEqual([{ id: ids.customerA, label: 'Helena Prado' }]);

    const audit = await owner.get('/auditLog', { filter: { entityId: ids.customerA } });
    expect(audit.body.rows).toHaveLength(1);
    expect(audit.body.rows[0]).toMatchObject({ action: 'create', createdByEmail: 'dona.antiga@example.com' });
    expect(audit.body.rows[0].values.after).toMatchObject({ name: 'Helena Prado' });
    // Entries written before the record's label was kept get it from the values they kept.
    expect(audit.body.rows[0].entityLabel).toBe('Helena Prado');

    const users = await owner.get('/iam/user', { orderBy: 'createdAt_ASC' });
    expect(users.body.rows.map((r: { email: string }) => r.email)).toEqual(['dona.antiga@example.com', 'balcao.alfa@example.com']);
    expect((await owner.get('/settings')).body).toMatchObject({ theme: 'cyan' });
    const outbox = await owner.get('/outbox');
    expect(outbox.status).toBe(200);
    expect(outbox.body.rows).toContainEqual(expect.objectContaining({ recipient: 'helena@example.com', subject: 'Sua encomenda chegou' }));

    // The operator limited to company A still sees only its customers, and can edit one.
    const operatorSignIn = await t.api.post('/auth/sign-in', { email: 'balcao.alfa@example.com', password: PASSWORD });
    expect(operatorSignIn.status).toBe(200);
    const operator = t.client(operatorSignIn.body as string);
    const theirs = await operator.get('/customer');
    expect(theirs.body.rows.map((r: { id: string }) => r.id)).toEqual([ids.customerA]);
    const edited = await operator.put(`/customer/${ids.customerA}`, { id: ids.customerA, data: { name: 'Helena Prado Reis' } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);

    // New rows go in beside the old ones.
    const created = await owner.post('/customer', { data: { name: 'Carla Nova', company: ids.companyB } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect((await owner.get('/customer')).body.count).toBe(3);
  });

  it('migrates again as a no-op once every migration ran', async () => {
    const before = await withClient(async (client) => ({
      schema: await schemaOf(client),
      applied: await appliedMigrations(client),
      customers: (await client.query('SELECT id, name, updated_at FROM customer ORDER BY id')).rows,
      audit: Number((await client.query('SELECT count(*) AS n FROM audit_log')).rows[0].n),
    }));
    expect(before.applied).toBe(journal.entries.length);
    await migrateAsStartUp();
    const after = await withClient(async (client) => ({
      schema: await schemaOf(client),
      applied: await appliedMigrations(client),
      customers: (await client.query('SELECT id, name, updated_at FROM customer ORDER BY id')).rows,
      audit: Number((await client.query('SELECT count(*) AS n FROM audit_log')).rows[0].n),
    }));
    expect(after).toEqual(before);
  });
});
