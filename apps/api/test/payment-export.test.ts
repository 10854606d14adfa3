import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from './support/answers';
import { type SmtpTestServer, startSmtpServer } from './support/smtp';
import { startTestApp, type TestApp, type TestUser } from './support/test-app';

/**
 * GET /payment/export (spec 1, 7.4): the shared mailed export (kit/mailed-export/) as the order's:
 * {success} at once, then a mail whose signed link serves the spreadsheet of the payments the user
 * may see. Payments are made only by the system, so the test writes them with SQL.
 */

let t: TestApp;
let smtp: SmtpTestServer;
let owner: TestUser;
let companyA: string;
let companyB: string;
const codesA: string[] = [];
const codesB: string[] = [];

async function insertPayment(company: string, status: string): Promise<string> {
  const trackingCode = `PX${Math.random().toString(36).slice(2, 12).toUpperCase()}`;
  await t.database.db.execute(
    sql`INSERT INTO payment (value, gateway, status, company_id, tracking_code, gateway_id)
        VALUES (${'12.50'}, ${'mercadopago'}, ${status}, ${company}, ${trackingCode}, ${trackingCode})`,
  );
  return trackingCode;
}

function exportLinkIn(text: string): string {
  const match = /(https?:\/\/\S+\/payment\/export\/file\/\S+)/.exec(text);
  if (!match?.[1]) throw new Error(`no export link in "${text}"`);
  return match[1];
}

async function readRows(link: string): Promise<string[][]> {
  const download = await fetch(link);
  expect(download.status).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await download.arrayBuffer());
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  const rows: string[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((value) => String(value ?? ''))));
  return rows;
}

function codesOf(rows: string[][], header = 'Tracking code'): string[] {
  const [head, ...body] = rows;
  const column = (head ?? []).indexOf(header);
  expect(column).toBeGreaterThanOrEqual(0);
  return body.map((row) => row[column] ?? '').sort();
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await startTestApp({ smtpUrl: smtp.url });
  owner = await t.createUser({ roles: ['owner'] });
  companyA = ok(await owner.api.post('/company', { data: { name: 'Loja Pagante A', type: 'shipper' } })).id;
  companyB = ok(await owner.api.post('/company', { data: { name: 'Loja Pagante B', type: 'shipper' } })).id;
  codesA.push(await insertPayment(companyA, 'APPROVED'), await insertPayment(companyA, 'PENDING'));
  codesB.push(await insertPayment(companyB, 'DECLINED'));
}, 180_000);

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('the payment export by mail', () => {
  it("mails the owner a link to every company's payments, in English", async () => {
    const answer = await t.client(owner.token, 'en').get('/payment/export', { timezone: 'America/Sao_Paulo' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true });
    const mail = await smtp.waitFor((m) => m.to.includes(owner.email), 60_000);
    expect(mail.subject).toBe('Your payment export from Ebox Console is ready');
    expect(mail.text).toContain('payments');
    expect(mail.text).toContain('24 hours');
    const rows = await readRows(exportLinkIn(mail.text));
    const mine = codesOf(rows).filter((code) => [...codesA, ...codesB].includes(code));
    expect(mine).toEqual([...codesA, ...codesB].sort());
  }, 120_000);

  it("gives a user limited to one company only that company's payments, in Portuguese", async () => {
    const limited = await t.createUser({ permissions: ['paymentRead', 'paymentExport'], allowedCompanies: [companyA] });
    ok(await t.client(limited.token, 'pt-BR').get('/payment/export', {}));
    const mail = await smtp.waitFor((m) => m.to.includes(limited.email), 60_000);
    expect(mail.subject).toBe('Sua exportação de pagamentos do Ebox Console está pronta');
    expect(codesOf(await readRows(exportLinkIn(mail.text)), 'Código de rastreio')).toEqual([...codesA].sort());
  }, 120_000);

  it('narrows to the ids picked', async () => {
    const picker = await t.createUser({ permissions: ['paymentRead', 'paymentExport'] });
    const [first] = (await t.database.db.execute(sql`SELECT id FROM payment WHERE tracking_code = ${codesA[0]}`)).rows as {
      id: string;
    }[];
    ok(await t.client(picker.token, 'en').get('/payment/export', { ids: [first?.id] }));
    const mail = await smtp.waitFor((m) => m.to.includes(picker.email), 60_000);
    expect(codesOf(await readRows(exportLinkIn(mail.text)))).toEqual([codesA[0]]);
  }, 120_000);

  it('refuses a tampered link in words about payments', async () => {
    const mail = await smtp.waitFor((m) => m.to.includes(owner.email), 60_000);
    const tampered = exportLinkIn(mail.text).replace(/expires=\d+/, `expires=${Date.now() + 10 * 86_400_000}`);
    const refused = await fetch(tampered, { headers: { 'accept-language': 'en' } });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as any).error.message).toBe('This download link is not valid');
  });
});

describe('what the payment export refuses', () => {
  it('refuses a user without paymentExport or paymentRead (403) and nobody (401), as the order export does', async () => {
    const reader = await t.createUser({ permissions: ['paymentRead'] });
    expect((await reader.api.get('/payment/export', {})).status).toBe(403);
    expect((await t.api.get('/payment/export', {})).status).toBe(401);
    const orderReader = await t.createUser({ permissions: ['orderRead'] });
    expect((await orderReader.api.get('/payment/export', {})).status).toBe(403);
  });

  it('answers 400 to an unknown filter or a bad id before queueing anything', async () => {
    expect((await owner.api.get('/payment/export', { filter: { nope: 'x' } })).status).toBe(400);
    expect((await owner.api.get('/payment/export', { ids: ['not-a-uuid'] })).status).toBe(400);
  });
});
