import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from './support/test-app';

/**
 * Issue 9, item 5: every list exports as .csv besides .xlsx (GET /{entity}/export?format=csv), the
 * same columns, filters, sort, company scope and permission, written for Excel in Brazil: UTF-8
 * with a byte order mark, `;` between values, headers and words in the reader's language, relations
 * by label, dates as DD/MM/YYYY HH:mm in the requested time zone. The xlsx still opens.
 */

let t: TestApp;
let owner: TestUser;
let companyA: string;
let companyB: string;
const tag = `csv${Date.now().toString(36)}`;

beforeAll(async () => {
  t = await startTestApp();
  owner = await t.createUser({ roles: ['owner'] });
  companyA = (await owner.api.post('/company', { data: { name: 'Transportes São João; Filial', type: 'carrier' } })).body.id;
  companyB = (await owner.api.post('/company', { data: { name: 'Loja Sigilosa', type: 'shipper' } })).body.id;
  for (const [name, company, enable] of [
    [`Ana Lúcia ${tag}`, companyA, true],
    [`Bruno "Bê" Araújo ${tag}`, companyA, false],
    [`=HYPERLINK("x") ${tag}`, companyA, true],
    [`Cecília ${tag}`, companyB, true],
  ] as const) {
    const created = await owner.api.post('/customer', { data: { name, company, enable, email: `${name.length}${tag}@example.com` } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
  }
});

afterAll(async () => {
  await t?.close();
});

const FIELDS = ['name', 'company', 'enable', 'createdAt'];

async function exportOf(token: string, language: string, extra = '') {
  const query = `${FIELDS.map((f) => `fields[]=${f}`).join('&')}&filter[name]=${tag}&orderBy=name_ASC${extra}`;
  return fetch(`${t.baseUrl}/io/api/v1/customer/export?${query}`, {
    headers: { authorization: `Bearer ${token}`, 'accept-language': language },
  });
}

/** The file's lines as raw cells (quotes kept), split at the `;` outside quotes. */
function linesOf(bytes: Buffer): string[][] {
  return bytes
    .subarray(3)
    .toString('utf8')
    .split('\r\n')
    .filter(Boolean)
    .map((line) => {
      const cells = [''];
      let quoted = false;
      for (const char of line) {
        if (char === '"') quoted = !quoted;
        if (char === ';' && !quoted) cells.push('');
        else cells[cells.length - 1] += char;
      }
      return cells;
    });
}

describe('GET /{entity}/export?format=csv', () => {
  it('writes UTF-8 with a byte order mark, translated headers and words, labels, accents and quoted values', async () => {
    const response = await exportOf(owner.token, 'pt-BR', '&format=csv&timezone=America/Sao_Paulo');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(decodeURIComponent(response.headers.get('content-disposition') ?? '')).toMatch(/Clientes_\d{14}\.csv/);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = linesOf(bytes);
    expect(header).toEqual(['Nome', 'Empresa', 'Ativo', 'Criado em']);
    expect(rows.map((row) => row.slice(0, 3))).toEqual([
      [`"'=HYPERLINK(""x"") ${tag}"`, '"Transportes São João; Filial"', 'Sim'],
      [`Ana Lúcia ${tag}`, '"Transportes São João; Filial"', 'Sim'],
      [`"Bruno ""Bê"" Araújo ${tag}"`, '"Transportes São João; Filial"', 'Não'],
      [`Cecília ${tag}`, 'Loja Sigilosa', 'Sim'],
    ]);
    for (const row of rows) expect(row[3]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);

    const en = linesOf(Buffer.from(await (await exportOf(owner.token, 'en', '&format=csv')).arrayBuffer()));
    expect(en[0]).toEqual(['Name', 'Company', 'Active', 'Created at']);
    expect(en[2]?.[2]).toBe('Yes');
  });

  it('writes dates as the wall clock of the requested time zone', async () => {
    const utc = linesOf(Buffer.from(await (await exportOf(owner.token, 'en', '&format=csv&timezone=UTC')).arrayBuffer()));
    const saoPaulo = linesOf(
      Buffer.from(await (await exportOf(owner.token, 'en', '&format=csv&timezone=America/Sao_Paulo')).arrayBuffer()),
    );
    const minutes = (text: string) => {
      const [d, m, y, hh, mm] = text.split(/[/ :]/).map(Number);
      return Date.UTC(y as number, (m as number) - 1, d, hh, mm) / 60_000;
    };
    // São Paulo is three hours behind UTC (no daylight saving time since 2019).
    expect(minutes(utc[1]?.[3] ?? '') - minutes(saoPaulo[1]?.[3] ?? '')).toBe(180);
  });

  it('keeps a limited reader to their companies, and refuses a reader without the permission', async () => {
    const limited = await t.createUser({ permissions: ['customerRead'], allowedCompanies: [companyB] });
    const rows = linesOf(Buffer.from(await (await exportOf(limited.token, 'en', '&format=csv')).arrayBuffer()));
    expect(rows.slice(1).map((row) => row[0])).toEqual([`Cecília ${tag}`]);
    const stranger = await t.createUser({ permissions: ['companyRead'] });
    expect((await exportOf(stranger.token, 'en', '&format=csv')).status).toBe(403);
    const unknown = await exportOf(owner.token, 'en', '&format=ods');
    expect(unknown.status).toBe(400);
  });

  it('still writes an xlsx that opens, with the same rows', async () => {
    const response = await exportOf(owner.token, 'pt-BR', '&timezone=UTC');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const rows: unknown[][] = [];
    workbook.getWorksheet('data')?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(['Nome', 'Empresa', 'Ativo', 'Criado em']);
    expect(rows.slice(1).map((row) => row.slice(0, 3))).toEqual([
      [`=HYPERLINK("x") ${tag}`, 'Transportes São João; Filial', 'Sim'],
      [`Ana Lúcia ${tag}`, 'Transportes São João; Filial', 'Sim'],
      [`Bruno "Bê" Araújo ${tag}`, 'Transportes São João; Filial', 'Não'],
      [`Cecília ${tag}`, 'Loja Sigilosa', 'Sim'],
    ]);
    const first = await owner.api.get('/customer', { filter: { name: tag }, orderBy: 'name_ASC', limit: 1 });
    const created = first.body.rows[0]?.createdAt;
    // A date cell: the wall clock of the time zone (UTC here), to the second.
    const cell = rows[1]?.[3];
    expect(cell).toBeInstanceOf(Date);
    expect(Math.abs((cell as Date).getTime() - new Date(created).getTime())).toBeLessThan(1000);
  });
});
