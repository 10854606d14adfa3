import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/platform/db/client';
import { ok, orderDataFor } from './support/answers';
import { startWithTwoCompanies, type TestApp, type TestUser } from './support/test-app';

/**
 * The order list by the stamps the dashboard's tiles count by (issue 28: storedAt, collectedAt,
 * expiredAt, canceledAt), as date ranges like createdAt: a range finds exactly the orders stamped in
 * it, newest by that stamp first; a user limited to a company never sees another company's orders;
 * each range is at most 31 days (docs/orders.md "Periods"); each stamp has its partial index.
 */

let t: TestApp;
let owner: TestUser;
let companyA: string;
let companyB: string;
let db: Db;

const DAY = 24 * 60 * 60 * 1000;
const base = Date.parse('2026-03-10T12:00:00.000Z');
const at = (days: number) => new Date(base + days * DAY).toISOString();

/** Orders with hand-set stamps (the lifecycle sets them; the list only reads them). */
const orders: Record<string, { id: string; trackingCode: string }> = {};

async function orderWith(name: string, company: string, stamps: Record<string, string>) {
  const created = ok(await owner.api.post('/order', { data: orderDataFor(company, { bookOrder: false }, 'SF') }));
  for (const [column, value] of Object.entries(stamps)) {
    await db.execute(sql`update "order" set ${sql.identifier(column)} = ${value}::timestamptz where id = ${created.id}`);
  }
  orders[name] = { id: created.id, trackingCode: created.trackingCode };
}

const idsOf = (answer: { rows: { id: string }[] }) => answer.rows.map((row) => row.id);

beforeAll(async () => {
  ({ t, owner, companyA, companyB } = await startWithTwoCompanies(
    { name: 'Loja Carimbo', type: 'shipper' },
    { name: 'Loja Alheia', type: 'shipper' },
  ));
  db = t.app.deps.db as Db;
  await orderWith('storedEarly', companyA, { stored_at: at(1) });
  await orderWith('storedLate', companyA, { stored_at: at(3), collected_at: at(4) });
  await orderWith('storedBefore', companyA, { stored_at: at(-5) });
  await orderWith('otherCompany', companyB, { stored_at: at(2), collected_at: at(4), expired_at: at(4), canceled_at: at(4) });
  await orderWith('expired', companyA, { stored_at: at(-20), expired_at: at(5) });
  await orderWith('canceled', companyA, { canceled_at: at(6) });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('the order list by a stamp', () => {
  it('finds the orders stored in a range, newest deposit first, and no order without the stamp', async () => {
    const answer = ok(await owner.api.get('/order', { filter: { storedAt: [at(0), at(3)] } }));
    expect(idsOf(answer)).toEqual([orders.storedLate?.id, orders.otherCompany?.id, orders.storedEarly?.id]);
    expect(answer.count).toBe(3);
    // With the company: only its orders.
    const inA = ok(await owner.api.get('/order', { filter: { storedAt: [at(0), at(3)], company: companyA } }));
    expect(idsOf(inA)).toEqual([orders.storedLate?.id, orders.storedEarly?.id]);
  });

  it('finds the orders collected, expired and canceled in a range, each by its own stamp', async () => {
    const range = [at(3.5), at(6.5)];
    const collected = ok(await owner.api.get('/order', { filter: { collectedAt: range, company: companyA } }));
    expect(idsOf(collected)).toEqual([orders.storedLate?.id]);
    const expired = ok(await owner.api.get('/order', { filter: { expiredAt: range, company: companyA } }));
    expect(idsOf(expired)).toEqual([orders.expired?.id]);
    const canceled = ok(await owner.api.get('/order', { filter: { canceledAt: range, company: companyA } }));
    expect(idsOf(canceled)).toEqual([orders.canceled?.id]);
  });

  it("never shows another company's orders to a user limited to a company, whatever the range", async () => {
    const limited = await t.createUser({ roles: ['owner'], allowedCompanies: [companyA] });
    for (const stamp of ['storedAt', 'collectedAt', 'expiredAt', 'canceledAt']) {
      const answer = ok(await limited.api.get('/order', { filter: { [stamp]: [at(-10), at(10)] } }));
      expect(idsOf(answer)).not.toContain(orders.otherCompany?.id);
      expect(answer.count).toBe(answer.rows.length);
    }
    const stored = ok(await limited.api.get('/order', { filter: { storedAt: [at(0), at(3)] } }));
    expect(idsOf(stored)).toEqual([orders.storedLate?.id, orders.storedEarly?.id]);
  });

  it("keeps the caller's own sort", async () => {
    const answer = ok(await owner.api.get('/order', { filter: { storedAt: [at(0), at(3)], company: companyA }, orderBy: 'storedAt_ASC' }));
    expect(idsOf(answer)).toEqual([orders.storedEarly?.id, orders.storedLate?.id]);
  });

  it('takes a stamp range of at most 31 days, and answers 400 naming the stamp beyond', async () => {
    ok(await owner.api.get('/order', { filter: { storedAt: [at(-31), at(0)] } }));
    const beyond = await t.client(owner.token, 'en').get('/order', { filter: { collectedAt: [at(-32), at(0)] } });
    expect(beyond.status).toBe(400);
    expect(beyond.body.error.message).toBe('Choose a period of "Collected at" of at most 31 days');
    const openEnd = await owner.api.get('/order', { filter: { expiredAt: [new Date(Date.now() - 40 * DAY).toISOString(), ''] } });
    expect(openEnd.status).toBe(400);
    expect(openEnd.body.error.message).toBe('Escolha um período em "Expirado em" de no máximo 31 dias');
  });

  it('reads each stamp through a partial index of the stamped orders, the company beside it', async () => {
    const indexes = await db.execute<{ indexname: string; indexdef: string }>(
      sql`select indexname, indexdef from pg_indexes where tablename = 'order' and indexname in
          ('order_stored_at_idx', 'order_collected_at_idx', 'order_expired_at_idx', 'order_canceled_at_idx') order by indexname`,
    );
    expect(indexes.rows.map((row) => row.indexname)).toEqual([
      'order_canceled_at_idx',
      'order_collected_at_idx',
      'order_expired_at_idx',
      'order_stored_at_idx',
    ]);
    const stored = indexes.rows.find((row) => row.indexname === 'order_stored_at_idx');
    expect(stored?.indexdef).toContain('(stored_at, company_id) WHERE (stored_at IS NOT NULL)');
  });
});
