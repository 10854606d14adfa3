import { generateCpf } from '@ebox/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWithTwoCompanies, type TestApp, type TestUser } from './support/test-app';

/**
 * Issue 9, item 4: the console imports ten rows at a time, and the checks of a row (its import hash
 * and its unique document) are one query. Each row still gets the answer it would have had alone,
 * and a row the database refuses neither takes the others down nor leaves anything half-written.
 */

let t: TestApp;
let owner: TestUser;
let companyA: string;

beforeAll(async () => {
  ({ t, owner, companyA } = await startWithTwoCompanies(
    { name: 'Importadora A', type: 'carrier' },
    { name: 'Importadora B', type: 'carrier' },
  ));
});
afterAll(() => t?.close());

const importRow = (name: string, n: number, importHash = `shared-${name}-${n}`) =>
  owner.api.post('/customer/import', {
    data: { name, company: 'Importadora A', documentNumber: generateCpf(200_000_000 + n) },
    importHash,
  });

async function storedCount(prefix: string): Promise<{ customers: number; audits: number }> {
  const { rows } = await t.database.pool.query<{ customers: number; audits: number }>(
    `SELECT (SELECT count(*)::int FROM customer WHERE name LIKE $1) AS customers,
            (SELECT count(*)::int FROM audit_log WHERE entity_name = 'customer' AND action = 'import' AND entity_label LIKE $1) AS audits`,
    [`${prefix}%`],
  );
  return rows[0] as { customers: number; audits: number };
}

describe('rows imported together', () => {
  it('answer each row as alone: a taken document and a repeated hash are refused, the rest stored and audited', async () => {
    const taken = await importRow('Antes junto', 1);
    expect(taken.status).toBe(200);
    const answers = await Promise.all([
      ...Array.from({ length: 8 }, (_, i) => importRow(`Junto ${i}`, 10 + i)),
      importRow('Junto documento repetido', 1),
      importRow('Junto 0', 10, 'shared-Junto 0-10'),
    ]);
    expect(answers.slice(0, 8).map((a) => a.status)).toEqual(Array(8).fill(200));
    expect(answers[8]?.status).toBe(409);
    expect(answers[8]?.body.error.fields[0].path).toBe('documentNumber');
    expect(answers[9]?.status).toBe(409);
    expect(answers[9]?.body.error.message).toMatch(/importa/i);
    expect(await storedCount('Junto ')).toEqual({ customers: 8, audits: 8 });
    expect(answers[0]?.body.company).toEqual({ id: companyA, label: 'Importadora A' });
  });

  it('keep the rows the database accepts when it refuses one of them, with nothing half-written', async () => {
    // A rule the kit does not know, raised by the database itself in the middle of a transaction.
    await t.database.pool.query(`
      CREATE FUNCTION refuse_exploding_customer() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.name = 'Falha explode' THEN RAISE EXCEPTION 'refused by a test trigger'; END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER refuse_exploding_customer BEFORE INSERT ON customer FOR EACH ROW EXECUTE FUNCTION refuse_exploding_customer();`);
    try {
      const answers = await Promise.all([
        ...Array.from({ length: 4 }, (_, i) => importRow(`Falha ${i}`, 100 + i)),
        importRow('Falha explode', 200),
        ...Array.from({ length: 4 }, (_, i) => importRow(`Falha ${i + 4}`, 104 + i)),
      ]);
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 500, 200, 200, 200, 200]);
      expect(await storedCount('Falha ')).toEqual({ customers: 8, audits: 8 });
      // Each stored row is whole: its audit entry names it.
      const { rows } = await t.database.pool.query<{ name: string }>(
        `SELECT c.name FROM customer c JOIN audit_log a ON a.entity_id = c.id::text AND a.action = 'import' WHERE c.name LIKE 'Falha %' ORDER BY c.name`,
      );
      expect(rows.map((r) => r.name)).toEqual(Array.from({ length: 8 }, (_, i) => `Falha ${i}`));
    } finally {
      await t.database.pool.query('DROP TRIGGER refuse_exploding_customer ON customer; DROP FUNCTION refuse_exploding_customer()');
    }
  });
});
