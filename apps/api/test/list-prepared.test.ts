import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from './support/test-app';

/**
 * Issue 9: a list page's SQL shape seen more than once runs as a prepared statement on each pool
 * connection (kit/driver.ts). The database changing under it (a migration run by another process
 * while this one serves) must not turn a lookup into an error: PostgreSQL plans prepared statements
 * again after DDL, and refuses only those whose answer changed type; those run again unprepared.
 */

let t: TestApp;
let owner: TestUser;
let company: string;

beforeAll(async () => {
  t = await startTestApp();
  owner = await t.createUser({ roles: ['owner'] });
  company = (await owner.api.post('/company', { data: { name: 'Preparada', type: 'carrier' } })).body.id;
  for (const name of ['Ana Preparada', 'Bruno Preparado', 'Carla Preparada']) {
    const created = await owner.api.post('/customer', {
      data: { name, company, email: `${name.split(' ')[0]?.toLowerCase()}@preparada.com.br` },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
  }
});
afterAll(() => t?.close());

/** Many lookups at once, so that several pool connections run (and prepare) the same shape. */
async function lookUpTogether(email: string, times = 24): Promise<string[]> {
  const answers = await Promise.all(Array.from({ length: times }, () => owner.api.get('/customer', { filter: { email }, limit: 10 })));
  return answers.map((answer) =>
    answer.status === 200 ? answer.body.rows.map((row: { name: string }) => row.name).join() : `${answer.status}`,
  );
}

describe('prepared list statements', () => {
  it('keep answering when a migration changes the type of a column the page reads', async () => {
    expect(new Set(await lookUpTogether('ana@preparada.com.br'))).toEqual(new Set(['Ana Preparada']));
    await t.database.pool.query('ALTER TABLE customer ALTER COLUMN name TYPE varchar(300)');
    try {
      expect(new Set(await lookUpTogether('ana@preparada.com.br'))).toEqual(new Set(['Ana Preparada']));
    } finally {
      await t.database.pool.query('ALTER TABLE customer ALTER COLUMN name TYPE text');
    }
    expect(new Set(await lookUpTogether('bruno@preparada.com.br'))).toEqual(new Set(['Bruno Preparado']));
  });

  it('see a column added and rows written since they were prepared', async () => {
    expect(new Set(await lookUpTogether('carla@preparada.com.br'))).toEqual(new Set(['Carla Preparada']));
    await t.database.pool.query('ALTER TABLE customer ADD COLUMN prepared_probe integer');
    try {
      const renamed = await t.database.pool.query(`UPDATE customer SET name = 'Carla Renomeada' WHERE email = 'carla@preparada.com.br'`);
      expect(renamed.rowCount).toBe(1);
      expect(new Set(await lookUpTogether('carla@preparada.com.br'))).toEqual(new Set(['Carla Renomeada']));
    } finally {
      await t.database.pool.query('ALTER TABLE customer DROP COLUMN prepared_probe');
    }
  });
});
