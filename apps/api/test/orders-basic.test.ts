import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityTable } from '../src/platform/db/entity-tables';
import { ok } from './support/answers';
import { startWithTwoCompanies, type TestApp, type TestUser } from './support/test-app';

/**
 * The order and its invoice on the kit (issue 15, first part): an order is created with an invoice
 * whose NF-e key is checked, spec 5.3's rules answer 400 in the caller's language, DELETE cancels
 * (the order stays, CANCELED, and frees its compartment) and a company never reaches another's orders.
 */

let t: TestApp;
let owner: TestUser;
let companyA: string;
let companyB: string;
let locker: string;

const VALID_KEY = '35230511222333000181550010000001231100000015';

function orderData(extra: Record<string, unknown> = {}) {
  return {
    type: 'DELIVERY',
    trackingCode: `BR${Math.random().toString(36).slice(2, 10).toUpperCase()}`,
    shipper: companyA,
    company: companyA,
    customerName: 'Mariana Souza',
    customerPhone: '(21) 98765-4321',
    customerEmail: 'mariana@example.com',
    ...extra,
  };
}

/** A free compartment of `size` in the test's locker, wired to board and channel as an 8-channel board counts (CH1..CH8). */
async function addCompartiment(number: number, size: string): Promise<string> {
  const wiring = { boardNumber: Math.floor((number - 1) / 8) + 1, comNumber: ((number - 1) % 8) + 1 };
  const data = { ebox: locker, number, ...wiring, numberInColumn: 1, size, width: 1, height: 1, depth: 1 };
  return ok(await owner.api.post('/compartiment', { data })).id;
}

beforeAll(async () => {
  ({ t, owner, companyA, companyB } = await startWithTwoCompanies(
    { name: 'Loja Alfa', type: 'shipper' },
    { name: 'Loja Beta', type: 'shipper' },
  ));
  locker = ok(await owner.api.post('/ebox', { data: { name: 'Armário Centro', code: 'CTR01', company: companyA, enable: true } })).id;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('order with an invoice', () => {
  it('creates an invoice with a valid NF-e key and an order naming it; the order starts CREATED with a 6-digit access code', async () => {
    const invoice = ok(
      await owner.api.post('/invoice', {
        data: {
          company: companyA,
          series: 1,
          number: 123,
          key: VALID_KEY,
          date: '2026-11-20T10:00:00.000Z',
          totalValue: 150.5,
          cfop: '5102',
        },
      }),
    );
    const order = ok(await owner.api.post('/order', { data: orderData({ invoice: invoice.id, invoiceNumber: '000123', ebox: locker }) }));
    expect(order.status).toBe('CREATED');
    expect(order.accessCode).toMatch(/^\d{6}$/);
    expect(order.eboxCode).toBe('CTR01');
    expect(order.customerPhone).toBe('5521987654321');
    expect(order.invoice).toMatchObject({ id: invoice.id });
    const read = ok(await owner.api.get(`/invoice/${invoice.id}`));
    expect(read.key).toBe(VALID_KEY);
  });

  it('refuses an NF-e key whose check digit is wrong, in Portuguese and in English', async () => {
    const data = {
      company: companyA,
      series: 1,
      number: 124,
      key: `${VALID_KEY.slice(0, 43)}6`,
      date: '2026-11-20T10:00:00.000Z',
      totalValue: 10,
    };
    const pt = await owner.api.post('/invoice', { data });
    expect(pt.status).toBe(400);
    expect(pt.body.error.message).toBe('Chave de acesso inválida: o dígito verificador não confere');
    const en = await t.client(owner.token, 'en').post('/invoice', { data });
    expect(en.status).toBe(400);
    expect(en.body.error.message).toBe('Invalid access key: its check digit does not match');
  });

  it('reads invoices with invoiceRead and refuses them without it', async () => {
    const reader = await t.createUser({ permissions: ['invoiceRead'] });
    expect((await reader.api.get('/invoice')).status).toBe(200);
    const orderReader = await t.createUser({ permissions: ['orderRead'] });
    expect((await orderReader.api.get('/invoice')).status).toBe(403);
  });
});

describe('spec 5.3 rules', () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['a tracking code shorter than 4', { trackingCode: 'AB1' }, 'trackingCode', 'at least 4'],
    ['a tracking code longer than 46', { trackingCode: 'X'.repeat(47) }, 'trackingCode', '46'],
    ['a reference number shorter than 4', { referenceNumber: 'R1' }, 'referenceNumber', '4'],
    ['an access code of 5 characters', { accessCode: '12345' }, 'accessCode', '6'],
    ['a customer phone that is not a mobile', { customerPhone: '2133334444' }, 'customerPhone', ''],
    ['a pdf among the images', { images: [{ name: 'nota.pdf', publicUrl: 'https://files.example.com/nota.pdf' }] }, 'images', ''],
    [
      'an exe among the attachments',
      { attachments: [{ name: 'a.exe', publicUrl: 'https://files.example.com/a.exe' }] },
      'attachments',
      'txt, pdf',
    ],
    [
      'four attachments',
      { attachments: ['a', 'b', 'c', 'd'].map((n) => ({ name: `${n}.pdf`, publicUrl: `https://files.example.com/${n}.pdf` })) },
      'attachments',
      '3',
    ],
    ['an invoice number of 5 characters', { invoiceNumber: '12345' }, 'invoiceNumber', '6'],
    ['no shipper', { shipper: null }, 'shipper', ''],
  ];

  it.each(cases)('answers 400 for %s, naming the field in the caller language', async (_name, extra, field, inEnglish) => {
    const en = await t.client(owner.token, 'en').post('/order', { data: orderData(extra) });
    expect(en.status, JSON.stringify(en.body)).toBe(400);
    const issue = en.body.error.fields?.find((f: { path: string }) => f.path.split('.')[0] === field);
    expect(issue, JSON.stringify(en.body)).toBeDefined();
    expect(issue.message).not.toMatch(/^(validation|entities)\./);
    expect(issue.message).toContain(inEnglish);
    const pt = await owner.api.post('/order', { data: orderData(extra) });
    expect(pt.status).toBe(400);
    expect(pt.body.error.message).not.toBe(en.body.error.message);
  });

  it('takes three png images and three txt/pdf attachments', async () => {
    const files = (ext: string) =>
      ['a', 'b', 'c'].map((n) => ({ name: `${n}.${ext}`, publicUrl: `https://files.example.com/${n}.${ext}` }));
    ok(
      await owner.api.post('/order', {
        data: orderData({ images: files('png'), attachments: [...files('pdf').slice(0, 2), files('txt')[0]] }),
      }),
    );
  });

  it('keeps the status out of the client: a status sent on create is ignored, the order starts CREATED', async () => {
    const order = ok(await owner.api.post('/order', { data: orderData({ status: 'CUSTOMER_TAKEN' }) }));
    expect(order.status).toBe('CREATED');
  });
});

describe('import', () => {
  it("imports spec 3's columns, eboxCode naming the locker and the companies by their names", async () => {
    // bookOrder with a size books a compartment of that size in the locker.
    await addCompartiment(8, 'P');
    const row = {
      type: 'Entrega',
      trackingCode: 'BRIMPORT0001',
      referenceNumber: 'PED-0001',
      eboxCode: 'ctr01',
      customerName: 'Joana Importada',
      customerPhone: '21 98765-4321',
      customerEmail: 'joana@example.com',
      overdueDate: '2026-12-01 18:00',
      compartimentSize: 'P',
      notBeforeFirst: '2026-11-25 08:00',
      bookOrder: 'sim',
      shipper: 'Loja Alfa',
      company: 'Loja Alfa',
    };
    const imported = ok(await owner.api.post('/order/import', { data: row, importHash: 'order-import-1' }));
    expect(imported).toMatchObject({ type: 'DELIVERY', status: 'CREATED', eboxCode: 'CTR01', ebox: { id: locker } });
    // Its timeline starts with the import, by whom it was imported.
    expect(ok(await owner.api.get(`/order/${imported.id}/history`))).toEqual([
      expect.objectContaining({ from: null, to: 'CREATED', trigger: 'import', actor: expect.objectContaining({ label: owner.email }) }),
    ]);
    const unknown = await t
      .client(owner.token, 'en')
      .post('/order/import', { data: { ...row, trackingCode: 'BRIMPORT0002', eboxCode: 'NOPE9' }, importHash: 'order-import-2' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.fields?.[0]?.path).toBe('ebox');
  });
});

describe('DELETE cancels', () => {
  it('cancels the order, stamps who and when, keeps it readable, and frees its booked compartment', async () => {
    const compartiment = await addCompartiment(7, 'P');
    // Creating an order for a locker and a size books a free compartment of that size.
    const order = ok(await owner.api.post('/order', { data: orderData({ ebox: locker, compartimentSize: 'P' }) }));
    expect(order.compartiment).toMatchObject({ id: compartiment });
    expect(ok(await owner.api.get(`/compartiment/${compartiment}`)).status).toBe('BOOKED');

    ok(await owner.api.delete('/order', { ids: [order.id] }));
    const canceled = ok(await owner.api.get(`/order/${order.id}`));
    expect(canceled.status).toBe('CANCELED');
    expect(canceled.canceledBy).toBe(owner.email);
    expect(Date.now() - new Date(canceled.canceledAt).getTime()).toBeLessThan(60_000);
    expect(ok(await owner.api.get(`/compartiment/${compartiment}`)).status).toBe('AVAILABLE');
    const listed = ok(await owner.api.get('/order', { filter: { trackingCode: order.trackingCode } }));
    expect(listed.rows.map((row: { id: string }) => row.id)).toEqual([order.id]);
    const audit = ok(await owner.api.get('/auditLog', { filter: { entityId: order.id } }));
    expect(audit.count).toBeGreaterThanOrEqual(2);
  });

  it('refuses to cancel twice with a translated reason, changing nothing', async () => {
    const order = ok(await owner.api.post('/order', { data: orderData() }));
    ok(await owner.api.delete('/order', { ids: [order.id] }));
    const before = ok(await owner.api.get(`/order/${order.id}`));
    const again = await t.client(owner.token, 'en').delete('/order', { ids: [order.id] });
    expect(again.status).toBe(400);
    expect(again.body.error.message).toBe('A Delivery order in status Canceled does not accept "Cancel"');
    const pt = await owner.api.delete('/order', { ids: [order.id] });
    expect(pt.body.error.message).toBe('Um pedido de tipo Entrega com status Cancelado não aceita "Cancelar"');
    expect(ok(await owner.api.get(`/order/${order.id}`))).toEqual(before);
  });

  it('refuses to cancel an order whose parcel is in the locker', async () => {
    const order = ok(await owner.api.post('/order', { data: orderData() }));
    await t.database.db
      .update(entityTable('order'))
      .set({ status: 'STORED' } as never)
      .where(eq(entityTable('order').id, order.id));
    const refused = await owner.api.delete('/order', { ids: [order.id] });
    expect(refused.status).toBe(400);
    expect(ok(await owner.api.get(`/order/${order.id}`)).status).toBe('STORED');
  });
});

describe('status tabs', () => {
  it("keeps a status tab's total right as orders are created and canceled, per company and within the caller's scope", async () => {
    /** The tab's total beside the orders it lists (the test's few orders fit one page). */
    const tab = async (api: TestUser['api'], filter: Record<string, unknown>) => {
      const page = ok(await api.get('/order', { filter, limit: 1000 }));
      return { count: page.count, rows: page.rows.length, capped: page.countCapped };
    };
    const createdOfA = await tab(owner.api, { status: 'CREATED', company: companyA });
    expect(createdOfA.count).toBe(createdOfA.rows);
    const order = ok(await owner.api.post('/order', { data: orderData() }));
    expect(await tab(owner.api, { status: 'CREATED', company: companyA })).toEqual({
      ...createdOfA,
      count: createdOfA.count + 1,
      rows: createdOfA.rows + 1,
    });
    const canceledOfA = await tab(owner.api, { status: 'CANCELED', company: companyA });
    ok(await owner.api.delete('/order', { ids: [order.id] }));
    expect((await tab(owner.api, { status: 'CREATED', company: companyA })).count).toBe(createdOfA.count);
    expect((await tab(owner.api, { status: 'CANCELED', company: companyA })).count).toBe(canceledOfA.count + 1);
    // Several statuses, every company: the sum of what the list holds.
    const both = await tab(owner.api, { status: ['CREATED', 'CANCELED'] });
    expect(both.count).toBe(both.rows);
    // A page past the end has no row to carry the total with it, and still answers it.
    const past = ok(await owner.api.get('/order', { filter: { status: ['CREATED', 'CANCELED'] }, offset: both.rows + 10, limit: 10 }));
    expect({ count: past.count, rows: past.rows.length }).toEqual({ count: both.count, rows: 0 });
    // A user of company B sees none of A's orders in the tab, and only B's without a company.
    const userB = await t.createUser({ roles: ['orderEditor'], allowedCompanies: [companyB] });
    expect((await tab(userB.api, { status: 'CANCELED', company: companyA })).count).toBe(0);
    const ofB = await tab(userB.api, { status: ['CREATED', 'CANCELED'] });
    expect(ofB.count).toBe(ofB.rows);
    expect(ofB.count).toBeLessThan(both.count);
  });

  it('counts the rows that match when a status is narrowed by another filter, not the status total (issue 26)', async () => {
    // The status total kept per company would answer a status tab; another filter narrows the
    // rows, and the total must narrow with them.
    const other = ok(
      await owner.api.post('/ebox', { data: { name: 'Armário Contagem', code: 'CNT01', company: companyA, enable: true } }),
    ).id;
    const inLocker = [
      ok(await owner.api.post('/order', { data: orderData({ ebox: other }) })),
      ok(await owner.api.post('/order', { data: orderData({ ebox: other }) })),
    ];
    ok(await owner.api.post('/order', { data: orderData() }));
    const page = async (filter: Record<string, unknown>) => {
      const answer = ok(await owner.api.get('/order', { filter, limit: 1000 }));
      return { count: answer.count as number, ids: (answer.rows as { id: string }[]).map((row) => row.id).sort() };
    };
    const statusTotal = (await page({ status: 'CREATED' })).count;
    expect(statusTotal).toBeGreaterThan(2);
    expect(await page({ status: 'CREATED', ebox: other })).toEqual({ count: 2, ids: inLocker.map((order) => order.id).sort() });
    expect(await page({ status: 'CREATED', company: companyA, ebox: other })).toEqual({
      count: 2,
      ids: inLocker.map((order) => order.id).sort(),
    });
    const [first] = inLocker;
    expect(await page({ status: 'CREATED', trackingCode: first?.trackingCode })).toEqual({ count: 1, ids: [first?.id] });
    // A creation period no order falls in: none, whatever the status holds.
    expect(await page({ status: 'CREATED', createdAt: ['2020-01-01T00:00:00.000Z', '2020-01-31T00:00:00.000Z'] })).toEqual({
      count: 0,
      ids: [],
    });
  });
});

describe('company scope', () => {
  it("keeps a user of company B from company A's orders, and from creating one for A", async () => {
    const order = ok(await owner.api.post('/order', { data: orderData() }));
    const userB = await t.createUser({ roles: ['orderEditor'], allowedCompanies: [companyB] });
    expect((await userB.api.get(`/order/${order.id}`)).status).toBe(404);
    const list = ok(await userB.api.get('/order', { limit: 100 }));
    expect(list.rows.map((row: { id: string }) => row.id)).not.toContain(order.id);
    expect((await userB.api.delete('/order', { ids: [order.id] })).status).toBe(404);
    expect(ok(await owner.api.get(`/order/${order.id}`)).status).toBe('CREATED');
    expect((await userB.api.post('/order', { data: orderData() })).status).toBe(400);
    ok(await userB.api.post('/order', { data: orderData({ company: companyB, shipper: companyB }) }));
  });

  it('refuses DELETE without orderDestroy', async () => {
    const order = ok(await owner.api.post('/order', { data: orderData() }));
    const reader = await t.createUser({ roles: ['orderViewer'] });
    expect((await reader.api.delete('/order', { ids: [order.id] })).status).toBe(403);
  });
});

describe("a locker's metrics list its live orders", () => {
  it('lists booked orders to those who may read orders, not canceled ones, and none to a locker-only reader', async () => {
    await addCompartiment(41, 'M');
    const live = ok(await owner.api.post('/order', { data: orderData({ ebox: locker, compartimentSize: 'M' }) }));
    const canceled = ok(await owner.api.post('/order', { data: orderData({ ebox: locker }) }));
    ok(await owner.api.delete('/order', { ids: [canceled.id] }));

    const metrics = ok(await owner.api.get('/ebox/metrics', { eboxId: locker }));
    const ids = metrics.orders.map((row: { id: string }) => row.id);
    expect(ids).toContain(live.id);
    expect(ids).not.toContain(canceled.id);
    expect(metrics.orders.find((row: { id: string }) => row.id === live.id)).toMatchObject({
      trackingCode: live.trackingCode,
      status: 'CREATED',
      compartimentNumber: 41,
    });

    const lockerReader = await t.createUser({ permissions: ['eboxRead'], allowedCompanies: [companyA] });
    expect(ok(await lockerReader.api.get('/ebox/metrics', { eboxId: locker })).orders).toEqual([]);
    const orderReader = await t.createUser({ permissions: ['eboxRead', 'orderRead'], allowedCompanies: [companyA] });
    expect(ok(await orderReader.api.get('/ebox/metrics', { eboxId: locker })).orders.map((row: { id: string }) => row.id)).toContain(
      live.id,
    );
  });
});
