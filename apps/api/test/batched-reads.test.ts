import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchedReader } from '../src/platform/db/batched-reads';
import type { Tx } from '../src/platform/db/client';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * The dashboard's reads go through a batched reader (platform/db/batched-reads.ts): queries asked in
 * the same turn travel as one statement, each read still gets exactly its own rows, in order, in
 * the same snapshot, and a failure reaches every read of its statement.
 */

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

/** A transaction whose statements are counted, read only as the dashboard reads. */
async function inCountedTransaction<T>(work: (tx: Tx, statements: () => number) => Promise<T>): Promise<T> {
  return t.database.db.transaction(
    async (tx) => {
      let statements = 0;
      // The reader sends its statements as prepared ones, through the transaction's session.
      const session = tx._.session;
      const counted = Object.assign(Object.create(tx), {
        _: {
          ...tx._,
          session: Object.assign(Object.create(session), {
            prepareQuery: (...args: Parameters<typeof session.prepareQuery>) => {
              statements += 1;
              return session.prepareQuery(...args);
            },
          }),
        },
      }) as Tx;
      return work(counted, () => statements);
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

describe('the batched reader', () => {
  it('sends the queries of reads started together as one statement, each read getting its own rows in order', async () => {
    await inCountedTransaction(async (tx, statements) => {
      const db = batchedReader(tx);
      const [numbers, letters, none, values] = await Promise.all([
        db.execute(sql`select n from generate_series(5, 1, -1) as n order by n desc`),
        db.execute(sql`select chr(64 + n) as letter from generate_series(1, 3) as n`),
        db.execute(sql`select 1 as one where false`),
        db.execute(sql`select ${"o'brien"}::text as name, ${42}::int as answer, 1.5::float8 as ratio`),
      ]);
      expect(statements()).toBe(1);
      expect(numbers.rows.map((row) => row.n)).toEqual([5, 4, 3, 2, 1]);
      expect(letters.rows).toEqual([{ letter: 'A' }, { letter: 'B' }, { letter: 'C' }]);
      expect(none.rows).toEqual([]);
      expect(values.rows).toEqual([{ name: "o'brien", answer: 42, ratio: 1.5 }]);
      // A read's next query, asked once its first answered, goes in the next statement, in the same snapshot.
      const [first, again] = await Promise.all([
        db.execute(sql`select now() as at, ${'x'}::text as tag`),
        db.execute(sql`select now() as at`),
      ]);
      expect(statements()).toBe(2);
      // Through JSON a timestamp is an ISO string; the reads convert it as they convert the driver's text.
      expect(new Date(String(first.rows[0]?.at)).getTime()).toBe(new Date(String(again.rows[0]?.at)).getTime());
      const alone = await db.execute(sql`select now() as at`);
      expect(statements()).toBe(3);
      expect(new Date(String(alone.rows[0]?.at)).getTime()).toBe(new Date(String(first.rows[0]?.at)).getTime());
      // Each text is prepared once on its connection and then only bound: the same reads again add no statement.
      const prepared = async () => Number((await tx.execute(sql`select count(*)::int as n from pg_prepared_statements`)).rows[0]?.n);
      const before = await prepared();
      expect(before).toBeGreaterThan(0);
      await Promise.all([db.execute(sql`select now() as at, ${'y'}::text as tag`), db.execute(sql`select now() as at`)]);
      await db.execute(sql`select now() as at`);
      expect(statements()).toBe(5);
      expect(await prepared()).toBe(before);
    });
  });

  it('fails every read of a statement when one of its queries fails', async () => {
    await expect(
      inCountedTransaction(async (tx) => {
        const db = batchedReader(tx);
        const answers = await Promise.allSettled([db.execute(sql`select 1 as one`), db.execute(sql`select 1 / 0 as broken`)]);
        expect(answers.map((answer) => answer.status)).toEqual(['rejected', 'rejected']);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
  });
});
