import { ENTITIES, permissionOf, SYSTEM_ACTOR_RIGHTS } from '@ebox/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../src/modules/demo/seed-demo';
import { entityTable } from '../src/platform/db/entity-tables';
import { startTestApp, type TestApp, type TestUser } from './support/test-app';

let t: TestApp;
let owner: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  owner = await t.createUser({ roles: ['owner'] });
});
afterAll(() => t.close());

async function countRows(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const name of Object.keys(ENTITIES)) {
    const table = entityTable(name);
    const [row] = (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(table)) as { n: number }[];
    counts[name] = row?.n ?? 0;
  }
  return counts;
}

describe('demo data', () => {
  it('fills a fresh database with a working Brazilian data set that the console lists', async () => {
    expect(await seedDemoData(t.app.deps)).toBe(true);

    const companies = await owner.api.get('/company', { orderBy: 'name_ASC', limit: 50 });
    expect(companies.status).toBe(200);
    expect(new Set(companies.body.rows.map((c: { type: string }) => c.type))).toEqual(new Set(['shipper', 'carrier', 'building']));

    const customers = await owner.api.get('/customer', { filter: { name: 'souza' } });
    expect(customers.body.rows).toEqual([
      expect.objectContaining({
        name: 'Ana Beatriz Souza',
        cellphone: '5521987651234',
        email: 'ana.souza@exemplo.com.br',
        documentNumber: '123.456.789-09',
      }),
    ]);
    const ana = await owner.api.get(`/customer/${customers.body.rows[0].id}`);
    expect(ana.body.company).toMatchObject({ label: 'Administradora Jardim das Acácias' });
    // A unit reads with its way up, as the customer form's unit picker lists it.
    expect(ana.body.buildingLevel2).toMatchObject({ label: 'Residencial Jardim das Acácias · Torre A · Torre A - Apartamento 101' });

    const buildings = await owner.api.get('/building', { orderBy: 'name_ASC' });
    expect(buildings.body.rows.map((b: { name: string }) => b.name)).toEqual(['Edifício Solar da Lagoa', 'Residencial Jardim das Acácias']);
    const acacias = buildings.body.rows[1];
    const towers = await owner.api.get('/building-level1', { filter: { building: acacias.id }, orderBy: 'name_ASC' });
    expect(towers.body.rows.map((l: { name: string }) => l.name)).toEqual(['Torre A', 'Torre B']);
    const towerA = await owner.api.get(`/building-level1/${towers.body.rows[0].id}`);
    expect(towerA.body.level2.map((l: { label: string }) => l.label)).toEqual([
      'Torre A - Apartamento 101',
      'Torre A - Apartamento 102',
      'Torre A - Apartamento 201',
      'Torre A - Apartamento 202',
    ]);

    const products = await owner.api.get('/product', { filter: { name: 'cafeteira' } });
    expect(products.body.rows[0]).toMatchObject({ name: 'Cafeteira elétrica 220V', unitPrice: 289 });

    const modules = await owner.api.get('/eboxModule', { orderBy: 'name_ASC' });
    const eightDoors = modules.body.rows.find((m: { code: string }) => m.code === 'MOD-8P');
    const compartiments = await owner.api.get('/eboxModuleCompartiment', {
      filter: { eboxModule: eightDoors.id },
      orderBy: 'staticNumber_ASC',
    });
    expect(compartiments.body.count).toBe(8);
    expect(compartiments.body.rows.map((c: { compartimentLayout: { label: string } }) => c.compartimentLayout.label)).toEqual([
      'Pequeno',
      'Pequeno',
      'Pequeno',
      'Médio',
      'Médio',
      'Médio',
      'Grande',
      'Grande',
    ]);

    // The demo network: four lockers with compartments generated from their modules, three in the group.
    const lockers = await owner.api.get('/ebox', { orderBy: 'code_ASC', limit: 50 });
    expect(lockers.status).toBe(200);
    expect(
      lockers.body.rows.map((l: { code: string; company: { label: string }; shared: boolean }) => [l.code, l.company.label, l.shared]),
    ).toEqual([
      ['RJ-ACACIAS-01', 'Administradora Jardim das Acácias', false],
      ['RJ-COPA-01', 'Rápido Carioca Transportes', true],
      ['RJ-LGMACHADO-01', 'TransMantiqueira Logística', false],
      ['RJ-RIOSUL-01', 'Rápido Carioca Transportes', false],
    ]);
    const counts: Record<string, number> = {};
    for (const locker of lockers.body.rows as { id: string; code: string }[]) {
      const own = await owner.api.get('/compartiment', { filter: { ebox: locker.id }, orderBy: 'number_ASC', limit: 100 });
      expect(own.status).toBe(200);
      counts[locker.code] = own.body.count;
      // Numbered from 1 without gaps, every one free, each wired to a board channel of its own.
      expect(own.body.rows.map((c: { number: number }) => c.number)).toEqual(Array.from({ length: own.body.count }, (_, i) => i + 1));
      expect(new Set(own.body.rows.map((c: { status: string }) => c.status))).toEqual(new Set(['AVAILABLE']));
      const wiring = own.body.rows.map((c: { boardNumber: number; comNumber: number }) => `${c.boardNumber}:${c.comNumber}`);
      expect(new Set(wiring).size).toBe(wiring.length);
    }
    expect(counts).toEqual({ 'RJ-ACACIAS-01': 12, 'RJ-COPA-01': 16, 'RJ-LGMACHADO-01': 16, 'RJ-RIOSUL-01': 20 });
    const acaciasLocker = await owner.api.get(`/ebox/${lockers.body.rows[0].id}`);
    expect(acaciasLocker.body.building).toMatchObject({ label: 'Residencial Jardim das Acácias' });
    expect(acaciasLocker.body.eboxModule.map((m: { label: string }) => m.label)).toEqual(['Coluna 8 portas', 'Coluna 4 portas grandes']);
    const groups = await owner.api.get('/group');
    expect(groups.body.rows[0].ebox.map((l: { label: string }) => l.label).sort()).toEqual([
      'Armário Compartilhado Copacabana',
      'Armário Estação Largo do Machado',
      'Armário Shopping Rio Sul',
    ]);

    for (const path of ['warehouse', 'ccm', 'qrcodeTemplate', 'webhook', 'group', 'compartimentLayout', 'building-level2']) {
      const list = await owner.api.get(`/${path}`);
      expect(list.status, path).toBe(200);
      expect(list.body.count, path).toBeGreaterThan(0);
    }
  });

  it('writes through the services as system:demoSeed, using every right it declares and no other', async () => {
    const { rows } = await t.database.pool.query<{
      entity_name: string;
      action: string;
      actor_label: string;
      created_by_email: string | null;
    }>('SELECT DISTINCT entity_name, action, actor_label, created_by_email FROM audit_log');
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((row) => row.actor_label))).toEqual(new Set(['system:demoSeed']));
    expect(rows.every((row) => row.created_by_email === null)).toBe(true);
    const used = new Set(
      rows.map((row) =>
        // The demo's compartments are made by generateCompartiments, which is editing the locker.
        row.entity_name === 'compartiment'
          ? 'eboxEdit'
          : permissionOf(ENTITIES[row.entity_name] as NonNullable<(typeof ENTITIES)[string]>, row.action === 'create' ? 'Create' : 'Edit'),
      ),
    );
    expect(used).toEqual(new Set(SYSTEM_ACTOR_RIGHTS.demoSeed));

    // The owner reading the log sees who wrote these entries, though no person did.
    const log = await owner.api.get('/auditLog', { filter: { actorLabel: 'system:demoSeed' }, limit: 5 });
    expect(log.status).toBe(200);
    expect(log.body.count).toBeGreaterThan(0);
    expect(log.body.rows[0]).toMatchObject({ actorLabel: 'system:demoSeed', createdByEmail: null });
  });

  it('adds nothing when it runs again', async () => {
    const before = await countRows();
    expect(await seedDemoData(t.app.deps)).toBe(false);
    expect(await countRows()).toEqual(before);
  });
});
