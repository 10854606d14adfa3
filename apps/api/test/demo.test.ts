import {
  ENTITIES,
  findOrderTransition,
  ORDER_STATUSES,
  ORDER_TYPES,
  type OrderStatus,
  type OrderTriggerName,
  type OrderType,
  permissionOf,
  SYSTEM_ACTOR_RIGHTS,
  statusesOf,
} from '@ebox/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoBots } from '../src/modules/demo/demo-bots';
import { DEMO_LOCKER_CODES } from '../src/modules/demo/demo-data';
import { seedDemoData } from '../src/modules/demo/seed-demo';
import { entityTable } from '../src/platform/db/entity-tables';
import { startTestApp, type TestApp, type TestUser } from './support/test-app';

const DAY = 24 * 60 * 60 * 1000;

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
    // The demo bots `npm start` adds on the sandbox's numbers: one per cluster, once.
    const numberOf = (i: number) => ({
      phoneNumberId: `1090000000000${i}`,
      accessToken: `EAAGdemo${i}`,
      displayPhoneNumber: `552130000000${i}`,
    });
    const numbers = { hourlyFree: numberOf(1), hourlyPaid: numberOf(2), support: numberOf(3) };
    expect(await seedDemoBots(t.app.deps, numbers, owner.email)).toBe(3);
    expect(await seedDemoBots(t.app.deps, numbers, owner.email)).toBe(0);
    const bots = await owner.api.get('/bot', { orderBy: 'name_ASC', limit: 10 });
    expect(bots.body.rows.map((bot: { name: string; isPaid: boolean | null }) => [bot.name, Boolean(bot.isPaid)])).toEqual([
      ['Atendimento Zona Sul', false],
      ['Guarda-volumes Acácias (Pix)', true],
      ['Guarda-volumes Flamengo', false],
    ]);

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
      // Numbered from 1 without gaps, each wired to a board channel of its own (which are taken: the next test).
      expect(own.body.rows.map((c: { number: number }) => c.number)).toEqual(Array.from({ length: own.body.count }, (_, i) => i + 1));
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

    // Clusters of those lockers, so a new user sees a cluster's status counted by size.
    const clusters = await owner.api.get('/cluster', { orderBy: 'name_ASC' });
    expect(clusters.body.rows.map((c: { name: string; operationType: string }) => [c.name, c.operationType])).toEqual([
      ['Condomínio Jardim das Acácias', 'HOUR'],
      ['Metrô Flamengo', 'RANGE'],
      ['Zona Sul - Rua', 'RANGE'],
    ]);
    const zonaSul = clusters.body.rows[2];
    const links = await owner.api.get('/clusterEbox', { filter: { cluster: zonaSul.id } });
    expect(links.body.rows.map((l: { eboxCode: string }) => l.eboxCode)).toEqual(['RJ-RIOSUL-01', 'RJ-COPA-01']);
    const status = await owner.api.get(`/cluster/${zonaSul.id}/status`);
    expect(status.status).toBe(200);
    const totals = Object.values(status.body as Record<string, { total_compartiments: number }>).reduce(
      (sum, size) => sum + size.total_compartiments,
      0,
    );
    expect(totals).toBe(counts['RJ-RIOSUL-01'] + counts['RJ-COPA-01']);

    for (const path of ['warehouse', 'ccm', 'qrcodeTemplate', 'webhook', 'group', 'compartimentLayout', 'building-level2']) {
      const list = await owner.api.get(`/${path}`);
      expect(list.status, path).toBe(200);
      expect(list.body.count, path).toBeGreaterThan(0);
    }

    // The warehouse chain: the distribution company's route in driving order and a packing of every
    // parcel waiting for a run, whose lockers hold its courier's code.
    const route = (await owner.api.get('/route')).body.rows[0];
    expect(route).toMatchObject({ name: 'Zona Sul e Centro', company: expect.objectContaining({ label: 'Rápido Carioca Transportes' }) });
    expect(route.ebox).toHaveLength(Object.keys(counts).length);
    const packing = (await owner.api.get('/packing')).body.rows[0];
    expect(packing).toMatchObject({ name: 'Romaneio da manhã', picking: 'collectDelivery' });
    const rows = (await owner.api.get(`/packing/${packing.id}/orders`)).body.rows as { step: string }[];
    expect(new Set(rows.map((row) => row.step))).toEqual(new Set(['reverseCollection', 'expiredCollection', 'delivery']));
    expect(packing.totalOrders).toBe(rows.length);
  });

  it('has orders of every type in every status the lifecycle reaches on the demo lockers, moved with their history', async () => {
    // One clock reading: two would make the window a millisecond longer than 31 days now and then.
    const now = Date.now();
    const window = [new Date(now - 31 * DAY).toISOString(), new Date(now).toISOString()];
    const list = await owner.api.get('/order', { filter: { createdAt: window }, orderBy: 'createdAt_DESC', limit: 100 });
    expect(list.status).toBe(200);
    type Order = {
      id: string;
      type: OrderType;
      status: OrderStatus;
      ebox: { id: string };
      compartiment: { id: string } | null;
      trackingCode: string;
      createdAt: string;
      invoice: { id: string } | null;
    };
    const orders = list.body.rows as Order[];
    // All of them in the list's default 31-day window, spread over the last three weeks; a few hundred at most.
    const [total] = (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(entityTable('order'))) as { n: number }[];
    expect(orders.length).toBe(total?.n);
    expect(orders.length).toBeLessThan(300);
    const ages = orders.map((o) => (Date.now() - new Date(o.createdAt).getTime()) / DAY);
    expect(Math.max(...ages)).toBeGreaterThan(14);
    expect(Math.max(...ages)).toBeLessThan(31);

    const lockers = (await owner.api.get('/ebox', { limit: 50 })).body.rows as { id: string; code: string }[];
    const demoIds = new Set(lockers.filter((l) => DEMO_LOCKER_CODES.includes(l.code)).map((l) => l.id));
    expect(orders.every((o) => demoIds.has(o.ebox.id))).toBe(true);
    const seen = new Set(orders.map((o) => `${o.type} ${o.status}`));
    const expected = ORDER_TYPES.flatMap((type) => statusesOf(type).map((status) => `${type} ${status}`));
    expect([...seen].sort()).toEqual(expected.sort());
    expect(new Set(orders.map((o) => o.status))).toEqual(new Set(ORDER_STATUSES));
    expect(orders.some((o) => o.invoice)).toBe(true);

    // Each order's timeline is its way through the machine from CREATED, ending at its status; what
    // those moves did to the compartment says whether the order still holds it.
    const holders = new Map<string, Order>();
    for (const order of orders) {
      const history = await owner.api.get(`/order/${order.id}/history`);
      expect(history.status).toBe(200);
      const [created, ...entries] = history.body as { from: OrderStatus; to: OrderStatus | null; trigger: OrderTriggerName; at: string }[];
      // Every timeline starts with the order's creation, at the time the order says it was created.
      expect(created, order.trackingCode).toMatchObject({ from: null, to: 'CREATED', trigger: 'create', at: order.createdAt });
      if (order.status === 'CREATED') expect(entries).toEqual([]);
      else {
        expect(entries[0]?.from, order.trackingCode).toBe('CREATED');
        expect(entries.at(-1)?.to, order.trackingCode).toBe(order.status);
        for (const [i, entry] of entries.entries()) if (i > 0) expect(entry.from).toBe(entries[i - 1]?.to);
        expect(new Date(entries.at(-1)?.at ?? 0).getTime()).toBeLessThan(Date.now());
      }
      const held = entries.reduce<string>(
        (status, entry) => findOrderTransition(order.type, entry.from, entry.trigger)?.compartiment ?? status,
        'BOOKED',
      );
      if (held !== 'AVAILABLE' && order.compartiment) {
        expect(holders.has(order.compartiment.id), order.trackingCode).toBe(false);
        holders.set(order.compartiment.id, order);
      }
    }

    const waitingForDeposit = orders.filter((o) => o.status === 'CREATED' || o.status === 'IN_TRANSIT_TO_STORE').length;
    const waitingForPickup = orders.filter((o) => ['STORED', 'COURIER_STORED', 'CUSTOMER_STORED'].includes(o.status)).length;
    expect(waitingForDeposit).toBeGreaterThanOrEqual(DEMO_LOCKER_CODES.length);
    expect(waitingForPickup).toBeGreaterThanOrEqual(DEMO_LOCKER_CODES.length);
    for (const locker of lockers) {
      const own = await owner.api.get('/compartiment', { filter: { ebox: locker.id }, limit: 100 });
      const compartments = own.body.rows as { id: string; status: string }[];
      for (const compartment of compartments) {
        const holder = holders.get(compartment.id);
        const expectedStatus = holder
          ? ['CREATED', 'INBOUND', 'IN_TRANSIT_TO_STORE'].includes(holder.status)
            ? 'BOOKED'
            : 'OCCUPIED'
          : 'AVAILABLE';
        expect(compartment.status, `${locker.code} ${compartment.id}`).toBe(expectedStatus);
      }
      // Room for the simulated lockers' new parcels: at least a third of every locker is free.
      expect(compartments.filter((c) => c.status === 'AVAILABLE').length).toBeGreaterThanOrEqual(compartments.length / 3);
    }
  });

  it('writes through the services as system:demoSeed, using every right it declares and no other', async () => {
    const { rows } = await t.database.pool.query<{
      entity_name: string;
      action: string;
      actor_label: string;
      created_by_email: string | null;
      // The demo orders' messages are the messenger's job, not the seed's (order-messages.test.ts), and
      // the alerts its lockers raise the dashboard's (dashboard-alerts.test.ts).
    }>(
      "SELECT DISTINCT entity_name, action, actor_label, created_by_email FROM audit_log WHERE entity_name <> 'orderMessage' AND action NOT LIKE 'alert%'",
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((row) => row.actor_label))).toEqual(new Set(['system:demoSeed']));
    expect(rows.every((row) => row.created_by_email === null)).toBe(true);
    const used = new Set(
      rows.map((row) => {
        // The demo's compartments are made by generateCompartiments, which is editing the locker
        // (bookings and moves of the orders change them too, as the order's writes).
        if (row.entity_name === 'compartiment') return 'eboxEdit';
        // An order's move is audited under its trigger's action and needs the right that trigger
        // needs (permissionToMoveOrder): a cancel DELETE /order's, any other orderUpdateStatus.
        if (row.entity_name === 'order' && !['create', 'update'].includes(row.action)) {
          return ({ cancel: 'orderDestroy' } as Record<string, string>)[row.action] ?? 'orderUpdateStatus';
        }
        return permissionOf(
          ENTITIES[row.entity_name] as NonNullable<(typeof ENTITIES)[string]>,
          row.action === 'create' ? 'Create' : 'Edit',
        );
      }),
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
