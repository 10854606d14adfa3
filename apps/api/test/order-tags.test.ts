import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '../src/app';
import { orderTagOf } from '../src/modules/order/tags/tag-service';
import { ok } from './support/answers';
import { readTagPdf } from './support/read-tag-pdf';
import { startWithTwoCompanies, type TestApp, type TestUser } from './support/test-app';

/**
 * POST /order/generate-tag (spec 7.4, issue 15): the labels of the orders named, one a page, sorted
 * by the locker's postal code, each with a Code 128 barcode that decodes to the tracking code;
 * spec 7.4's fallbacks; generateTag and the company scope of every order named.
 */

let t: TestApp;
let owner: TestUser;
let companyA: string;
let companyB: string;
const lockers: Record<string, string> = {};
const orders: Record<string, { id: string; trackingCode: string }> = {};

async function createOrder(name: string, extra: Record<string, unknown>) {
  const trackingCode = `BR${name.toUpperCase()}${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
  const order = ok(
    await owner.api.post('/order', { data: { type: 'DELIVERY', trackingCode, shipper: companyA, company: companyA, ...extra } }),
  );
  orders[name] = { id: order.id, trackingCode };
}

/** The PDF bytes of a call: base64 text by default (spec 7.4), the bytes when asked for application/pdf. */
async function generate(token: string, ids: string[], options: { language?: string; raw?: boolean } = {}) {
  const response = await fetch(`${t.baseUrl}${API_PREFIX}/order/generate-tag`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'accept-language': options.language ?? 'pt-BR',
      ...(options.raw ? { accept: 'application/pdf' } : {}),
    },
    body: JSON.stringify({ data: ids.map((id) => ({ id })) }),
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, bytes, text: bytes.toString('utf8') };
}

beforeAll(async () => {
  ({ t, owner, companyA, companyB } = await startWithTwoCompanies(
    { name: 'Transportadora Alfa', type: 'carrier' },
    { name: 'Loja Beta', type: 'shipper' },
  ));
  const locker = async (code: string, postalCode: string | null, company = companyA) =>
    ok(
      await owner.api.post('/ebox', {
        data: {
          name: `Armário ${code}`,
          code,
          company,
          enable: true,
          street: 'Rua das Flores',
          number: '100',
          ...(postalCode ? { postalCode } : {}),
        },
      }),
    ).id as string;
  lockers.north = await locker('NRT01', '90010-000');
  lockers.south = await locker('STH01', '01310-100');
  lockers.middle = await locker('MID01', '20040-020');
  lockers.none = await locker('NON01', null);
  lockers.other = await locker('OTH01', '30110-000', companyB);
  await createOrder('north', { ebox: lockers.north, customerName: 'Mariana Souza', referenceNumber: 'PED-0001' });
  await createOrder('south', { ebox: lockers.south, customerName: 'João Pereira' });
  await createOrder('middle', { ebox: lockers.middle, customerName: 'Ana Lima Costa' });
  // no recipient at all and a locker without a postal code: spec 7.4's 'N/A', printed last
  await createOrder('bare', { ebox: lockers.none });
  const other = ok(
    await owner.api.post('/order', {
      data: { type: 'DELIVERY', trackingCode: 'BROTHER0001', shipper: companyB, company: companyB, ebox: lockers.other },
    }),
  );
  orders.other = { id: other.id, trackingCode: 'BROTHER0001' };
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe('the tag PDF', () => {
  it('is one label a page, sorted by postal code, each barcode decoding to its tracking code, in base64 as spec 7.4 answers', async () => {
    const ids = ['bare', 'north', 'middle', 'south'].map((name) => (orders[name] as { id: string }).id);
    const answer = await generate(owner.token, ids);
    expect(answer.status, answer.text).toBe(200);
    // The name to save it under, but no attachment header: base64 text saved as a .pdf is no PDF.
    expect(answer.headers.get('x-file-name')).toMatch(/^print-tags-\d{4}-\d{2}-\d{2}\.pdf$/);
    expect(answer.headers.get('content-disposition')).toBeNull();
    const pdf = Buffer.from(answer.text, 'base64');
    const read = readTagPdf(pdf);
    expect(read.pageCount).toBe(4);
    const expected = ['south', 'middle', 'north', 'bare'].map((name) => (orders[name] as { trackingCode: string }).trackingCode);
    expect(read.pages.map((page) => page.barcode)).toEqual(expected);
    // the text of each page is its own order's
    for (const [index, page] of read.pages.entries()) expect(page.text).toContain(expected[index]);
    expect(read.pages[0]?.text).toContain('01310-100');
    expect(read.pages[0]?.text).toContain('João Pereira');
    expect(read.pages[0]?.text).toContain('STH01 - Armário STH01');
    expect(read.pages[0]?.text).toContain('Rua das Flores, 100');
    expect(read.pages[0]?.text).toContain('Entrega');
    expect(read.pages[0]?.text).toContain('DESTINATÁRIO');
    expect(read.pages[2]?.text).toContain('PED-0001');
    // the company's name is the logistics company on the label
    expect(read.pages[0]?.text).toContain('Transportadora Alfa');
    expect(read.pages[3]?.text.split('\n')).toContain('N/A');
  });

  it('speaks English to an English user and sends the PDF bytes to a client that asks for them', async () => {
    const answer = await generate(owner.token, [(orders.north as { id: string }).id], { language: 'en', raw: true });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('application/pdf');
    expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename="print-tags-\d{4}-\d{2}-\d{2}\.pdf"$/);
    expect(answer.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const read = readTagPdf(answer.bytes);
    expect(read.pageCount).toBe(1);
    expect(read.pages[0]?.text).toContain('RECIPIENT');
    expect(read.pages[0]?.text).toContain('Delivery');
    expect(read.pages[0]?.barcode).toBe(orders.north?.trackingCode);
  });

  it("falls back to 'N/A' and to the provider's brand when the order lacks them (spec 7.4)", () => {
    const tag = orderTagOf(
      {
        id: 'x',
        type: 'RETURN',
        trackingCode: 'BR000001',
        referenceNumber: null,
        customerName: null,
        createdAt: '2026-11-20T13:05:00.000Z',
        ebox: { code: null, name: null, street: null, number: null, postalCode: null },
        toCustomer: { name: null },
        companyName: null,
      },
      'en',
    );
    expect(tag).toMatchObject({
      name: 'N/A',
      logisticsCompany: 'Ebox',
      eBoxAddress: 'N/A',
      eBoxCode: 'N/A',
      orderNumber: 'N/A',
      barCode: 'BR000001',
    });
    expect(tag.createTime).toBe('20/11/2026 10:05');
  });
});

describe('who may print', () => {
  it('refuses a user without generateTag (403)', async () => {
    const reader = await t.createUser({ permissions: ['orderRead'] });
    const answer = await generate(reader.token, [(orders.north as { id: string }).id]);
    expect(answer.status).toBe(403);
  });

  it("refuses the whole print when one order is outside the caller's companies, naming it, in their language", async () => {
    const printer = await t.createUser({ permissions: ['orderRead', 'generateTag'], allowedCompanies: [companyA] });
    const own = await generate(printer.token, [(orders.north as { id: string }).id]);
    expect(own.status).toBe(200);
    const other = (orders.other as { id: string }).id;
    const answer = await generate(printer.token, [(orders.north as { id: string }).id, other], { language: 'en' });
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.text).error.message).toBe(`Order not found: ${other}`);
    const pt = await generate(printer.token, [other]);
    expect(JSON.parse(pt.text).error.message).toBe(`Pedido não encontrado: ${other}`);
  });

  it('answers 400 to a body that names no order and 401 to nobody', async () => {
    expect((await owner.api.post('/order/generate-tag', { data: [] })).status).toBe(400);
    expect((await owner.api.post('/order/generate-tag', { data: [{ id: 'nope' }] })).status).toBe(400);
    expect((await t.api.post('/order/generate-tag', { data: [{ id: orders.north?.id }] })).status).toBe(401);
  });
});
