import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';

export type Db = NodePgDatabase<Record<string, never>>;
/** A database handle or an open transaction: data-layer functions accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export type Database = { pool: pg.Pool; db: Db; close: () => Promise<void> };

// Timestamps travel as ISO strings; numeric scale columns come back as numbers through drizzle.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export function connectDatabase(url: string, max = 10): Database {
  // A server that does not answer (network cut) fails a query after 10 s instead of holding it forever.
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 10_000 });
  // An idle connection dropped by the server (restart, failover) must not crash the process: the
  // pool discards it and the next query opens a new one.
  pool.on('error', (error) => process.stderr.write(`database connection lost: ${error.message}\n`));
  const db = drizzle(pool) as Db;
  return { pool, db, close: () => pool.end() };
}
