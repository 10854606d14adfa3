import { DECLARED_ENTITIES } from '@ebox/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findRowsInScope, resourceOf } from '../src/kit/repository';
import { moveOrder } from '../src/modules/order/lifecycle-service';
import { contextOf, inTransaction } from '../src/platform/context';
import { ok, orderDataFor } from './support/answers';
import { startWithTwoCompanies, type TestApp, type TestUser } from './support/test-app';

/**
 * Issue 15's rules around a company and its lockers (docs/orders.md): a company's enabled operations
 * (spec 3 companySettings.orderTypes) limit the types of its orders; the order list's filters by
 * locker, cluster, type and reference number need spec 6's filter permissions; and a locker whose
 * compartments served finished orders generates them again, those orders keeping their door's number.
 */

let t: TestApp;
let owner: TestUser;
let companyA: string;
let companyB: string;
let module: string;

const orderData = (extra: Record<string, unknown> = {}) => orderDataFor(companyA, extra, 'CR');

const en = () => t.client(owner.token, 'en');

async function enableTypes(company: string, orderTypes: string[]) {
  ok(await owner.api.put(`/company/${company}`, { id: company, data: { companySettings: { orderTypes } } }));
}

beforeAll(async () => {
  ({ t, owner, companyA, companyB } = await startWithTwoCompanies(
    { name: 'Loja Regras', type: 'shipper' },
    { name: 'Loja Livre', type: 'shipper' },
  ));
  const layout = ok(
    await owner.api.post('/compartimentLayout', { data: { code: 'P', name: 'Pequeno', width: 40, height: 10, depth: 50 } }),
  );
  module = ok(await owner.api.post('/eboxModule', { data: { name: 'Coluna de três', code: 'C3' } })).id;
  for (const staticNumber of [1, 2, 3]) {
    ok(await owner.api.post('/eboxModuleCompartiment', { data: { eboxModule: module, staticNumber, compartimentLayout: layout.id } }));
  }
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe("a company's enabled operations (spec 3 companySettings.orderTypes)", () => {
  it('refuses to create an order of a type the company has not enabled, on the type field, in both languages', async () => {
    await enableTypes(companyA, ['DELIVERY', 'RETURN']);
    ok(await owner.api.post('/order', { data: orderData({ type: 'RETURN' }) }));
    const english = await en().post('/order', { data: orderData({ type: 'STORAGE' }) });
    expect(english.status, JSON.stringify(english.body)).toBe(400);
    expect(english.body.error.message).toBe(
      'Company Loja Regras does not operate Storage orders (its enabled operations: Delivery, Return)',
    );
    expect(english.body.error.fields?.[0]?.path).toBe('type');
    const portuguese = await owner.api.post('/order', { data: orderData({ type: 'SMARTDROP' }) });
    expect(portuguese.status).toBe(400);
    expect(portuguese.body.error.message).toBe(
      'A empresa Loja Regras não opera pedidos do tipo Smart drop (operações habilitadas: Entrega, Devolução)',
    );
  });

  it('refuses such a row of an import and turning an order into such a type; the order stays as it was', async () => {
    await enableTypes(companyA, ['DELIVERY']);
    const row = {
      type: 'Devolução',
      trackingCode: 'CRIMPORT0001',
      customerName: 'Joana Importada',
      customerPhone: '21 98765-4321',
      shipper: 'Loja Regras',
      company: 'Loja Regras',
    };
    const imported = await en().post('/order/import', { data: row, importHash: 'rules-import-1' });
    expect(imported.status).toBe(400);
    expect(imported.body.error.message).toContain('does not operate Return orders');
    expect(ok(await owner.api.get('/order', { filter: { trackingCode: 'CRIMPORT0001' } })).count).toBe(0);

    const order = ok(await owner.api.post('/order', { data: orderData() }));
    const retyped = await en().put(`/order/${order.id}`, { id: order.id, data: { type: 'SEND' } });
    expect(retyped.status).toBe(400);
    expect(retyped.body.error.message).toContain('does not operate Send orders');
    expect(ok(await owner.api.get(`/order/${order.id}`)).type).toBe('DELIVERY');
    // Another edit of an order is not a new operation: it goes through, even for an order of a type
    // the company no longer operates, sent back whole as a form does.
    ok(await owner.api.put(`/order/${order.id}`, { id: order.id, data: { notes: 'Portaria fecha às 22h' } }));
    await enableTypes(companyA, ['RETURN']);
    const edited = ok(
      await owner.api.put(`/order/${order.id}`, { id: order.id, data: { type: 'DELIVERY', company: companyA, notes: 'Bloco B' } }),
    );
    expect(edited.notes).toBe('Bloco B');
    const moved = await en().put(`/order/${order.id}`, { id: order.id, data: { company: companyB, shipper: companyB } });
    expect(moved.status).toBe(200);
    await enableTypes(companyA, []);
  });

  it('lets a company with no operation chosen create orders of every type', async () => {
    await enableTypes(companyB, []);
    for (const type of ['DELIVERY', 'RETURN', 'STORAGE', 'SEND', 'SMARTDROP'])
      ok(await owner.api.post('/order', { data: orderData({ type, company: companyB, shipper: companyB }) }));
  });
});

describe('the order list filters of spec 6 (filterEbox, filterCluster, filterType, filterReferenceNumber)', () => {
  const filters: [string, string, unknown, string][] = [
    ['ebox', 'filterEbox', '00000000-0000-4000-8000-000000000000', 'E-box'],
    ['eboxCode', 'filterEbox', 'CTR01', 'E-box code'],
    ['cluster', 'filterCluster', '00000000-0000-4000-8000-000000000000', 'Cluster'],
    ['type', 'filterType', ['DELIVERY'], 'Type'],
    ['referenceNumber', 'filterReferenceNumber', 'PED-0001', 'Reference number'],
  ];

  it.each(filters)('refuses filter[%s] without %s (403, translated), and lists with it', async (field, permission, value, label) => {
    const reader = await t.createUser({ permissions: ['orderRead'] });
    const english = await t.client(reader.token, 'en').get('/order', { filter: { [field]: value } });
    expect(english.status, JSON.stringify(english.body)).toBe(403);
    expect(english.body.error.message).toMatch(new RegExp(`^You may not filter orders by ${label}: it needs the permission "`));
    const portuguese = await reader.api.get('/order', { filter: { [field]: value } });
    expect(portuguese.status).toBe(403);
    expect(portuguese.body.error.message).toMatch(/^Você não pode filtrar pedidos por /);
    // The same list without that filter, or with the permission, answers.
    ok(await reader.api.get('/order', { filter: { status: ['CREATED'] } }));
    const allowed = await t.createUser({ permissions: ['orderRead', permission as never] });
    ok(await allowed.api.get('/order', { filter: { [field]: value } }));
    // The export by mail narrows by the same filters, under the same permissions.
    const period = { createdAt: [new Date(Date.now() - 86_400_000).toISOString(), new Date().toISOString()] };
    const exporter = await t.createUser({ permissions: ['orderRead', 'orderExport'] });
    const refused = await exporter.api.get('/order/export', { filter: { ...period, [field]: value } });
    expect(refused.status, JSON.stringify(refused.body)).toBe(403);
    expect(refused.body.error.message).toMatch(/^Você não pode filtrar pedidos por /);
    const exporting = await t.createUser({ permissions: ['orderRead', 'orderExport', permission as never] });
    ok(await exporting.api.get('/order/export', { filter: { ...period, [field]: value } }));
  });

  it('gives the filters to the viewer, editor and order roles, and does not guard the tracking-code search', async () => {
    for (const role of ['viewer', 'editor', 'orderViewer', 'orderEditor']) {
      const holder = await t.createUser({ roles: [role] });
      ok(await holder.api.get('/order', { filter: { type: ['RETURN'], referenceNumber: 'PED-0001', eboxCode: 'CTR01' } }));
    }
    const reader = await t.createUser({ permissions: ['orderRead'] });
    const order = ok(await owner.api.post('/order', { data: orderData() }));
    const found = ok(await reader.api.get('/order', { filter: { trackingCode: order.trackingCode } }));
    expect(found.rows.map((row: { id: string }) => row.id)).toEqual([order.id]);
  });
});

describe('generating compartments again on a locker with past orders', () => {
  async function compartimentsOf(locker: string) {
    return ok(await owner.api.get('/compartiment', { filter: { ebox: locker }, orderBy: 'number_ASC', limit: 100 })).rows as {
      id: string;
      number: number;
      status: string;
    }[];
  }

  it('regenerates them; the finished order keeps its compartment number; a parcel inside refuses it, translated', async () => {
    await enableTypes(companyA, []);
    const locker = ok(
      await owner.api.post('/ebox', {
        data: { name: 'Armário Regerado', code: 'REG01', company: companyA, enable: true, eboxModule: [module] },
      }),
    ).id;
    ok(await owner.api.post('/ebox/generateCompartiments', { data: { ebox: locker } }));
    const first = await compartimentsOf(locker);
    expect(first.map((row) => row.number)).toEqual([1, 2, 3]);

    // A finished order: booked, then canceled (its compartment is free again, its row still points there).
    const finished = ok(await owner.api.post('/order', { data: orderData({ ebox: locker, compartimentSize: 'P' }) }));
    expect(finished.compartimentNumber).toBe(1);
    ok(await owner.api.delete('/order', { ids: [finished.id] }));

    const again = await owner.api.post('/ebox/generateCompartiments', { data: { ebox: locker } });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const second = await compartimentsOf(locker);
    expect(second.map((row) => row.number)).toEqual([1, 2, 3]);
    expect(second.map((row) => row.id)).not.toContain(finished.compartiment.id);
    const past = ok(await owner.api.get(`/order/${finished.id}`));
    expect(past).toMatchObject({ status: 'CANCELED', compartimentNumber: 1, compartiment: null });

    // A parcel deposited in compartment 1 (a courier's deposit, as the locker reports it).
    const live = ok(await owner.api.post('/order', { data: orderData({ ebox: locker, compartimentSize: 'P' }) }));
    const terminal = contextOf(t.app.deps, { kind: 'terminal', eboxId: locker, terminalId: 'term-reg01', companyId: companyA });
    await inTransaction(terminal, async (tx) => {
      const [row] = await findRowsInScope(tx.tx, resourceOf(DECLARED_ENTITIES.order), [live.id], { companyIds: null }, { lock: true });
      await moveOrder(tx, row as never, { kind: 'terminal', code: 'COURIER' });
    });
    expect(ok(await owner.api.get(`/order/${live.id}`)).status).toBe('STORED');
    const refused = await en().post('/ebox/generateCompartiments', { data: { ebox: locker } });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toContain('occupied or booked');
    expect(refused.body.error.message).toContain(String(live.compartimentNumber));
    const portuguese = await owner.api.post('/ebox/generateCompartiments', { data: { ebox: locker } });
    expect(portuguese.body.error.message).toContain('ocupados ou reservados');
    expect((await compartimentsOf(locker)).map((row) => row.id)).toEqual(second.map((row) => row.id));
    expect(ok(await owner.api.get(`/order/${live.id}`)).compartiment).toMatchObject({ id: live.compartiment.id });
  });
});
