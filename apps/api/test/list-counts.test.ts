import { ENTITIES } from '@ebox/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from './support/test-app';

/**
 * Issue 9 (items 1, 2, 7): list totals that do not count every row (maintained per company, capped
 * otherwise, exact on request), whole-value lookups by equality, and keyset paging.
 */

let t: TestApp;
let owner: TestUser;
let alfa: string;
let beta: string;

/** What PostgreSQL itself counts, to hold the maintained totals against. */
async function countedBySql(company?: string): Promise<number> {
  const { rows } = await t.database.pool.query<{ n: string }>(
    company ? 'SELECT count(*) AS n FROM customer WHERE company_id = $1' : 'SELECT count(*) AS n FROM customer',
    company ? [company] : [],
  );
  return Number(rows[0]?.n);
}

async function listCount(query: Record<string, unknown> = {}, user = owner) {
  const response = await user.api.get('/customer', { limit: 1, ...query });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as { count: number; countCapped?: true; rows: { id: string }[] };
}

async function createCustomer(data: Record<string, unknown>): Promise<string> {
  const response = await owner.api.post('/customer', { data: { company: alfa, ...data } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.id;
}

beforeAll(async () => {
  t = await startTestApp();
  owner = await t.createUser({ roles: ['owner'] });
  const company = async (name: string) => (await owner.api.post('/company', { data: { name, type: 'carrier' } })).body.id as string;
  alfa = await company('Transportadora Alfa');
  beta = await company('Loja Beta');
});
afterAll(() => t?.close());

describe('maintained totals', () => {
  it('every declared entity table keeps its counts by trigger', async () => {
    const { rows } = await t.database.pool.query<{ tgname: string }>(
      `SELECT tgname FROM pg_trigger WHERE tgname LIKE '%\\_count\\_insert'`,
    );
    const counted = new Set(rows.map((row) => row.tgname));
    for (const entity of Object.values(ENTITIES)) expect(counted, entity.table).toContain(`${entity.table}_count_insert`);
  });

  it('stay right after create, import, a company change and delete, per company and in all', async () => {
    const check = async () => {
      expect((await listCount()).count).toBe(await countedBySql());
      expect((await listCount({ filter: { company: alfa } })).count).toBe(await countedBySql(alfa));
      expect((await listCount({ filter: { company: beta } })).count).toBe(await countedBySql(beta));
      // A page past the end has no row to carry the total with it, and still answers it.
      const pastEnd = await listCount({ filter: { company: alfa }, offset: (await countedBySql(alfa)) + 5 });
      expect({ count: pastEnd.count, rows: pastEnd.rows.length }).toEqual({ count: await countedBySql(alfa), rows: 0 });
    };
    const before = (await listCount()).count;
    const id = await createCustomer({ name: 'Contada Um' });
    await check();
    expect((await listCount()).count).toBe(before + 1);
    const imported = await owner.api.post('/customer/import', {
      data: { name: 'Contada Importada', company: beta },
      importHash: 'counts-1',
    });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    await check();
    const moved = await owner.api.put(`/customer/${id}`, { data: { name: 'Contada Um', company: beta } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    await check();
    expect((await owner.api.delete('/customer', { ids: [id, imported.body.id] })).status).toBe(200);
    await check();
    expect((await listCount()).count).toBe(before);
  });

  it('a rolled-back insert leaves the count alone', async () => {
    const before = (await listCount({ filter: { company: alfa } })).count;
    const client = await t.database.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(`INSERT INTO customer (name, company_id) VALUES ('Nunca Gravada', $1)`, [alfa]);
      await client.query('ROLLBACK');
    } finally {
      client.release();
    }
    // A refused write through the API (a taken document) rolls back the same way.
    const document = '529.982.247-25';
    await createCustomer({ name: 'Dona do Documento', documentNumber: document });
    const taken = await owner.api.post('/customer', { data: { name: 'Outra', company: alfa, documentNumber: document } });
    expect(taken.status).toBe(409);
    expect((await listCount({ filter: { company: alfa } })).count).toBe(before + 1);
    expect(before + 1).toBe(await countedBySql(alfa));
  });

  it('a user limited to one company gets that company’s total', async () => {
    const limited = await t.createUser({ permissions: ['customerRead'], allowedCompanies: [alfa] });
    await createCustomer({ name: 'Só da Beta', company: beta });
    expect((await listCount({}, limited)).count).toBe(await countedBySql(alfa));
    expect((await listCount({ filter: { company: alfa } }, limited)).count).toBe(await countedBySql(alfa));
    // Another company's total is not told: it reads as a company without customers.
    expect((await listCount({ filter: { company: beta } }, limited)).count).toBe(0);
  });
});

describe('capped totals', () => {
  it('a large filtered total says "more than" and counts exactly on request', async () => {
    await t.database.pool.query(
      `INSERT INTO customer (name, company_id) SELECT 'Pessoa Silva ' || i, $1 FROM generate_series(1, 10001) AS i`,
      [beta],
    );
    const capped = await listCount({ filter: { name: 'silva' } });
    expect(capped).toMatchObject({ count: 10_000, countCapped: true });
    const exact = await listCount({ filter: { name: 'silva' }, exactCount: 'true' });
    expect(exact.count).toBe(10_001);
    expect(exact.countCapped).toBeUndefined();
    // A page past the cap still lies within the count, so a pager reaches it.
    const far = await listCount({ filter: { name: 'silva' }, offset: 10_000, limit: 10 });
    expect(far.rows).toHaveLength(1);
    expect(far.count).toBeGreaterThanOrEqual(10_001);
    // Totals the counts keep are exact whatever their size.
    const whole = await listCount();
    expect(whole.countCapped).toBeUndefined();
    expect(whole.count).toBe(await countedBySql());
    // A small filtered total is exact and unmarked.
    expect(await listCount({ filter: { name: 'Silva 9999' } })).toMatchObject({ count: 1 });
    expect((await listCount({ filter: { name: 'Silva 9999' } })).countCapped).toBeUndefined();
  });

  it('the list answer documents countCapped and exactCount', async () => {
    const spec = (await (await fetch(`${t.baseUrl}/io/api/v1/docs/json`)).json()) as { paths: Record<string, Record<string, any>> };
    const list = spec.paths['/io/api/v1/customer'].get;
    expect(JSON.stringify(list?.parameters)).toContain('exactCount');
    expect(JSON.stringify(list?.responses?.['200'])).toContain('countCapped');
  });
});

describe('whole-value lookups', () => {
  it('an exact e-mail, document or phone finds the row a "contains" filter finds, and only it', async () => {
    const id = await createCustomer({
      name: 'Ana Exata',
      email: 'ana.exata@exemplo.com.br',
      documentNumber: '111.444.777-35',
      cellphone: '(11) 98765-4321',
    });
    const other = await createCustomer({ name: 'Joana Exata', email: 'joana.exata@exemplo.com.br' });
    const ids = async (filter: Record<string, string>) =>
      (await owner.api.get('/customer', { filter, limit: 50 })).body.rows.map((r: { id: string }) => r.id);
    expect(await ids({ email: 'ana.exata' })).toEqual(expect.arrayContaining([id, other]));
    expect(await ids({ email: 'ANA.Exata@exemplo.com.br' })).toEqual([id]);
    expect(await ids({ email: '"joana.exata@exemplo.com.br"' })).toEqual([other]);
    expect(await ids({ documentNumber: '444.777' })).toEqual([id]);
    expect(await ids({ documentNumber: '11144477735' })).toEqual([id]);
    expect(await ids({ documentNumber: '111.444.777-35' })).toEqual([id]);
    expect(await ids({ cellphone: '98765-4321' })).toEqual([id]);
    expect(await ids({ cellphone: '+55 11 98765-4321' })).toEqual([id]);
    // A whole value nobody holds finds nothing, where "contains" found a longer one.
    expect(await ids({ email: 'exata@exemplo.com.br' })).toEqual([]);
  });

  it('uses the index, not a scan', async () => {
    const { rows } = await t.database.pool.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN SELECT id FROM customer WHERE lower(email) = lower('ana.exata@exemplo.com.br')`,
    );
    expect(rows.map((row) => row['QUERY PLAN']).join('\n')).toContain('customer_email_lower_idx');
  });
});

describe('keyset paging', () => {
  it('the page after a row is the page an offset gives, in either direction and on a nullable sort', async () => {
    for (let i = 0; i < 16; i += 1)
      await createCustomer({ name: `Paginada ${i % 5}`, email: i % 3 ? `paginada${i % 4}@exemplo.com` : undefined });
    for (const orderBy of ['name_ASC', 'createdAt_DESC', 'email_ASC', 'email_DESC', 'company_ASC']) {
      const first = await owner.api.get('/customer', { orderBy, limit: 7, filter: { company: alfa } });
      const byOffset = await owner.api.get('/customer', { orderBy, limit: 7, offset: 7, filter: { company: alfa } });
      const last = first.body.rows.at(-1).id;
      const byCursor = await owner.api.get('/customer', { orderBy, limit: 7, after: last, filter: { company: alfa } });
      expect(byCursor.status, JSON.stringify(byCursor.body)).toBe(200);
      expect(
        byCursor.body.rows.map((r: { id: string }) => r.id),
        orderBy,
      ).toEqual(byOffset.body.rows.map((r: { id: string }) => r.id));
      expect(byCursor.body.count).toBe(first.body.count);
    }
  });
});
