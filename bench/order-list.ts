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
 * d) the tracking-code filter (GET /order?filter[trackingCode]=, the whole code; a prefix since
 *    issue 29): at least half raw SQL's requests per second.
 *
 * Issue 29's one search (docs/decisions.md "The one search"), each lookup on its own index:
 * e) the command palette's call (GET /order/autocomplete?query=) with a tracking code's first 9
 *    characters (a thousand codes start so), beside the statement the kit renders for it;
 * f) to i) the order list's search box (GET /order?filter[search]=) with a tracking prefix, a
 *    reference prefix, the customer's phone as people type it and an e-mail in capitals, each beside
 *    the statement the kit renders for the same page and its count(*);
 * j) a locker by the start of its code in the palette (GET /ebox/autocomplete?query=rj-copa),
 *    beside the statement the kit renders. Each at least half raw SQL's requests per second.
 *
 * The raw side is the same page: the statement the kit renders for it (the order's columns and the
 * labels of its relations, which the page shows), sent unprepared as a hand-written client sends
 * it, and its total counted with count(*), as a hand-written page would. Until 29/11/2026 it read
 * the order's own columns only, less than the page the API answers: b') keeps that floor beside b)
 * for the record. The API runs in a process of its own
 * (bench/serve-api.ts), as PostgreSQL does for the raw side: until 24/11/2026 it ran on the
 * benchmark's thread, which also ran the HTTP client of the load and parsed every answer.
 */
import { DECLARED_ENTITIES, searchTermsOf } from '@ebox/domain';
import { sql } from 'drizzle-orm';
import { type PgColumn, PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { ListQuery } from '../apps/api/src/kit/list-query';
import { listSelect, listWhere, resourceOf } from '../apps/api/src/kit/repository';
import { searchCondition, searchRowsStatement } from '../apps/api/src/kit/search';
import type { Db } from '../apps/api/src/platform/db/client';
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
  /** The queries to run by their letter (a to j); all by default. */
  queries?: string[];
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

/** Every company, as the benchmark's owner sees them. */
const OWNER_SCOPE = { companyIds: null };

/**
 * The raw SQL of the page GET /order answers for `list`: the very statement the kit renders for it
 * (listSelect: the order's columns and the labels of its relations, the same WHERE and ORDER BY),
 * sent as a hand-written client sends it (unprepared), and its total counted with count(*).
 */
function rawPageOf(db: Db, list: ListQuery, search?: string): VersusQuery['raw'] {
  const resource = resourceOf(DECLARED_ENTITIES.order);
  // The list's filter[search] is the kit's search condition beside the filters (kit/service.ts).
  const extra = search ? [searchCondition(resource, searchTermsOf(resource.entity, search))] : [];
  const page = listSelect(db, resource, list, OWNER_SCOPE, extra, { withLabels: true })
    .limit(list.limit ?? 10)
    .offset(list.offset ?? 0)
    .toSQL();
  const count = db
    .select({ count: sql`count(*)` })
    .from(resource.table)
    .where(listWhere(resource, list, OWNER_SCOPE, extra))
    .toSQL();
  return [
    { text: page.sql, values: page.params },
    { text: count.sql, values: count.params },
  ];
}

/**
 * The raw SQL of the palette's call (GET /{res}/autocomplete?query=): the very statement the kit
 * renders for it (kit/search.ts, each lookup on its index), sent unprepared.
 */
function rawPaletteOf(entityName: 'order' | 'ebox', typed: string, limit: number): VersusQuery['raw'] {
  const resource = resourceOf(DECLARED_ENTITIES[entityName]);
  const statement = searchRowsStatement(resource, { terms: searchTermsOf(resource.entity, typed), limit, scope: OWNER_SCOPE });
  if (!statement) throw new Error(`${entityName}: "${typed}" looks nothing up`);
  const query = new PgDialect().sqlToQuery(statement);
  return [{ text: query.sql, values: query.params }];
}

/** What the k-th generated order's customer says their phone is (bench/generate.ts): "(21) 9xxxx-xxxx". */
function benchPhoneTyped(k: number): string {
  const digits = String((k * 7919) % 100_000_000).padStart(8, '0');
  return `(21) 9${digits.slice(0, 4)}-${digits.slice(4)}`;
}

/** Issue 29's search lookups, as the palette and the order list's search box ask them (e to j). */
function searchQueries(db: Db, base: string, orders: number): VersusQuery[] {
  const k = Math.floor(orders / 2);
  const prefix = benchTrackingCode(k).slice(0, 9).toLowerCase();
  const reference = `PED-${String(k).padStart(8, '0').slice(0, 5)}`;
  const phone = benchPhoneTyped(k);
  const email = `CLIENTE${k}@Exemplo.com.br`;
  const target = { figure: 'perSecond', ratio: 0.5, label: 'req/s >= 0.5x raw' } as const;
  const listed = (search: string) => ({
    api: { 'filter[search]': search, limit: '10' },
    raw: rawPageOf(db, { limit: 10 }, search),
    target,
  });
  return [
    {
      name: `e) palette: tracking prefix "${prefix}"`,
      url: `${base}/order/autocomplete`,
      api: { query: prefix, limit: '5' },
      raw: rawPaletteOf('order', prefix, 5),
      target,
    },
    { name: `f) list search: tracking prefix "${prefix}", page 1 + count`, ...listed(prefix) },
    { name: `g) list search: reference prefix "${reference}", page 1 + count`, ...listed(reference) },
    { name: `h) list search: phone "${phone}", page 1 + count`, ...listed(phone) },
    { name: `i) list search: e-mail "${email}", page 1 + count`, ...listed(email) },
    {
      name: 'j) palette: locker code prefix "rj-copa"',
      url: `${base}/ebox/autocomplete`,
      api: { query: 'rj-copa', limit: '5' },
      raw: rawPaletteOf('ebox', 'rj-copa', 5),
      target,
    },
  ];
}

/** The four pages of the issue, each as the console asks it and as the raw SQL of the same page. */
function orderQueries(db: Db, orders: number, companyIds: string[]): VersusQuery[] {
  const company = companyIds[7 % companyIds.length] as string;
  const to = new Date();
  const from = new Date(to.getTime() - 31 * DAY_MS);
  const trackingCode = benchTrackingCode(Math.floor(orders / 2));
  const byCompanyAndStatus = { status: 'STORED', company };
  const ownColumns = `SELECT ${orderColumns()} FROM "order" WHERE company_id = $1 AND status = $2 ORDER BY created_at DESC, id DESC LIMIT 10`;
  return [
    {
      name: 'a) page 1 + total',
      api: { limit: '10', offset: '0' },
      raw: rawPageOf(db, { limit: 10, offset: 0 }),
      target: { figure: 'perSecond', ratio: 10, label: 'req/s >= 10x raw' },
    },
    {
      name: 'b) status STORED + company, page 1 + count',
      api: { 'filter[status]': 'STORED', 'filter[company]': company, limit: '10', offset: '0' },
      raw: rawPageOf(db, { filter: byCompanyAndStatus, limit: 10, offset: 0 }),
      target: { figure: 'p50', ratio: 1.3, label: 'p50 <= 1.3x raw' },
    },
    {
      // Until 29/11/2026 the floor of b): the order's own columns without its relations' labels,
      // less than the page the API answers. Kept beside it, for the record, without a target.
      name: "b') as b), raw without the labels",
      api: { 'filter[status]': 'STORED', 'filter[company]': company, limit: '10', offset: '0' },
      raw: [
        { text: ownColumns, values: [company, 'STORED'] },
        { text: 'SELECT count(*) FROM "order" WHERE company_id = $1 AND status = $2', values: [company, 'STORED'] },
      ],
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
      raw: rawPageOf(db, { filter: { createdAt: [from.toISOString(), to.toISOString()] }, limit: 10, offset: 490 }),
      target: { figure: 'p50', ratio: 1.3, label: 'p50 <= 1.3x raw' },
    },
    {
      name: 'd) tracking-code search',
      api: { 'filter[trackingCode]': trackingCode, limit: '20' },
      raw: rawPageOf(db, { filter: { trackingCode }, limit: 20, offset: 0 }),
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
      // The million rows written out now, not by the checkpointer while the sides are timed.
      await client.query('CHECKPOINT');
    } finally {
      client.release();
    }
    log(`GET /order beside its raw SQL, ${CONCURRENCY} at a time:`);
    const raw = new pg.Pool({ connectionString: api.databaseUrl, max: 10 });
    try {
      return await runComparisons(
        {
          listUrl: `${api.base}/order`,
          headers: api.headers,
          pool: raw,
          apiPid: api.apiPid,
          seconds: options.seconds ?? 3,
          rounds: options.rounds ?? 3,
          log,
        },
        [
          ...orderQueries(api.database.db, options.orders, api.companyIds),
          ...searchQueries(api.database.db, api.base, options.orders),
        ].filter((query) => !options.queries || options.queries.includes(query.name.slice(0, 1))),
      );
    } finally {
      await raw.end();
    }
  } finally {
    await api.stop();
  }
}
