import type { Permission } from '@ebox/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, orderDataFor } from './support/answers';
import { eventually } from './support/eventually';
import { openLiveStream } from './support/live-stream';
import { startTestApp, type TestApp, type TestUser } from './support/test-app';

/**
 * A `distributionLogistic` company operates the orders it carries (issue 30, item 6;
 * docs/decisions.md "Operated orders"): its users see them, follow them live, take them in at
 * their warehouse and move them through the lifecycle, while editing, cancelling and new access
 * codes stay with the order's own company. A carrier without the flag sees only its own orders,
 * and nobody sees through it an order it does not carry.
 */

let t: TestApp;
let owner: TestUser;
/** The distribution company, a plain carrier and the shipper whose orders they carry. */
let distributor: string;
let plainCarrier: string;
let shipper: string;
let distributorUser: TestUser;
let plainCarrierUser: TestUser;
let warehouse: string;

const CARRIER_PERMISSIONS: Permission[] = [
  'orderRead',
  'orderEdit',
  'orderDestroy',
  'orderUpdateStatus',
  'orderUpdateOverdue',
  'orderAutocomplete',
  'inboundCreate',
  'inboundRead',
  'warehouseRead',
  'companyRead',
];

type Order = { id: string; trackingCode: string };

async function createOrder(company: string, carrier?: string): Promise<Order> {
  return ok(await owner.api.post('/order', { data: orderDataFor(company, carrier ? { carrier } : {}, 'OP') }));
}

async function trackingCodesSeenBy(user: TestUser, orders: Order[]): Promise<string[]> {
  const listed = ok(await user.api.get('/order', { filter: { trackingCode: 'OP' }, limit: 100 }));
  const ours = new Set(orders.map((o) => o.trackingCode));
  return listed.rows
    .map((row: { trackingCode: string }) => row.trackingCode)
    .filter((code: string) => ours.has(code))
    .sort();
}

beforeAll(async () => {
  t = await startTestApp();
  owner = await t.createUser({ roles: ['owner'] });
  distributor = ok(
    await owner.api.post('/company', { data: { name: 'Distribuidora Rota Sul', type: 'carrier', distributionLogistic: true } }),
  ).id;
  plainCarrier = ok(await owner.api.post('/company', { data: { name: 'Transportes Serra', type: 'carrier' } })).id;
  shipper = ok(await owner.api.post('/company', { data: { name: 'Loja Horizonte', type: 'shipper' } })).id;
  warehouse = ok(await owner.api.post('/warehouse', { data: { name: 'CD Rota Sul', company: distributor } })).id;
  distributorUser = await t.createUser({ permissions: CARRIER_PERMISSIONS, allowedCompanies: [distributor] });
  plainCarrierUser = await t.createUser({ permissions: CARRIER_PERMISSIONS, allowedCompanies: [plainCarrier] });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('what a distribution company sees', () => {
  it('lists, finds and searches the orders it carries and its own, and nothing else', async () => {
    const carried = await createOrder(shipper, distributor);
    const carriedByOther = await createOrder(shipper, plainCarrier);
    const notCarried = await createOrder(shipper);
    const own = await createOrder(distributor);
    const all = [carried, carriedByOther, notCarried, own];

    expect(await trackingCodesSeenBy(distributorUser, all)).toEqual([carried.trackingCode, own.trackingCode].sort());
    ok(await distributorUser.api.get(`/order/${carried.id}`));
    expect((await distributorUser.api.get(`/order/${notCarried.id}`)).status).toBe(404);
    expect((await distributorUser.api.get(`/order/${carriedByOther.id}`)).status).toBe(404);

    // A carrier without the flag operates only its own company's orders, not those it carries.
    expect(await trackingCodesSeenBy(plainCarrierUser, all)).toEqual([]);
    expect((await plainCarrierUser.api.get(`/order/${carriedByOther.id}`)).status).toBe(404);

    // The count beside the list agrees with its rows (the kept per-company totals do not apply).
    const byStatus = ok(await distributorUser.api.get('/order', { filter: { status: ['CREATED'] }, limit: 1 }));
    const rows = ok(await distributorUser.api.get('/order', { filter: { status: ['CREATED'] }, limit: 1000 }));
    expect(byStatus.count).toBe(rows.rows.length);

    const found = ok(
      await distributorUser.api.post('/inbound/search', { data: { trackingCodes: [carried.trackingCode, notCarried.trackingCode] } }),
    );
    expect(JSON.stringify(found)).toContain(carried.id);
    expect(JSON.stringify(found)).not.toContain(notCarried.id);
  });

  it('stops seeing them when the company no longer operates others', async () => {
    const company = ok(
      await owner.api.post('/company', { data: { name: 'Distribuidora Efêmera', type: 'carrier', distributionLogistic: true } }),
    ).id;
    const user = await t.createUser({ permissions: CARRIER_PERMISSIONS, allowedCompanies: [company] });
    const carried = await createOrder(shipper, company);
    ok(await user.api.get(`/order/${carried.id}`));
    ok(await owner.api.put(`/company/${company}`, { data: { distributionLogistic: false } }));
    // A signed-in session is kept at most a second (platform/auth/session-cache.ts).
    const answer = await eventually(
      () => user.api.get(`/order/${carried.id}`),
      (response) => response.status !== 200,
    );
    expect(answer.status).toBe(404);
  });
});

describe('what a distribution company does with them', () => {
  it('takes them in at its warehouse and moves them, and its users hear of it live', async () => {
    const carried = await createOrder(shipper, distributor);
    const notCarried = await createOrder(shipper);
    const stream = await openLiveStream(t, distributorUser.token);
    try {
      await eventually(async () => stream.received.some((r) => r.event === 'ready'), Boolean);
      // The shipper's own move first: it must not reach the distributor, and arrives before the next.
      ok(await owner.api.post('/order/update-status', { data: { id: notCarried.id, status: 'INBOUND', reason: 'Recebido pela loja' } }));
      ok(await distributorUser.api.post('/inbound', { data: { company: distributor, warehouse, orders: [carried.id] } }));
      expect(ok(await owner.api.get(`/order/${carried.id}`)).status).toBe('INBOUND');
      const heard = await eventually(
        async () => stream.received.filter((r) => r.event === 'order.statusChanged'),
        (events) => events.length > 0,
      );
      expect(heard.map((r) => [r.data.orderId, r.data.carrierId, r.data.to])).toEqual([[carried.id, distributor, 'INBOUND']]);
    } finally {
      stream.close();
    }

    // An order it does not carry is refused by the inbound as one the caller cannot see.
    const refused = await distributorUser.api.post('/inbound', { data: { company: distributor, warehouse, orders: [notCarried.id] } });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
  });

  it("moves a carried order's status but leaves editing, cancelling and its dates to the order's company", async () => {
    const carried = await createOrder(shipper, distributor);
    ok(await distributorUser.api.post('/order/update-status', { data: { id: carried.id, status: 'INBOUND', reason: 'Chegou ao CD' } }));

    const edit = await distributorUser.api.put(`/order/${carried.id}`, { data: { customerName: 'Outro Nome' } });
    expect(edit.status, JSON.stringify(edit.body)).toBe(403);
    const takeOver = await distributorUser.api.put(`/order/${carried.id}`, { data: { company: distributor } });
    expect(takeOver.status, JSON.stringify(takeOver.body)).toBe(403);
    const cancel = await distributorUser.api.delete('/order', { ids: [carried.id] });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(403);
    const newCode = await distributorUser.api.post(`/order/${carried.id}/newAccessCode`, { data: {} });
    expect(newCode.status, JSON.stringify(newCode.body)).toBe(403);
    const overdue = await distributorUser.api.post('/order/update-overdue', {
      data: { ids: [carried.id], overdueDate: new Date(Date.now() + 86_400_000).toISOString() },
    });
    expect(overdue.status).toBe(404);

    const after = ok(await owner.api.get(`/order/${carried.id}`));
    expect(after).toMatchObject({ status: 'INBOUND', customerName: 'Mariana Souza' });
    expect(after.company.id ?? after.company).toBe(shipper);
    // The owner's company still does all of it.
    ok(await owner.api.put(`/order/${carried.id}`, { data: { customerName: 'Mariana S. Souza' } }));
  });
});
