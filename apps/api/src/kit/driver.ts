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

export type Driver = {
  client: { query<R extends Record<string, unknown>>(config: pg.QueryConfig): Promise<pg.QueryResult<R>> };
  dialect: { sqlToQueryFrom(statement: SQL, paramsBefore: number): { sql: string; params: unknown[] } };
};

type DrizzleInternals = {
  session?: { client?: { query?: unknown } };
  dialect?: { casing: unknown; escapeName: unknown; escapeParam: unknown; escapeString: unknown; prepareTyping: unknown };
};

const drivers = new WeakMap<object, Driver | null>();

/** node-postgres's client (the pool, or a transaction's connection) and drizzle's dialect behind `db`. */
export function driverOf(db: Tx): Driver | null {
  const known = drivers.get(db);
  if (known !== undefined) return known;
  const { session, dialect } = db as unknown as DrizzleInternals;
  const client = session?.client;
  let driver: Driver | null = null;
  if (client && typeof client.query === 'function' && dialect) {
    driver = {
      client: client as Driver['client'],
      dialect: {
        sqlToQueryFrom: (statement, paramsBefore) =>
          statement.toQuery({
            casing: dialect.casing,
            escapeName: dialect.escapeName,
            escapeParam: dialect.escapeParam,
            escapeString: dialect.escapeString,
            prepareTyping: dialect.prepareTyping,
            paramStartIndex: { value: paramsBefore },
          } as never),
      },
    };
  }
  drivers.set(db, driver);
  return driver;
}

/** The driver's parsers as drizzle's queries set them: dates, times and intervals stay text for their columns to read. */
const TEXT_TYPES = new Set([1082, 1114, 1115, 1182, 1184, 1185, 1186, 1187, 1231]);
export const DRIVER_TYPES = {
  getTypeParser: (typeId: number, format?: 'text' | 'binary') =>
    TEXT_TYPES.has(typeId) ? (value: string) => value : pg.types.getTypeParser(typeId, format),
} as pg.CustomTypesConfig;
