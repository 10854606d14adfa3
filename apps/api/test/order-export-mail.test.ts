import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportLinkOf } from '../src/modules/order/export/export-link';
import { ok } from './support/answers';
import { type SmtpTestServer, startSmtpServer } from './support/smtp';
import { startTestApp, type TestApp, type TestUser } from './support/test-app';

/**
 * GET /order/export (spec 1, 7.4, 9): answers {success} at once; a job writes the spreadsheet of the
 * caller's orders of the period, stores it and mails a link that expires; the mail arrives through a
 * real SMTP server and its file is read back. The period is required and at most 31 days.
 */

let t: TestApp;
let smtp: SmtpTestServer;
let owner: TestUser;
let companyA: string;
let companyB: string;
const inPeriodA: string[] = [];

const FROM = '2026-10-01T03:00:00.000Z';
const TO = '2026-10-31T02:59:59.999Z';

async function createOrder(company: string, createdAt: string): Promise<string> {
  const trackingCode = `EX${Math.random().toString(36).slice(2, 12).toUpperCase()}`;
  const order = ok(
    await owner.api.post('/order', {
      data: { type: 'DELIVERY', trackingCode, shipper: company, company, customerName: 'Cliente Teste', customerPhone: '21987654321' },
    }),
  );
  await t.database.db.execute(sql`UPDATE "order" SET created_at = ${createdAt} WHERE id = ${order.id}`);
  return trackingCode;
}

function exportLinkIn(text: string): string {
  const match = /(https?:\/\/\S+\/order\/export\/file\/\S+)/.exec(text);
  if (!match?.[1]) throw new Error(`no export link in "${text}"`);
  return match[1];
}

async function readSheet(bytes: ArrayBuffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  const rows: string[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((value) => String(value ?? ''))));
  const [view] = sheet.views;
  return {
    name: sheet.name,
    rows,
    // What a reader sees of the header: bold, kept in view while scrolling, with a filter on each column.
    headerBold: sheet.getRow(1).getCell(1).font?.bold === true,
    frozenRows: view?.state === 'frozen' ? view.ySplit : 0,
    autoFilter: sheet.autoFilter,
  };
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await startTestApp({ smtpUrl: smtp.url });
  owner = await t.createUser({ roles: ['owner'] });
  companyA = ok(await owner.api.post('/company', { data: { name: 'Loja Alfa', type: 'shipper' } })).id;
  companyB = ok(await owner.api.post('/company', { data: { name: 'Loja Beta', type: 'shipper' } })).id;
  inPeriodA.push(await createOrder(companyA, '2026-10-02T12:00:00.000Z'));
  inPeriodA.push(await createOrder(companyA, '2026-10-15T12:00:00.000Z'));
  inPeriodA.push(await createOrder(companyA, '2026-10-30T12:00:00.000Z'));
  await createOrder(companyA, '2026-09-20T12:00:00.000Z');
  await createOrder(companyA, '2026-11-02T12:00:00.000Z');
  await createOrder(companyB, '2026-10-10T12:00:00.000Z');
}, 180_000);

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('the export by mail', () => {
  it("answers {success} at once, then mails a link whose spreadsheet holds the period's orders of the user's companies only", async () => {
    const exporter = await t.createUser({ permissions: ['orderRead', 'orderExport'], allowedCompanies: [companyA] });
    const answer = await t
      .client(exporter.token, 'en')
      .get('/order/export', { filter: { createdAt: [FROM, TO] }, timezone: 'America/Sao_Paulo' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true });
    const mail = await smtp.waitFor((m) => m.to.includes(exporter.email), 60_000);
    expect(mail.subject).toBe('Your order export from Ebox Console is ready');
    expect(mail.text).toContain('01/10/2026 00:00');
    expect(mail.text).toContain('30/10/2026 23:59');
    expect(mail.text).toContain('24 hours');
    const link = exportLinkIn(mail.text);
    expect(mail.html).toContain(link.replace(/&/g, '&amp;'));
    // no session needed: the signed link is the key
    const download = await fetch(link);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toContain('spreadsheetml');
    const sheet = await readSheet(await download.arrayBuffer());
    expect(sheet.name).toBe('data');
    const [header, ...rows] = sheet.rows;
    expect(header).toContain('Tracking code');
    const codeColumn = (header as string[]).indexOf('Tracking code');
    expect(rows.map((row) => row[codeColumn]).sort()).toEqual([...inPeriodA].sort());
    // words in the reader's language
    expect(rows[0]).toContain('Delivery');
    // a header to work with: bold, frozen above the rows, filterable over every column and row
    expect(sheet.headerBold).toBe(true);
    expect(sheet.frozenRows).toBe(1);
    const lastColumn = String.fromCharCode(64 + (header as string[]).length);
    expect(sheet.autoFilter).toBe(`A1:${lastColumn}${rows.length + 1}`);
    // phones as people dial them, not the stored digits
    expect(rows[0]?.[(header as string[]).indexOf('Customer mobile')]).toBe('+55 (21) 98765-4321');
  }, 120_000);

  it('mails in Portuguese to a Portuguese request, with the columns chosen', async () => {
    const exporter = await t.createUser({ permissions: ['orderRead', 'orderExport'] });
    ok(
      await t.client(exporter.token, 'pt-BR').get('/order/export', { filter: { createdAt: [FROM, TO] }, fields: ['trackingCode', 'type'] }),
    );
    const mail = await smtp.waitFor((m) => m.to.includes(exporter.email), 60_000);
    expect(mail.subject).toBe('Sua exportação de pedidos do Ebox Console está pronta');
    const sheet = await readSheet(await (await fetch(exportLinkIn(mail.text))).arrayBuffer());
    expect(sheet.rows[0]).toEqual(['Código de rastreio', 'Tipo']);
    // every company: the three of A and the one of B
    expect(sheet.rows.length - 1).toBe(4);
  }, 120_000);

  it("refuses an expired link and a tampered one, in the reader's language", async () => {
    const id = '00000000-0000-4000-8000-000000000001';
    const expired = exportLinkOf({ appUrl: t.baseUrl, secret: t.config.jwtSecret, id, name: 'x.xlsx', expires: Date.now() - 1000 });
    const answer = await fetch(expired, { headers: { 'accept-language': 'en' } });
    expect(answer.status).toBe(403);
    expect(((await answer.json()) as any).error.message).toBe('This download link has expired: export the orders again');
    const pt = await fetch(expired, { headers: { 'accept-language': 'pt-BR' } });
    expect(((await pt.json()) as any).error.message).toBe('Este endereço para baixar a planilha expirou: exporte os pedidos novamente');
    const valid = exportLinkOf({ appUrl: t.baseUrl, secret: t.config.jwtSecret, id, name: 'x.xlsx', expires: Date.now() + 60_000 });
    // a later expiry written into a link breaks its signature
    const tampered = valid.replace(/expires=\d+/, `expires=${Date.now() + 10 * 86_400_000}`);
    const refused = await fetch(tampered, { headers: { 'accept-language': 'en' } });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as any).error.message).toBe('This download link is not valid');
    // a valid link to a file that is not there
    expect((await fetch(valid)).status).toBe(404);
  });
});

describe('what the export refuses', () => {
  it('needs a creation period of at most 31 days (spec 9), with translated 400s', async () => {
    const en = t.client(owner.token, 'en');
    const none = await en.get('/order/export', {});
    expect(none.status).toBe(400);
    expect(none.body.error.message).toBe('Choose the creation period to export (from and to)');
    const open = await en.get('/order/export', { filter: { createdAt: [FROM, ''] } });
    expect(open.status).toBe(400);
    const long = await en.get('/order/export', { filter: { createdAt: ['2026-10-01T00:00:00.000Z', '2026-11-01T00:00:01.000Z'] } });
    expect(long.status).toBe(400);
    expect(long.body.error.message).toBe('Choose a creation period of at most 31 days');
    const pt = await t
      .client(owner.token, 'pt-BR')
      .get('/order/export', { filter: { createdAt: ['2026-10-01T00:00:00.000Z', '2026-12-01T00:00:00.000Z'] } });
    expect(pt.body.error.message).toBe('Escolha um período de criação de no máximo 31 dias');
    const reversed = await en.get('/order/export', { filter: { createdAt: [TO, FROM] } });
    expect(reversed.status).toBe(400);
    // exactly 31 days is allowed
    ok(await en.get('/order/export', { filter: { createdAt: ['2026-10-01T00:00:00.000Z', '2026-11-01T00:00:00.000Z'] } }));
    // its mail comes (and the job is done before the app closes)
    await smtp.waitFor((m) => m.to.includes(owner.email), 60_000);
  }, 120_000);

  it('answers 400 to an unknown filter before queueing anything', async () => {
    const answer = await owner.api.get('/order/export', { filter: { createdAt: [FROM, TO], nope: 'x' } });
    expect(answer.status).toBe(400);
  });

  it('refuses a user without orderExport (403) and nobody (401)', async () => {
    const reader = await t.createUser({ permissions: ['orderRead'] });
    expect((await reader.api.get('/order/export', { filter: { createdAt: [FROM, TO] } })).status).toBe(403);
    expect((await t.api.get('/order/export', { filter: { createdAt: [FROM, TO] } })).status).toBe(401);
  });
});
