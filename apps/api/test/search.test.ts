import { DECLARED_ENTITIES, searchTermsOf } from '@ebox/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceOf } from '../src/kit/repository';
import { searchCondition } from '../src/kit/search';
import type { Db } from '../src/platform/db/client';
import { ok, orderDataFor } from './support/answers';
import { startWithTwoCompanies, type TestApp, type TestUser } from './support/test-app';

/**
 * The one search (issue 29 item 1, docs/decisions.md "The one search"): what the command palette
 * (GET /{res}/autocomplete?query=), the relation pickers and the order list's search box
 * (GET /order?filter[search]=) find. Lockers by code (prefix) or name; orders by tracking code or
 * reference number (prefix), the customer's phone in any format (its last digits, 8 at least) or
 * e-mail (whole, any case); never a record of a company the caller is not allowed, and never by a
 * field whose filter needs a permission the caller lacks.
 */

let t: TestApp;
let owner: TestUser;
let companyA: string;
let companyB: string;
/** Limited to company A. */
let limited: TestUser;
/** Reads orders and lockers, without any of the order list's filter permissions. */
let plain: TestUser;

const ids: Record<string, string> = {};

const idsOf = (rows: { id: string }[]) => rows.map((row) => row.id).sort();
const palette = async (user: TestUser, entity: string, query: string) =>
  idsOf(ok(await user.api.get(`/${entity}/autocomplete`, { query, limit: 20 })));
const searched = async (user: TestUser, entity: string, search: string) =>
  idsOf(ok(await user.api.get(`/${entity}`, { filter: { search }, limit: 50 })).rows);

beforeAll(async () => {
  ({ t, owner, companyA, companyB } = await startWithTwoCompanies(
    { name: 'Loja Busca', type: 'shipper' },
    { name: 'Loja Vizinha', type: 'shipper' },
  ));
  limited = await t.createUser({ roles: ['owner'], allowedCompanies: [companyA] });
  plain = await t.createUser({ permissions: ['orderRead', 'orderAutocomplete', 'eboxRead', 'eboxAutocomplete'] });
  const locker = async (name: string, code: string, company: string) =>
    ok(await owner.api.post('/ebox', { data: { name, code, company, enable: true } })).id as string;
  ids.copacabana = await locker('Armário Copacabana Posto 4', 'RJ-SRCH-01', companyA);
  ids.copacabana2 = await locker('Armário Leme', 'RJ-SRCH-02', companyA);
  ids.paulista = await locker('Armário Paulista', 'SP-SRCH-01', companyB);
  const order = async (company: string, extra: Record<string, unknown>) =>
    ok(await owner.api.post('/order', { data: { ...orderDataFor(company, { bookOrder: false }), ...extra } })).id as string;
  ids.a1 = await order(companyA, {
    trackingCode: 'SRCHA00001XX',
    referenceNumber: 'PED-777001',
    customerPhone: '+55 (21) 98888-7777',
    customerEmail: 'Mariana.Busca@Exemplo.com.br',
  });
  ids.a2 = await order(companyA, { trackingCode: 'SRCHA00002XX', referenceNumber: 'PED-777002', customerPhone: '(11) 97777-1234' });
  // Another company's parcel with the same customer: found by its own company only.
  ids.b1 = await order(companyB, {
    trackingCode: 'SRCHB00001XX',
    referenceNumber: 'PED-888001',
    customerPhone: '21988887777',
    customerEmail: 'mariana.busca@exemplo.com.br',
  });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('orders by tracking code', () => {
  it('finds the codes that start with what is typed, in any case, in the palette and the list alike', async () => {
    expect(await palette(owner, 'order', 'srcha0000')).toEqual([ids.a1, ids.a2].sort());
    expect(await searched(owner, 'order', 'srcha0000')).toEqual([ids.a1, ids.a2].sort());
    // The list's tracking filter finds what the palette finds (spec 7.4's search): a prefix, or the whole code.
    expect(idsOf(ok(await owner.api.get('/order', { filter: { trackingCode: 'SRCHA0000' } })).rows)).toEqual([ids.a1, ids.a2].sort());
    expect(idsOf(ok(await owner.api.get('/order', { filter: { trackingCode: 'srcha00001xx' } })).rows)).toEqual([ids.a1]);
    // Contained text is no prefix: the middle of a code finds nothing.
    expect(await palette(owner, 'order', 'A00001')).toEqual([]);
    expect(await searched(owner, 'order', 'A00001')).toEqual([]);
  });

  it('labels the palette choice with the tracking code', async () => {
    const [choice] = ok(await owner.api.get('/order/autocomplete', { query: 'SRCHA00001' }));
    expect(choice).toEqual({ id: ids.a1, label: 'SRCHA00001XX' });
  });
});

describe("orders by the customer's phone", () => {
  it.each([
    '+55 (21) 98888-7777',
    '5521988887777',
    '21988887777',
    '(21) 98888-7777',
    '021 98888-7777',
    '988887777',
    '98888-7777',
    '88887777',
  ])('finds the phone typed as %s', async (typed) => {
    expect(await palette(owner, 'order', typed)).toEqual([ids.a1, ids.b1].sort());
    expect(await searched(owner, 'order', typed)).toEqual([ids.a1, ids.b1].sort());
  });

  it('takes no fewer than 8 digits, and no digits inside other text', async () => {
    expect(await searched(owner, 'order', '8887777')).toEqual([]);
    expect(await searched(owner, 'order', 'tel 988887777')).toEqual([]);
  });
});

describe("orders by the customer's e-mail", () => {
  it('finds the whole address in any case, and not a part of it', async () => {
    expect(await palette(owner, 'order', 'MARIANA.busca@exemplo.COM.BR')).toEqual([ids.a1, ids.b1].sort());
    expect(await searched(owner, 'order', 'Mariana.Busca@Exemplo.com.br')).toEqual([ids.a1, ids.b1].sort());
    expect(await searched(owner, 'order', 'mariana.busca@')).toEqual([]);
  });
});

describe('orders by reference number', () => {
  it('finds the numbers that start with what is typed', async () => {
    expect(await palette(owner, 'order', 'ped-777')).toEqual([ids.a1, ids.a2].sort());
    expect(await searched(owner, 'order', 'PED-7770')).toEqual([ids.a1, ids.a2].sort());
    expect(idsOf(ok(await owner.api.get('/order', { filter: { referenceNumber: 'ped-8880' } })).rows)).toEqual([ids.b1]);
  });

  it('is not searched for a caller without filterReferenceNumber: the other fields still are, and the filter itself is refused', async () => {
    expect(await palette(plain, 'order', 'PED-777')).toEqual([]);
    expect(await searched(plain, 'order', 'PED-777')).toEqual([]);
    expect(await palette(plain, 'order', 'SRCHA00001')).toEqual([ids.a1]);
    expect(await searched(plain, 'order', '988887777')).toEqual([ids.a1, ids.b1].sort());
    expect((await plain.api.get('/order', { filter: { referenceNumber: 'PED-777' } })).status).toBe(403);
  });
});

describe('company scope', () => {
  it("finds no other company's parcel, not even by its exact tracking code, phone or e-mail", async () => {
    for (const typed of ['SRCHB00001XX', 'srchb', '21988887777', 'mariana.busca@exemplo.com.br', 'PED-888001']) {
      expect(await palette(limited, 'order', typed), typed).not.toContain(ids.b1);
      expect(await searched(limited, 'order', typed), typed).not.toContain(ids.b1);
    }
    expect(await palette(limited, 'order', 'SRCHB00001XX')).toEqual([]);
    expect(idsOf(ok(await limited.api.get('/order', { filter: { trackingCode: 'SRCHB00001XX' } })).rows)).toEqual([]);
    expect(await searched(limited, 'order', '+55 (21) 98888-7777')).toEqual([ids.a1]);
    // By its id either.
    expect(await palette(limited, 'order', ids.b1 as string)).toEqual([]);
  });

  it("finds no other company's locker by its code", async () => {
    expect(await palette(limited, 'ebox', 'SP-SRCH-01')).toEqual([]);
    expect(await palette(owner, 'ebox', 'SP-SRCH-01')).toEqual([ids.paulista]);
  });
});

describe('lockers by code or name', () => {
  it('finds a locker by the start of its code, in any case, in the palette, the pickers and the list', async () => {
    expect(await palette(owner, 'ebox', 'RJ-SRCH-01')).toEqual([ids.copacabana]);
    expect(await palette(owner, 'ebox', 'rj-srch')).toEqual([ids.copacabana, ids.copacabana2].sort());
    expect(await searched(owner, 'ebox', 'rj-srch-0')).toEqual([ids.copacabana, ids.copacabana2].sort());
    // A picker narrowed by company (the order form's locker) finds it by code too.
    const picked = ok(await owner.api.get('/ebox/autocomplete', { query: 'rj-srch-02', filter: { company: companyA } }));
    expect(picked).toEqual([{ id: ids.copacabana2, label: 'Armário Leme' }]);
  });

  it('still finds a locker by any part of its name', async () => {
    expect(await palette(owner, 'ebox', 'copacabana')).toEqual([ids.copacabana]);
    expect(await searched(owner, 'ebox', 'Posto 4')).toEqual([ids.copacabana]);
  });
});

describe('the indexes', () => {
  it('answers each lookup from its own index, never by reading the table', async () => {
    const db = t.app.deps.db as Db;
    const orders = resourceOf(DECLARED_ENTITIES.order);
    const lockers = resourceOf(DECLARED_ENTITIES.ebox);
    const planOf = async (resource: typeof orders, typed: string) =>
      db.transaction(async (tx) => {
        // A test table is small enough to scan: the plan is asked as at a million rows.
        await tx.execute(sql`SET LOCAL enable_seqscan = off`);
        const where = searchCondition(resource, searchTermsOf(resource.entity, typed));
        const plan = await tx.execute<{ 'QUERY PLAN': string }>(sql`EXPLAIN SELECT id FROM ${resource.table} WHERE ${where}`);
        return plan.rows.map((row) => row['QUERY PLAN']).join('\n');
      });
    const byCode = await planOf(orders, 'SRCHA0');
    expect(byCode).toContain('order_tracking_code_prefix_idx');
    expect(byCode).toContain('order_reference_number_prefix_idx');
    const byPhone = await planOf(orders, '21988887777');
    expect(byPhone).toContain('order_customer_phone_suffix_idx');
    expect(await planOf(orders, 'a@b.com')).toContain('order_customer_email_lower_idx');
    expect(await planOf(lockers, 'RJ-SRCH')).toContain('ebox_code_prefix_idx');
    for (const plan of [byCode, byPhone]) expect(plan).not.toContain('Seq Scan');
  });
});
