import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENTITIES, exportColumnsOf, PERMISSIONS, PREDEFINED_ROLES, translatorFor } from '@ebox/domain';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { declaredExportsIn, permissionNounsOf } from '../../../packages/domain/scripts/entity-registry';
import { MODULES } from '../src/composition';
import { connectDatabase } from '../src/platform/db/client';
import * as drizzleEntry from '../src/platform/db/drizzle-schema';
import { migrateDatabase } from '../src/platform/db/migrate';
import { entityTables } from '../src/platform/db/schema';
import { seedRolesAndSettings } from '../src/platform/seed';
import { createDatabaseFromTemplate } from './support/database';
import { startTestApp, type TestApp, type TestUser } from './support/test-app';

/**
 * Issue 26, item 5: a plain entity costs its declaration and its translations. The throwaway entity
 * of fixtures/throwaway-entity is declared as a file of packages/domain/src/entities would declare
 * it; the lists `npm run db:generate` writes from that folder (entities/declared.ts,
 * entities/permission-nouns.ts, i18n/<language>/entities/index.ts and entity-nouns.ts) are given it here as the
 * generator would write them had the file been there (the first test holds the generator to
 * that), and everything else follows from the declaration as it runs: the migration drizzle-kit
 * writes, the count triggers start-up installs, the API's routes, the permissions and predefined
 * roles, and the console's screens.
 */
vi.mock('../../../packages/domain/src/entities/declared', async (importOriginal) => {
  const { courierNote } = await import('./fixtures/throwaway-entity/courier-note');
  const { DECLARED_ENTITIES } = await importOriginal<typeof import('../../../packages/domain/src/entities/declared')>();
  return { DECLARED_ENTITIES: { ...DECLARED_ENTITIES, courierNote } };
});
vi.mock('../../../packages/domain/src/entities/permission-nouns', async (importOriginal) => {
  const { ENTITY_PERMISSION_NOUNS } = await importOriginal<typeof import('../../../packages/domain/src/entities/permission-nouns')>();
  return { ENTITY_PERMISSION_NOUNS: [...ENTITY_PERMISSION_NOUNS, 'courierNote'] };
});
vi.mock('../../../packages/domain/src/i18n/en/entity-nouns', async (importOriginal) => {
  const { courierNoteTranslations } = await import('./fixtures/throwaway-entity/translations');
  const { entityNounsOf } = await import('../../../packages/domain/scripts/entity-registry');
  const { ENTITY_NOUNS } = await importOriginal<typeof import('../../../packages/domain/src/i18n/en/entity-nouns')>();
  return { ENTITY_NOUNS: { ...ENTITY_NOUNS, ...entityNounsOf([courierNoteTranslations.en], ['courierNote']) } };
});
vi.mock('../../../packages/domain/src/i18n/pt-BR/entity-nouns', async (importOriginal) => {
  const { courierNoteTranslations } = await import('./fixtures/throwaway-entity/translations');
  const { entityNounsOf } = await import('../../../packages/domain/scripts/entity-registry');
  const { ENTITY_NOUNS } = await importOriginal<typeof import('../../../packages/domain/src/i18n/pt-BR/entity-nouns')>();
  return { ENTITY_NOUNS: { ...ENTITY_NOUNS, ...entityNounsOf([courierNoteTranslations['pt-BR']], ['courierNote']) } };
});
vi.mock('../../../packages/domain/src/i18n/en/entities/index', async (importOriginal) => {
  const { courierNoteTranslations } = await import('./fixtures/throwaway-entity/translations');
  const { entityAreas } = await importOriginal<typeof import('../../../packages/domain/src/i18n/en/entities/index')>();
  return { entityAreas: [...entityAreas, courierNoteTranslations.en] };
});
vi.mock('../../../packages/domain/src/i18n/pt-BR/entities/index', async (importOriginal) => {
  const { courierNoteTranslations } = await import('./fixtures/throwaway-entity/translations');
  const { entityAreas } = await importOriginal<typeof import('../../../packages/domain/src/i18n/pt-BR/entities/index')>();
  return { entityAreas: [...entityAreas, courierNoteTranslations['pt-BR']] };
});

/** The console's route builder (apps/web/src/kit/entity-routes.tsx), named by a variable: this project's compiler does not read JSX. */
const WEB_ENTITY_ROUTES = '../../web/src/kit/entity-routes';
type EntityRoute = { path?: string; handle?: { entity: string; permission: string } };
type WebEntityRoutes = { buildEntityRoutes: (pages: object, kitListPage: () => Promise<() => null>) => EntityRoute[] };

const FIXTURE_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/throwaway-entity');

let t: TestApp;
let owner: TestUser;
let company: string;
/** The statements of the migration drizzle-kit writes for the throwaway entity. */
let migration: string[];

beforeAll(async () => {
  // What `npm run db:generate` diffs: the tables of its entry (drizzle-schema.ts) as committed, then with the new entity's.
  const before = generateDrizzleJson({ ...drizzleEntry });
  const after = generateDrizzleJson({ ...drizzleEntry, courierNoteTable: entityTables.courierNote });
  migration = await generateMigration(before, after);
  const url = await createDatabaseFromTemplate(inject('databaseAdminUrl'), inject('databaseTemplate'));
  const database = connectDatabase(url, 2);
  try {
    for (const statement of migration) await database.pool.query(statement);
    // Start-up's steps, as src/main.ts runs them: the migration step gives the new table its count
    // triggers, the seed the entity's predefined roles.
    await migrateDatabase(database.db, MODULES.jobs);
    await seedRolesAndSettings(database.db);
  } finally {
    await database.close();
  }
  t = await startTestApp({ databaseUrl: url });
  owner = await t.createUser({ roles: ['owner'] });
  company = (await owner.api.post('/company', { data: { name: 'Transportadora Descartável', type: 'carrier' } })).body.id;
});
afterAll(() => t?.close());

describe('a plain entity declared in a test fixture', () => {
  it('is listed by the registry generator from its folder, with its permission noun', async () => {
    const found = await declaredExportsIn(FIXTURE_DIR);
    expect(found.map((entry) => entry.exportName)).toEqual(['courierNote']);
    expect(permissionNounsOf(found.map((entry) => entry.declaration))).toEqual(['courierNote']);
    expect(ENTITIES.courierNote?.table).toBe('courier_note');
  });

  it('gets its table from the generated migration, which needs no hand-written part', async () => {
    expect(migration.join('\n')).toMatch(/CREATE TABLE "courier_note"/);
    expect(migration.join('\n')).not.toMatch(/TRIGGER|entity_count/);
    const { rows } = await t.database.pool.query<{ tgname: string }>(
      `SELECT tgname FROM pg_trigger WHERE tgrelid = 'courier_note'::regclass AND NOT tgisinternal ORDER BY tgname`,
    );
    expect(rows.map((row) => row.tgname)).toEqual([
      'courier_note_count_delete',
      'courier_note_count_insert',
      'courier_note_count_truncate',
      'courier_note_count_update',
    ]);
  });

  it('gets the routes of spec 7.3: create, read, list with its maintained total, update, export and delete', async () => {
    const created = await owner.api.post('/courier-note', { data: { title: 'Portão azul', company, enable: true } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.id as string;
    expect((await owner.api.get(`/courier-note/${id}`)).body).toMatchObject({ title: 'Portão azul', enable: true });
    const list = await owner.api.get('/courier-note', { filter: { company } });
    expect(list.status).toBe(200);
    expect({ count: list.body.count, titles: list.body.rows.map((row: { title: string }) => row.title) }).toEqual({
      count: 1,
      titles: ['Portão azul'],
    });
    const { rows } = await t.database.pool.query<{ n: string }>(
      `SELECT sum(rows) AS n FROM entity_count WHERE table_name = 'courier_note' AND company_id = $1`,
      [company],
    );
    expect(Number(rows[0]?.n)).toBe(1);
    const updated = await owner.api.put(`/courier-note/${id}`, { data: { title: 'Portão verde', company, enable: false } });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body).toMatchObject({ title: 'Portão verde', enable: false });
    const invalid = await owner.api.post('/courier-note', { data: { title: '', company } });
    expect(invalid.status).toBe(400);
    const exported = await owner.api.get('/courier-note/export', { fields: exportColumnsOf(ENTITIES.courierNote!), format: 'csv' });
    expect(exported.status, JSON.stringify(exported.body)).toBe(200);
    expect((await owner.api.delete('/courier-note', { ids: [id] })).status).toBe(200);
    expect((await owner.api.get('/courier-note', { filter: { company } })).body.count).toBe(0);
  });

  it('gets its permissions and predefined roles, worded from its translations, and refuses whoever lacks them', async () => {
    const actions = ['Import', 'Create', 'Edit', 'Destroy', 'Read', 'Autocomplete'];
    expect(PERMISSIONS).toEqual(expect.arrayContaining(actions.map((action) => `courierNote${action}`)));
    expect(PREDEFINED_ROLES.courierNoteViewer).toEqual(['courierNoteRead', 'courierNoteAutocomplete']);
    expect(PREDEFINED_ROLES.editor).toContain('courierNoteCreate');
    expect(translatorFor('en')('permissions.courierNoteCreate.label')).toBe('Create courier notes');
    expect(translatorFor('pt-BR')('permissions.courierNoteCreate.label')).toBe('Cadastrar recados do entregador');
    expect(translatorFor('en')('roles.predefined.courierNoteEditor.label')).toBe('Courier note editor');
    expect(translatorFor('pt-BR')('permissions.groups.courierNote')).toBe('Recados do entregador');

    const stranger = await t.createUser({ permissions: ['customerRead'] });
    expect((await stranger.api.get('/courier-note')).status).toBe(403);
    const viewer = await t.createUser({ roles: ['courierNoteViewer'] });
    expect((await viewer.api.get('/courier-note')).status).toBe(200);
    expect((await viewer.api.post('/courier-note', { data: { title: 'Sem direito', company } })).status).toBe(403);
  });

  it("gets the console's screens: list, new, importer, edit and view, each behind its permission", async () => {
    const { buildEntityRoutes } = (await import(WEB_ENTITY_ROUTES)) as WebEntityRoutes;
    const routes = buildEntityRoutes({}, async () => () => null).filter((route) => route.handle?.entity === 'courierNote');
    expect(routes.map((route) => [route.path, route.handle?.permission])).toEqual([
      ['/courier-note', 'courierNoteRead'],
      ['/courier-note/new', 'courierNoteCreate'],
      ['/courier-note/importer', 'courierNoteImport'],
      ['/courier-note/:id/edit', 'courierNoteEdit'],
      ['/courier-note/:id', 'courierNoteRead'],
    ]);
  });
});
