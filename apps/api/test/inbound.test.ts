import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, orderDataFor } from './support/answers';
import { startWithTwoCompanies, type TestApp, type TestUser } from './support/test-app';

/**
 * Inbound by tracking code (issue 30, item 1), over HTTP against a real PostgreSQL: the search's
 * answer for each kind of code, 500 codes at once, the save moving every order to INBOUND with its
 * history and audit rows in one transaction, nothing written when one order cannot move, and the
 * permission and company-scope denials.
 */

let t: TestApp;
let owner: TestUser;
let companyA: string;
let companyB: string;
let warehouseA: string;

type Order = { id: string; trackingCode: string };

async function createOrder(company = companyA, extra: Record<string, unknown> = {}): Promise<Order> {
  return ok(await owner.api.post('/order', { data: orderDataFor(company, extra, 'IB') }));
}

/** `count` new orders of companyA, a few requests at a time (the API's own pace, not one by one). */
async function createOrders(count: number): Promise<Order[]> {
  const orders: Order[] = [];
  for (let start = 0; start < count; start += 25) {
    const batch = Array.from({ length: Math.min(25, count - start) }, () => createOrder());
    orders.push(...(await Promise.all(batch)));
  }
  return orders;
}

const search = (user: TestUser, trackingCodes: string[]) => user.api.post('/inbound/search', { data: { trackingCodes } });
const save = (user: TestUser, orders: string[], extra: Record<string, unknown> = {}) =>
  user.api.post('/inbound', { data: { company: companyA, warehouse: warehouseA, orders, ...extra } });

async function statusOf(id: string): Promise<string> {
  return ok(await owner.api.get(`/order/${id}`)).status;
}

async function inboundCount(): Promise<number> {
  return ok(await owner.api.get('/inbound', { limit: 1 })).count;
}

beforeAll(async () => {
  ({ t, owner, companyA, companyB } = await startWithTwoCompanies(
    { name: 'Transportadora Entrada', type: 'carrier' },
    { name: 'Loja Alheia', type: 'shipper' },
  ));
  warehouseA = ok(await owner.api.post('/warehouse', { data: { name: 'CD Entrada', company: companyA } })).id;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('the search by tracking codes', () => {
  it('answers each code as found, already inbound, not allowed from its status or unknown, each once', async () => {
    const [fresh, received, canceled] = [await createOrder(), await createOrder(), await createOrder()];
    ok(await save(owner, [received.id]));
    ok(await owner.api.delete('/order', { ids: [canceled.id] }));
    const answer = ok(
      await search(owner, [
        fresh.trackingCode,
        received.trackingCode,
        canceled.trackingCode,
        'IBNOSUCHCODE',
        fresh.trackingCode.toLowerCase(),
      ]),
    );
    expect(answer.rows.map((row: { trackingCode: string; result: string }) => [row.trackingCode, row.result])).toEqual([
      [fresh.trackingCode, 'found'],
      [received.trackingCode, 'alreadyInbound'],
      [canceled.trackingCode, 'notAllowed'],
      ['IBNOSUCHCODE', 'unknown'],
    ]);
    expect(answer.count).toBe(1);
    expect(answer.rows[0].order).toMatchObject({ id: fresh.id, type: 'DELIVERY', status: 'CREATED' });
    expect(answer.rows[3].order).toBeNull();
    expect(answer.rows[2].message).toBe('Não permitido no status atual (Cancelado)');
    const en = ok(
      await t.client(owner.token, 'en').post('/inbound/search', { data: { trackingCodes: [canceled.trackingCode, 'IBNOSUCHCODE'] } }),
    );
    expect(en.rows.map((row: { message: string }) => row.message)).toEqual(['Not allowed from its status (Canceled)', 'Unknown']);
  });

  it('resolves 500 codes in one call, and refuses more than a page of 1000', async () => {
    const orders = await createOrders(450);
    const codes = [...orders.map((order) => order.trackingCode), ...Array.from({ length: 50 }, (_, i) => `IBMISSING${i}`)];
    const started = performance.now();
    const answer = ok(await search(owner, codes));
    const took = performance.now() - started;
    expect(answer.rows).toHaveLength(500);
    expect(answer.count).toBe(450);
    expect(answer.rows.filter((row: { result: string }) => row.result === 'unknown')).toHaveLength(50);
    expect(answer.rows[0].order.id).toBe(orders[0]?.id);
    expect(took).toBeLessThan(2000);
    const tooMany = await search(
      owner,
      Array.from({ length: 1001 }, (_, i) => `IBX${i}`),
    );
    expect(tooMany.status).toBe(400);
  }, 120_000);
});

describe('saving an inbound', () => {
  it('records warehouse, window, notes and who, and moves every order to INBOUND with its history and audit', async () => {
    const orders = [await createOrder(), await createOrder()];
    const deliveryWindow = ['2026-12-04T08:00:00.000Z', '2026-12-04T18:00:00.000Z'];
    // A code scanned twice is listed once.
    const saved = ok(
      await save(owner, [orders[0]!.id, orders[1]!.id, orders[0]!.id], { deliveryWindow, notes: 'Caminhão 3', name: 'Lote manhã' }),
    );
    expect(saved).toMatchObject({ name: 'Lote manhã', notes: 'Caminhão 3', totalOrders: 2, createdBy: owner.email });
    expect(saved.deliveryWindow).toEqual(deliveryWindow);
    expect(saved.warehouse.id).toBe(warehouseA);
    expect([...saved.trackingCode].sort()).toEqual(orders.map((order) => order.trackingCode).sort());
    expect(saved.inboundAt).toBeTruthy();
    for (const order of orders) {
      const after = ok(await owner.api.get(`/order/${order.id}`));
      expect(after.status).toBe('INBOUND');
      expect(after.inboundBy).toBe(owner.email);
      const history = ok(await owner.api.get(`/order/${order.id}/history`));
      expect(history.at(-1)).toMatchObject({ from: 'CREATED', to: 'INBOUND', trigger: 'console.inbound', refused: false });
      const audit = ok(await owner.api.get('/auditLog', { filter: { entityName: 'order', entityId: order.id, action: 'updateStatus' } }));
      expect(audit.count).toBe(1);
    }
    const created = ok(await owner.api.get('/auditLog', { filter: { entityName: 'inbound', entityId: saved.id, action: 'create' } }));
    expect(created.count).toBe(1);
    // Found again, listed and offered by the kit's generic routes.
    expect(ok(await owner.api.get(`/inbound/${saved.id}`)).totalOrders).toBe(2);
    expect(ok(await owner.api.get('/inbound', { filter: { name: 'manhã' } })).rows.map((row: { id: string }) => row.id)).toEqual([
      saved.id,
    ]);
    expect(ok(await owner.api.get('/inbound/autocomplete', { query: 'Lote' })).map((row: { id: string }) => row.id)).toContain(saved.id);
    // Never edited nor deleted (spec 7.3: create, find, list, autocomplete only): a record of what happened.
    expect((await owner.api.put(`/inbound/${saved.id}`, { id: saved.id, data: { notes: 'outra' } })).status).toBe(404);
    expect([403, 404]).toContain((await owner.api.delete('/inbound', { ids: [saved.id] })).status);
    expect(ok(await owner.api.get(`/inbound/${saved.id}`)).notes).toBe('Caminhão 3');
  });

  it('writes nothing when one order cannot move, and names its code in the caller’s language', async () => {
    const movable = await createOrder();
    const canceled = await createOrder();
    ok(await owner.api.delete('/order', { ids: [canceled.id] }));
    const before = await inboundCount();
    const refused = await save(owner, [movable.id, canceled.id]);
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe(`Estes pedidos não podem ser recebidos: ${canceled.trackingCode}`);
    const en = await t
      .client(owner.token, 'en')
      .post('/inbound', { data: { company: companyA, warehouse: warehouseA, orders: [movable.id, canceled.id] } });
    expect(en.body.error.message).toBe(`These orders cannot be received: ${canceled.trackingCode}`);
    expect(await statusOf(movable.id)).toBe('CREATED');
    expect(await inboundCount()).toBe(before);
    const history = ok(await owner.api.get(`/order/${movable.id}/history`));
    expect(history.map((entry: { trigger: string }) => entry.trigger)).not.toContain('console.inbound');
  });

  it('moves 500 orders in one save, each with its stamps, history row, audit row and dashboard move', async () => {
    const orders = await createOrders(500);
    const ids = orders.map((order) => order.id);
    const saved = ok(await save(owner, ids));
    expect(saved.totalOrders).toBe(500);
    const received = ok(
      await search(
        owner,
        orders.map((order) => order.trackingCode),
      ),
    );
    expect(received.rows.every((row: { result: string }) => row.result === 'alreadyInbound')).toBe(true);
    const db = t.database.db;
    const rows = (
      await db.execute(sql`
      select id, status, inbound_by, inbound_at from "order" where id = any(${sql.param(ids)}::uuid[])`)
    ).rows as {
      status: string;
      inbound_by: string;
      inbound_at: Date | string;
    }[];
    expect(rows).toHaveLength(500);
    expect(new Set(rows.map((row) => `${row.status} ${row.inbound_by}`))).toEqual(new Set([`INBOUND ${owner.email}`]));
    expect(rows.every((row) => row.inbound_at)).toBe(true);
    const history = (
      await db.execute(sql`
      select order_id, from_status, to_status, trigger, refusal, actor_kind, actor_label from order_history
       where order_id = any(${sql.param(ids)}::uuid[]) and trigger = 'console.inbound'`)
    ).rows as Record<string, unknown>[];
    expect(history).toHaveLength(500);
    expect(new Set(history.map((row) => row.order_id))).toEqual(new Set(ids));
    for (const row of history) {
      expect(row).toMatchObject({
        from_status: 'CREATED',
        to_status: 'INBOUND',
        refusal: null,
        actor_kind: 'user',
        actor_label: owner.email,
      });
    }
    const audits = (
      await db.execute(sql`
      select entity_id, "values", actor_label from audit_log
       where entity_name = 'order' and action = 'updateStatus' and entity_id = any(${sql.param(ids)}::text[])`)
    ).rows as {
      entity_id: string;
      values: { before: { status: string }; after: { status: string; inboundBy: string } };
      actor_label: string;
    }[];
    expect(audits).toHaveLength(500);
    expect(new Set(audits.map((row) => row.entity_id))).toEqual(new Set(ids));
    for (const audit of audits) {
      expect(audit.actor_label).toBe(owner.email);
      expect(audit.values.before.status).toBe('CREATED');
      expect(audit.values.after).toMatchObject({ status: 'INBOUND', inboundBy: owner.email });
    }
    // The event's recorders ran for each order: the dashboard counted 500 moves to INBOUND.
    const counted = (
      await db.execute(sql`
      select count(*)::int as n from dashboard_move m where m.company_id = ${companyA} and m.status = 'INBOUND'`)
    ).rows[0] as { n: number };
    expect(counted.n).toBeGreaterThanOrEqual(500);
  }, 180_000);
  it('records each moved order’s webhook delivery in its own lane, as a move one at a time does', async () => {
    // A receiver nobody listens on: the deliveries are the point here, not their sending.
    const webhookId = ok(
      await owner.api.post('/webhook', { data: { url: 'http://127.0.0.1:9/inbound', company: companyB, enable: true } }),
    ).id;
    const orders = [await createOrder(companyB), await createOrder(companyB), await createOrder(companyB)];
    const ids = orders.map((order) => order.id);
    ok(await save(owner, ids));
    const deliveries = (
      await t.database.db.execute(sql`
        select lane, type, body from webhook_delivery where webhook_id = ${webhookId} and type = 'order.status_changed'`)
    ).rows as { lane: string; type: string; body: string }[];
    expect(deliveries.map((row) => row.lane).sort()).toEqual([...ids].sort());
    for (const delivery of deliveries) {
      expect(JSON.parse(delivery.body).data).toMatchObject({
        orderId: delivery.lane,
        from: 'CREATED',
        to: 'INBOUND',
        trigger: 'console.inbound',
      });
    }
    ok(await owner.api.put(`/webhook/${webhookId}`, { data: { enable: false } }));
  });
});

describe('who may receive', () => {
  it('refuses a caller without inboundCreate, and one who may not move orders, writing nothing', async () => {
    const order = await createOrder();
    const reader = await t.createUser({ permissions: ['inboundRead', 'inboundAutocomplete', 'orderRead'] });
    expect((await search(reader, [order.trackingCode])).status).toBe(403);
    expect((await save(reader, [order.id])).status).toBe(403);
    const noMoves = await t.createUser({ permissions: ['inboundRead', 'inboundCreate', 'orderRead', 'warehouseRead', 'companyRead'] });
    expect((await save(noMoves, [order.id])).status).toBe(403);
    expect(await statusOf(order.id)).toBe('CREATED');
  });

  it('answers an order of a company the caller may not see as unknown, and never moves it', async () => {
    const foreign = await createOrder(companyB);
    const insider = await t.createUser({ roles: ['editor'], allowedCompanies: [companyA] });
    const answer = ok(await search(insider, [foreign.trackingCode]));
    expect(answer.rows).toEqual([{ trackingCode: foreign.trackingCode, result: 'unknown', message: 'Desconhecido', order: null }]);
    const refused = await save(insider, [foreign.id]);
    expect([400, 404]).toContain(refused.status);
    expect(await statusOf(foreign.id)).toBe('CREATED');
    // The owner, who sees both companies, finds it.
    expect(ok(await search(owner, [foreign.trackingCode])).rows[0].result).toBe('found');
  });
});
