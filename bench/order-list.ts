/**
 * Order list benchmark (issue 15, "How it is checked"): BENCH_ORDERS (1,000,000) orders across
 * BENCH_COMPANIES (50) companies and the demo lockers (bench/generate.ts), read through GET /order
 * with the query parameters the web console sends, beside the raw SQL of the same page and count in
 * the same run, CONCURRENCY (8) at a time (bench/list-versus-sql.ts):
 *
 * a) page 1 with the total: at least 10 times raw SQL's requests per second (the total is read
 *    from the maintained counts, not counted over a million rows);
 * b) a status and company filter and c) a 31-day creation window (the longest the order list
 *    takes, policy.ts) at page 50: a median latency at most 1.3 times raw SQL's;
 * d) the tracking-code search (GET /order?filter[trackingCode]=, the whole code, as the console's
 *    search box sends it): at least half raw SQL's requests per second.
 *
 * The raw side selects the order's own columns (the API also answers the labels of its relations)
 * and counts with count(*), as a hand-written page would. The API runs in a process of its own
 * (bench/serve-api.ts), as PostgreSQL does for the raw side: until 24/11/2026 it ran on the
 * benchmark's thread, which also ran the HTTP client of the load and parsed every answer.
 */
import { DECLARED_ENTITIES } from '@ebox/domain';
import type { PgColumn } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { entityTable } from '../apps/api/src/platform/db/entity-tables';
import { startBenchApi } from './bench-api';
import { benchTrackingCode, generateBenchOrders } from './generate';
import { CONCURRENCY, type Comparison, runComparisons, type VersusQuery } from './list-versus-sql';

export type OrderListBenchOptions = {
  orders: number;
  companies?: number;
  databaseUrl?: string;
  /** Seconds per side and round (3), and rounds (3). */
  seconds?: number;
  rounds?: number;
  log?: (line: string) => void;
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** The columns GET /order reads of its own table (the id, the declared fields, the stamps), as SQL. */
function orderColumns(): string {
  const columns = entityTable('order') as unknown as Record<string, PgColumn>;
  const names = ['id', ...Object.keys(DECLARED_ENTITIES.order.fields), 'createdAt', 'updatedAt'];
  return names
    .map((name) => columns[name]?.name)
    .filter(Boolean)
    .map((name) => `"${name}"`)
    .join(', ');
}

/** The four pages of the issue, each as the console asks it and as raw SQL. */
function orderQueries(orders: number, companyIds: string[]): VersusQuery[] {
  const columns = orderColumns();
  const page = (where: string, limit: number, offset = 0) =>
    `SELECT ${columns} FROM "order"${where ? ` WHERE ${where}` : ''} ORDER BY created_at DESC, id DESC LIMIT ${limit} OFFSET ${offset}`;
  const count = (where: string) => `SELECT count(*) FROM "order"${where ? ` WHERE ${where}` : ''}`;
  const company = companyIds[7 % companyIds.length] as string;
  const to = new Date();
  const from = new Date(to.getTime() - 31 * DAY_MS);
  const trackingCode = benchTrackingCode(Math.floor(orders / 2));
  const byCompanyAndStatus = 'company_id = $1 AND status = $2';
  const inWindow = 'created_at >= $1 AND created_at <= $2';
  const byTrackingCode = 'lower(tracking_code) = lower($1)';
  return [
    {
      name: 'a) page 1 + total',
      api: { limit: '10', offset: '0' },
      raw: [
        { text: page('', 10), values: [] },
        { text: count(''), values: [] },
      ],
      target: { figure: 'perSecond', ratio: 10, label: 'req/s >= 10x raw' },
    },
    {
      name: 'b) status STORED + company, page 1 + count',
      api: { 'filter[status]': 'STORED', 'filter[company]': company, limit: '10', offset: '0' },
      raw: [
        { text: page(byCompanyAndStatus, 10), values: [company, 'STORED'] },
        { text: count(byCompanyAndStatus), values: [company, 'STORED'] },
      ],
      target: { figure: 'p50', ratio: 1.3, label: 'p50 <= 1.3x raw' },
    },
    {
      name: 'c) 31-day window, page 50 + count',
      // The console sends a date range as two bracketed values (apps/web api-client toQueryString).
      api: [
        ['filter[createdAt][]', from.toISOString()],
        ['filter[createdAt][]', to.toISOString()],
        ['limit', '10'],
        ['offset', '490'],
      ],
      raw: [
        { text: page(inWindow, 10, 490), values: [from.toISOString(), to.toISOString()] },
        { text: count(inWindow), values: [from.toISOString(), to.toISOString()] },
      ],
      target: { figure: 'p50', ratio: 1.3, label: 'p50 <= 1.3x raw' },
    },
    {
      name: 'd) tracking-code search',
      api: { 'filter[trackingCode]': trackingCode, limit: '20' },
      raw: [
        { text: page(byTrackingCode, 20), values: [trackingCode] },
        { text: count(byTrackingCode), values: [trackingCode] },
      ],
      target: { figure: 'perSecond', ratio: 0.5, label: 'req/s >= 0.5x raw' },
    },
  ];
}

export async function runOrderListBenchmark(options: OrderListBenchOptions): Promise<Comparison[]> {
  const log = options.log ?? (() => {});
  const api = await startBenchApi({
    customers: 1000,
    companies: options.companies,
    databaseUrl: options.databaseUrl,
    log,
    env: { JOBS_WORKER: 'false' },
    // As production runs it, and as PostgreSQL runs beside the raw SQL: not on the load generator's thread.
    ownProcess: true,
  });
  try {
    const client = await api.database.pool.connect();
    try {
      await generateBenchOrders(client, { orders: options.orders, companyIds: api.companyIds, log });
      // As the table is after autovacuum has been by: its visibility map set, so both sides may
      // read a count off an index alone.
      await client.query('VACUUM ANALYZE "order"');
    } finally {
      client.release();
    }
    log(`GET /order beside its raw SQL, ${CONCURRENCY} at a time:`);
    const raw = new pg.Pool({ connectionString: api.databaseUrl, max: 10 });
    try {
      return await runComparisons(
        { listUrl: `${api.base}/order`, headers: api.headers, pool: raw, seconds: options.seconds ?? 3, rounds: options.rounds ?? 3, log },
        orderQueries(options.orders, api.companyIds),
      );
    } finally {
      await raw.end();
    }
  } finally {
    await api.stop();
  }
}
