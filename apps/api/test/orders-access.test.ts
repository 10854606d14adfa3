import { autocompleteGrantsOf, DECLARED_ENTITIES, PERMISSIONS, type Permission } from '@ebox/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, orderDataFor } from './support/answers';
import { type ApiClient, type ApiResponse, startWithTwoCompanies, type TestApp, type TestUser } from './support/test-app';

/**
 * Issue 15's "permission denials and company scope for every order call": each call of the order
 * (the kit's routes, its action, its own calls, the tags, the export by mail, the tracking search
 * and the invoice read with invoiceRead) answers 401 to nobody, 403 to a user holding every
 * permission but the one it needs, and to a user of another company 404 (or, for a list, rows
 * without the order); none of them changes the order.
 */

let t: TestApp;
let owner: TestUser;
let companyA: string;
let companyB: string;
let order: Record<string, any>;
let invoice: string;

const DAY = 24 * 60 * 60 * 1000;

const orderData = (company: string, extra: Record<string, unknown> = {}) => orderDataFor(company, extra, 'AC');

type Call = {
  name: string;
  /** What the call needs: a user without any of these is refused. */
  needs: readonly Permission[];
  send: (api: ApiClient) => Promise<ApiResponse>;
  /** What a user of another company gets: a status, or a list without the order. */
  outside: number | 'listsWithoutIt';
};

const rowIds = (body: any): string[] => (body.rows ?? body).map((row: { id: string }) => row.id);

const calls = (): Call[] => [
  { name: 'GET /order', needs: ['orderRead'], send: (api) => api.get('/order', { limit: 100 }), outside: 'listsWithoutIt' },
  {
    name: 'GET /order?filter[trackingCode] (tracking search)',
    needs: ['orderRead'],
    send: (api) => api.get('/order', { filter: { trackingCode: order.trackingCode } }),
    outside: 'listsWithoutIt',
  },
  { name: 'GET /order/:id', needs: ['orderRead'], send: (api) => api.get(`/order/${order.id}`), outside: 404 },
  {
    name: 'GET /order/autocomplete',
    needs: autocompleteGrantsOf(DECLARED_ENTITIES.order),
    send: (api) => api.get('/order/autocomplete', { query: order.trackingCode, limit: 10 }),
    outside: 'listsWithoutIt',
  },
  { name: 'GET /order/:id/history', needs: ['orderRead'], send: (api) => api.get(`/order/${order.id}/history`), outside: 404 },
  { name: 'POST /order', needs: ['orderCreate'], send: (api) => api.post('/order', { data: orderData(companyA) }), outside: 400 },
  {
    name: 'POST /order/import',
    needs: ['orderImport'],
    send: (api) => {
      const data = orderData('Loja Acesso');
      return api.post('/order/import', {
        data: { ...data, shipper: 'Loja Acesso', company: 'Loja Acesso', type: 'Entrega' },
        importHash: `access-${data.trackingCode}`,
      });
    },
    outside: 400,
  },
  {
    name: 'PUT /order/:id',
    needs: ['orderEdit'],
    send: (api) => api.put(`/order/${order.id}`, { id: order.id, data: { notes: 'changed' } }),
    outside: 404,
  },
  { name: 'DELETE /order', needs: ['orderDestroy'], send: (api) => api.delete('/order', { ids: [order.id] }), outside: 404 },
  { name: 'POST /order/:id/cancel', needs: ['orderDestroy'], send: (api) => api.post(`/order/${order.id}/cancel`, {}), outside: 404 },
  {
    name: 'POST /order/update-status',
    needs: ['orderUpdateStatus'],
    send: (api) => api.post('/order/update-status', { data: { id: order.id, status: 'INBOUND', reason: 'Recebido no CD' } }),
    outside: 404,
  },
  {
    name: 'POST /order/update-overdue',
    needs: ['orderUpdateOverdue'],
    send: (api) =>
      api.post('/order/update-overdue', { data: { ids: [order.id], overdueDate: new Date(Date.now() + 9 * DAY).toISOString() } }),
    outside: 404,
  },
  {
    name: 'POST /order/generate-tag',
    needs: ['generateTag'],
    send: (api) => api.post('/order/generate-tag', { data: [{ id: order.id }] }),
    outside: 404,
  },
  {
    name: 'GET /order/export',
    needs: ['orderExport'],
    send: (api) =>
      api.get('/order/export', { filter: { createdAt: [new Date(Date.now() - DAY).toISOString(), new Date().toISOString()] } }),
    // The export's rows are the caller's companies' (order-export-mail.test.ts reads the file back).
    outside: 0,
  },
  { name: 'GET /invoice', needs: ['invoiceRead'], send: (api) => api.get('/invoice', { limit: 100 }), outside: 'listsWithoutIt' },
  { name: 'GET /invoice/:id', needs: ['invoiceRead'], send: (api) => api.get(`/invoice/${invoice}`), outside: 404 },
];

/** The order as a reader sees it, to show that no refused call changed it. */
const snapshot = async () => ok(await owner.api.get(`/order/${order.id}`));

beforeAll(async () => {
  ({ t, owner, companyA, companyB } = await startWithTwoCompanies(
    { name: 'Loja Acesso', type: 'shipper' },
    { name: 'Loja Vizinha', type: 'shipper' },
  ));
  invoice = ok(
    await owner.api.post('/invoice', {
      data: {
        company: companyA,
        series: 1,
        number: 321,
        key: '35230511222333000181550010000001231100000015',
        date: '2026-11-20T10:00:00.000Z',
        totalValue: 10,
      },
    }),
  ).id;
  order = ok(await owner.api.post('/order', { data: orderData(companyA, { invoice, invoiceNumber: '000321' }) }));
  // The other company has an order of its own, so its lists are not empty.
  ok(await owner.api.post('/order', { data: orderData(companyB) }));
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('every order call', () => {
  it('answers 401 to nobody', async () => {
    const before = await snapshot();
    for (const call of calls()) expect((await call.send(t.api)).status, call.name).toBe(401);
    expect(await snapshot()).toEqual(before);
  });

  it('answers 403, in the caller language, to a user holding every permission but the one it needs', async () => {
    const before = await snapshot();
    for (const call of calls()) {
      const user = await t.createUser({ permissions: PERMISSIONS.filter((p) => !call.needs.includes(p)) });
      const answer = await call.send(t.client(user.token, 'en'));
      expect(answer.status, `${call.name}: ${JSON.stringify(answer.body)}`).toBe(403);
      expect(answer.body.error.message, call.name).toBe('Forbidden');
    }
    expect(await snapshot()).toEqual(before);
  });

  it("keeps a user of another company, holding every permission, out of the company's order", async () => {
    const before = await snapshot();
    const outsider = await t.createUser({ permissions: [...PERMISSIONS], allowedCompanies: [companyB] });
    for (const call of calls()) {
      if (call.outside === 0) continue;
      const answer = await call.send(outsider.api);
      if (call.outside === 'listsWithoutIt') {
        const body = ok(answer);
        expect(rowIds(body), call.name).not.toContain(call.name.includes('invoice') ? invoice : order.id);
      } else expect(answer.status, `${call.name}: ${JSON.stringify(answer.body)}`).toBe(call.outside);
    }
    expect(await snapshot()).toEqual(before);
    // The same calls by a user of the company itself reach it (so the refusals above are the scope's).
    const insider = await t.createUser({ permissions: [...PERMISSIONS], allowedCompanies: [companyA] });
    expect(rowIds(ok(await insider.api.get('/order', { filter: { trackingCode: order.trackingCode } })))).toEqual([order.id]);
    for (const call of calls().filter((c) => c.outside === 'listsWithoutIt'))
      expect(rowIds(ok(await call.send(insider.api))), call.name).toContain(call.name.includes('invoice') ? invoice : order.id);
    ok(await insider.api.get(`/order/${order.id}/history`));
    ok(await insider.api.get(`/invoice/${invoice}`));
  });
});
