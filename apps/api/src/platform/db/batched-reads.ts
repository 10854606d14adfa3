import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from './client';
import { executePrepared } from './prepared';

/** What a read of the data layer needs of a connection: one query at a time, its rows back. */
export type Reader = Pick<Tx, 'execute'>;

type Pending = { query: SQL; resolve: (rows: Record<string, unknown>[]) => void; reject: (error: unknown) => void };

/**
 * A reader that sends the queries asked for together as one statement. Reads started at once (a
 * page's independent parts) each ask their first query in the same turn of the event loop; those
 * go to PostgreSQL as one statement, each query's rows as a JSON array, and each read's next query
 * goes with the others' next ones. A page of twenty reads costs three or four round trips instead
 * of twenty, which is most of its time on a busy machine, where each round trip waits for a core.
 * Everything runs on `tx`, so in one snapshot. A query alone is sent as it is. A read whose queries
 * do not need one another's rows asks them at once (Promise.all), so they go in the same statement.
 *
 * Rows read through JSON carry JSON's types: numbers and strings as the driver gives them, but a
 * timestamp is an ISO string (never a Date) and a numeric a number; the reads that use it convert
 * what they read (`new Date(value)`, `Number(value)`), as they do for the driver's own types.
 */
export function batchedReader(tx: Tx): Reader {
  let pending: Pending[] = [];
  let scheduled = false;

  const flush = async () => {
    scheduled = false;
    const batch = pending;
    pending = [];
    if (batch.length === 1) {
      const [only] = batch as [Pending];
      executePrepared(tx, only.query).then((result) => only.resolve(result.rows), only.reject);
      return;
    }
    // Each query's rows in the order the query gave them (row_number over its own output), the
    // number dropped here: dropping it in SQL (to_jsonb(q) - '__n') doubled the cost of the JSON,
    // 11 ms more for a series' 2,300 rows.
    const columns = batch.map(
      ({ query }, index) =>
        sql`(select coalesce(json_agg(q order by q.__n), '[]'::json)
               from (select row_number() over () as __n, s.* from (${query}) s) q) as ${sql.identifier(`r${index}`)}`,
    );
    try {
      const result = await executePrepared(tx, sql`select ${sql.join(columns, sql`, `)}`);
      const row = result.rows[0] ?? {};
      for (const [index, { resolve }] of batch.entries()) {
        const rows = (row[`r${index}`] ?? []) as Record<string, unknown>[];
        for (const read of rows) delete read.__n;
        resolve(rows);
      }
    } catch (error) {
      for (const { reject } of batch) reject(error);
    }
  };

  const reader = {
    execute(query: SQL) {
      return new Promise<{ rows: Record<string, unknown>[] }>((resolve, reject) => {
        pending.push({ query, resolve: (rows) => resolve({ rows }), reject });
        if (!scheduled) {
          scheduled = true;
          // After the current turn's promise jobs: every read started together has asked by then.
          setImmediate(() => void flush());
        }
      });
    },
  };
  // The reads use only `rows` of what drizzle's execute answers (its query result's other members:
  // row count, fields) and only `execute` of the connection.
  return reader as unknown as Reader;
}
