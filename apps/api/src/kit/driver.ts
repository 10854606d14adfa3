import type { SQL } from 'drizzle-orm';
import pg from 'pg';
import type { Tx } from '../platform/db/client';

/**
 * The kit's hot paths (a list page, its maintained total) skip drizzle's query builders and row
 * mapping (issue 9: they cost more than the query itself on a cheap page): they send their text to
 * node-postgres's client behind the drizzle handle, the pool or a transaction's connection, with
 * the driver's parsers set as drizzle sets them, and render only the parts that change per request
 * with drizzle's own dialect.
 */

/** A statement as node-postgres takes it; `rowMode: 'array'` answers each row as its values in order. */
type Statement = pg.QueryConfig & { rowMode?: 'array' };

export type Driver = {
  dialect: { sqlToQueryFrom(statement: SQL, paramsBefore: number): { sql: string; params: unknown[] } };
  /** `config` as a prepared statement when its text is one of the kit's repeated shapes (see `runShaped`). */
  query<R extends Record<string, unknown>>(config: Statement): Promise<pg.QueryResult<R>>;
};

type DrizzleInternals = {
  session?: { client?: unknown };
  dialect?: { casing: unknown; escapeName: unknown; escapeParam: unknown; escapeString: unknown; prepareTyping: unknown };
};

const drivers = new WeakMap<object, Driver | null>();

/** Queries on node-postgres's client (the pool, or a transaction's connection) and drizzle's dialect behind `db`. */
export function driverOf(db: Tx): Driver | null {
  const known = drivers.get(db);
  if (known !== undefined) return known;
  // drizzle keeps its session and dialect out of its public types: read as what they are at run time.
  const { session, dialect } = db as unknown as DrizzleInternals;
  const client = session?.client;
  let driver: Driver | null = null;
  // The pool, or a transaction's connection: node-postgres's Client, which the pool hands out.
  if ((client instanceof pg.Pool || client instanceof pg.Client) && dialect) {
    driver = {
      query: client instanceof pg.Pool ? (config) => runShaped(client, config) : (config) => client.query(config),
      dialect: {
        sqlToQueryFrom: (statement, paramsBefore) =>
          statement.toQuery({
            casing: dialect.casing,
            escapeName: dialect.escapeName,
            escapeParam: dialect.escapeParam,
            escapeString: dialect.escapeString,
            prepareTyping: dialect.prepareTyping,
            paramStartIndex: { value: paramsBefore },
            // BuildQueryConfig's casing cache is drizzle-internal: its dialect's own, passed on as it is.
          } as never),
      },
    };
  }
  drivers.set(db, driver);
  return driver;
}

/** The driver's parsers as drizzle's queries set them: dates, times and intervals stay text for their columns to read. */
const TEXT_TYPES = new Set([1082, 1114, 1115, 1182, 1184, 1185, 1186, 1187, 1231]);
// pg types getTypeParser as an overload set no single function declares, so the object is asserted.
export const DRIVER_TYPES = {
  getTypeParser: (typeId: number, format?: 'text' | 'binary') =>
    TEXT_TYPES.has(typeId) ? (value: string) => value : pg.types.getTypeParser(typeId, format),
} as pg.CustomTypesConfig;

/**
 * Prepared statements for the kit's repeated SQL shapes (issue 9: PostgreSQL's parsing and planning
 * of a list page cost more than running it; a raw primary-key lookup is planned in a tenth of the
 * time). A text seen twice gets a name and is prepared once per pool connection, then only bound
 * and run. Bounds and safety:
 *
 * - at most MAX_NAMED texts hold a name; past that the names start over (as the page heads do), and
 *   a connection that has prepared more than MAX_PER_CONNECTION statements is closed on release,
 *   so no connection piles up statements nobody runs any more;
 * - a name is never given to another text (a counter, not a hash), so node-postgres never refuses
 *   one as "used for a different statement";
 * - PostgreSQL plans a prepared statement again by itself after DDL on what it reads (a migration,
 *   a new index); the one change it refuses, a column of the answer changing type ("cached plan
 *   must not change result type"), or a statement gone from its connection, closes that connection
 *   and runs the text once more unprepared, on a fresh one;
 * - only reads on the pool are prepared: inside a transaction a refused statement would end the
 *   transaction, so transactions keep unnamed statements. Connections are PostgreSQL's own
 *   (a transaction-pooling PgBouncer in between would need its prepared-statement support).
 */
const MAX_NAMED = 500;
const MAX_PER_CONNECTION = MAX_NAMED * 2;
const named = new Map<string, string>();
/** Texts seen once: a one-off shape (a filter by 37 ids) never takes a name. */
const seenOnce = new Set<string>();
let nextName = 0;
const preparedOn = new WeakMap<pg.PoolClient, Set<string>>();

function nameOf(text: string): string | undefined {
  const known = named.get(text);
  if (known) return known;
  if (!seenOnce.has(text)) {
    if (seenOnce.size >= MAX_NAMED) seenOnce.clear();
    seenOnce.add(text);
    return undefined;
  }
  seenOnce.delete(text);
  if (named.size >= MAX_NAMED) named.clear();
  nextName += 1;
  const name = `kit_${nextName}`;
  named.set(text, name);
  return name;
}

/** A prepared statement PostgreSQL will not run as prepared: plan it again on another connection. */
function isStalePrepared(error: unknown): boolean {
  if (!(error instanceof Error) || !('code' in error)) return false;
  return error.code === '26000' || (error.code === '0A000' && /cached plan/.test(error.message));
}

async function runShaped<R extends Record<string, unknown>>(pool: pg.Pool, config: Statement): Promise<pg.QueryResult<R>> {
  const name = nameOf(config.text);
  if (!name) return pool.query<R>(config);
  const client = await pool.connect();
  let prepared = preparedOn.get(client);
  if (!prepared) {
    prepared = new Set();
    preparedOn.set(client, prepared);
  }
  try {
    const result = await client.query<R>({ ...config, name });
    prepared.add(name);
    client.release(prepared.size > MAX_PER_CONNECTION);
    return result;
  } catch (error) {
    // As pool.query does, a connection whose statement failed is closed (a stale statement with it).
    client.release(error instanceof Error ? error : true);
    if (isStalePrepared(error)) return pool.query<R>(config);
    throw error;
  }
}
