import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, orderDataFor } from './support/answers';
import { startTestApp, type TestApp, type TestUser } from './support/test-app';

/**
 * Spec 5.3 "toCustomer levels 1 and 2 required" (packages/domain/src/orders/resident-unit.ts): a
 * building company's delivery or smart drop goes to a resident, whose unit (level 2 inside a level 1)
 * must be known; the order is refused on `toCustomer` otherwise, on create, import and edit. A
 * shipper's orders, and a building's storage, need no unit.
 */

let t: TestApp;
let owner: TestUser;
let building: string;
let shipper: string;
let resident: string;
let homeless: string;
let orphanUnit: string;

const en = () => t.client(owner.token, 'en');

beforeAll(async () => {
  t = await startTestApp();
  owner = await t.createUser({ roles: ['owner'] });
  building = ok(await owner.api.post('/company', { data: { name: 'Condomínio Jardim', type: 'building' } })).id;
  shipper = ok(await owner.api.post('/company', { data: { name: 'Loja Central', type: 'shipper' } })).id;
  const apartment = ok(await owner.api.post('/building-level2', { data: { name: 'Apto 101' } })).id;
  ok(await owner.api.post('/building-level1', { data: { name: 'Torre A', level2: [apartment], company: building } }));
  const loose = ok(await owner.api.post('/building-level2', { data: { name: 'Apto sem torre' } })).id;
  resident = ok(await owner.api.post('/customer', { data: { name: 'Rita Moradora', company: building, buildingLevel2: apartment } })).id;
  homeless = ok(await owner.api.post('/customer', { data: { name: 'Caio Visitante', company: building } })).id;
  orphanUnit = ok(await owner.api.post('/customer', { data: { name: 'Lia Sem Torre', company: building, buildingLevel2: loose } })).id;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('a building resident delivery needs the customer unit, levels 1 and 2', () => {
  it('refuses a delivery without a resident, or to a customer without a unit, on toCustomer, in both languages', async () => {
    const none = await en().post('/order', { data: orderDataFor(building, {}, 'RU') });
    expect(none.status, JSON.stringify(none.body)).toBe(400);
    expect(none.body.error.fields).toEqual([
      { path: 'toCustomer', message: "This building's delivery goes to a resident: choose the customer it is for" },
    ]);
    const noUnit = await owner.api.post('/order', { data: orderDataFor(building, { toCustomer: homeless }, 'RU') });
    expect(noUnit.status).toBe(400);
    expect(noUnit.body.error.fields).toEqual([
      { path: 'toCustomer', message: 'O cliente não tem unidade (nível 2) no condomínio: preencha no cliente' },
    ]);
    const noLevel1 = await en().post('/order', { data: orderDataFor(building, { type: 'SMARTDROP', toCustomer: orphanUnit }, 'RU') });
    expect(noLevel1.status).toBe(400);
    expect(noLevel1.body.error.fields?.[0]).toMatchObject({ path: 'toCustomer', message: expect.stringContaining('level 1') });
  });

  it('accepts a delivery to a resident with a unit, and orders that do not go to a resident', async () => {
    const delivered = ok(await owner.api.post('/order', { data: orderDataFor(building, { toCustomer: resident }, 'RU') }));
    expect(delivered.toCustomer).toMatchObject({ id: resident });
    ok(await owner.api.post('/order', { data: orderDataFor(building, { type: 'STORAGE' }, 'RU') }));
    ok(await owner.api.post('/order', { data: orderDataFor(shipper, {}, 'RU') }));
  });

  it('refuses an import row and an edit that would leave a resident delivery without a unit; the order stays as it was', async () => {
    const imported = await en().post('/order/import', {
      data: {
        type: 'DELIVERY',
        trackingCode: 'RUIMPORT0001',
        customerName: 'Joana Importada',
        shipper: 'Condomínio Jardim',
        company: 'Condomínio Jardim',
      },
      importHash: 'resident-import-1',
    });
    expect(imported.status).toBe(400);
    expect(imported.body.error.fields?.[0]?.path).toBe('toCustomer');

    const order = ok(await owner.api.post('/order', { data: orderDataFor(building, { toCustomer: resident }, 'RU') }));
    const readdressed = await en().put(`/order/${order.id}`, { id: order.id, data: { toCustomer: homeless } });
    expect(readdressed.status).toBe(400);
    expect(readdressed.body.error.fields?.[0]?.path).toBe('toCustomer');
    const cleared = await en().put(`/order/${order.id}`, { id: order.id, data: { toCustomer: null } });
    expect(cleared.status).toBe(400);
    expect(ok(await owner.api.get(`/order/${order.id}`)).toCustomer).toMatchObject({ id: resident });
    // Another edit is no new address: it goes through.
    ok(await owner.api.put(`/order/${order.id}`, { id: order.id, data: { notes: 'Portaria 24h' } }));

    const stored = ok(await owner.api.post('/order', { data: orderDataFor(building, { type: 'STORAGE' }, 'RU') }));
    const retyped = await en().put(`/order/${stored.id}`, { id: stored.id, data: { type: 'DELIVERY' } });
    expect(retyped.status).toBe(400);
    expect(retyped.body.error.fields?.[0]?.path).toBe('toCustomer');
  });
});
