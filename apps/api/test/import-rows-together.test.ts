import { generateCpf } from '@ebox/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceOf } from '../src/kit/service';
import { loadCurrentUser } from '../src/platform/auth/current-user';
import { contextOf } from '../src/platform/context';
import { startWithTwoCompanies, type TestApp, type TestUser } from './support/test-app';

/**
 * Issue 9, item 4: the console imports ten rows at a time, and the checks of a row (its import hash
 * and its unique document) are one query. Each row still gets the answer it would have had alone,
 * and a row the database refuses neither takes the others down nor leaves anything half-written.
 */

let t: TestApp;
let owner: TestUser;
let companyA: string;
let companyB: string;

beforeAll(async () => {
  ({ t, owner, companyA, companyB } = await startWithTwoCompanies(
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

  it('answer each person within their own companies when their rows arrive together', async () => {
    const limited = await t.createUser({ permissions: ['customerImport', 'customerRead'], allowedCompanies: [companyB] });
    const asLimited = (name: string, company: string, n: number) =>
      limited.api.post('/customer/import', {
        data: { name, company, documentNumber: generateCpf(200_000_000 + n) },
        importHash: `limited-${name}-${n}`,
      });
    const answers = await Promise.all([
      importRow('Escopo dono 1', 300),
      asLimited('Escopo limitado fora', 'Importadora A', 301),
      asLimited('Escopo limitado dentro', 'Importadora B', 302),
      importRow('Escopo dono 2', 303),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 400, 200, 200]);
    // The company the limited user may not see is answered as one that does not exist.
    expect(answers[1]?.body.error.fields[0].path).toBe('company');
    expect(answers[2]?.body.company).toEqual({ id: companyB, label: 'Importadora B' });
    expect(await storedCount('Escopo ')).toEqual({ customers: 3, audits: 3 });
    const { rows } = await t.database.pool.query<{ actor: string; name: string }>(
      `SELECT a.actor_label AS actor, c.name FROM customer c JOIN audit_log a ON a.entity_id = c.id::text AND a.action = 'import'
        WHERE c.name LIKE 'Escopo %' ORDER BY c.name`,
    );
    expect(rows).toEqual([
      { actor: owner.email, name: 'Escopo dono 1' },
      { actor: owner.email, name: 'Escopo dono 2' },
      { actor: limited.email, name: 'Escopo limitado dentro' },
    ]);
  });

  it('answer a hash repeated within one batch once, and the repeat 409, as if each came alone', async () => {
    const user = await loadCurrentUser(t.database.db, owner.id);
    if (!user) throw new Error('owner not found');
    const ctx = contextOf(t.app.deps, { kind: 'user', user });
    const customers = serviceOf('customer');
    // Calls made in one turn of the event loop are written as one batch.
    const answers = await Promise.allSettled([
      customers.import(ctx, { name: 'Lote 1', company: 'Importadora A', documentNumber: generateCpf(200_000_400) }, 'lote-repetido'),
      customers.import(ctx, { name: 'Lote 2', company: 'Importadora A', documentNumber: generateCpf(200_000_401) }, 'lote-repetido'),
      customers.import(ctx, { name: 'Lote 3', company: 'Importadora A', documentNumber: generateCpf(200_000_402) }, 'lote-outro'),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(answers[1]).toMatchObject({ reason: { kind: 'conflict' } });
    expect(await storedCount('Lote ')).toEqual({ customers: 2, audits: 2 });
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
