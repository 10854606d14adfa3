/**
 * List benchmark: starts the API (buildApp, real HTTP on loopback) on a fresh database with the
 * bench data, then times GET /customer for filtered and sorted pages, sequentially (p50/p95 per
 * scenario) and issue 9's queries beside their raw SQL.
 */
import pg from 'pg';
import { startBenchApi } from './bench-api';
import { CONCURRENCY, type Comparison, compareWithRawSql } from './list-versus-sql';
import { formatTable, percentile } from './table';

export type ListBenchOptions = {
  customers?: number;
  companies?: number;
  /** Timed requests per scenario (after a few warm-up ones). */
  requests?: number;
  /** An existing server to create the bench database on; otherwise an embedded PostgreSQL. */
  databaseUrl?: string;
  log?: (line: string) => void;
  /** What to run (both by default): the scenarios, issue 9's queries beside raw SQL (the export has a part of its own). */
  parts?: ListBenchPart[];
  /** Seconds per side and round of the raw SQL comparison (3), and its rounds (3). */
  versusSeconds?: number;
  versusRounds?: number;
};

export type ListBenchPart = 'scenarios' | 'versus';
export type ListBenchResults = { scenarios: ScenarioResult[]; comparisons: Comparison[] };

export type ScenarioResult = {
  name: string;
  query: string;
  requests: number;
  rows: number;
  count: number;
  p50: number;
  p95: number;
  max: number;
};

type Scenario = { name: string; query: (companyIds: string[]) => Record<string, string> };

/** The k-th company, wrapping around when the run has fewer companies. */
const companyAt = (ids: string[], k: number) => ids[k % ids.length] as string;

/** What a back-office user does on the customer list: search, pick a company, sort, page. */
const SCENARIOS: Scenario[] = [
  { name: 'first page, default order', query: () => ({ limit: '10' }) },
  { name: 'filter name contains "silva"', query: () => ({ 'filter[name]': 'silva', limit: '10' }) },
  { name: 'filter email contains "ana.souza"', query: () => ({ 'filter[email]': 'ana.souza', limit: '10' }) },
  { name: 'filter company', query: (ids) => ({ 'filter[company]': companyAt(ids, 7), limit: '10' }) },
  {
    name: 'filter company + name contains "oliveira"',
    query: (ids) => ({ 'filter[company]': companyAt(ids, 3), 'filter[name]': 'oliveira', limit: '25' }),
  },
  { name: 'sort name_ASC, page 1', query: () => ({ orderBy: 'name_ASC', limit: '10' }) },
  { name: 'sort name_DESC, page 200 (offset 1990)', query: () => ({ orderBy: 'name_DESC', limit: '10', offset: '1990' }) },
  { name: 'sort createdAt_DESC, page 1', query: () => ({ orderBy: 'createdAt_DESC', limit: '10' }) },
  { name: 'sort createdAt_ASC, 100 rows, offset 50000', query: () => ({ orderBy: 'createdAt_ASC', limit: '100', offset: '50000' }) },
  {
    name: 'filter company, sort name_ASC, 50 rows',
    query: (ids) => ({ 'filter[company]': companyAt(ids, 21), orderBy: 'name_ASC', limit: '50' }),
  },
];

const WARM_UP = 5;

export async function runListBenchmark(options: ListBenchOptions = {}): Promise<ListBenchResults> {
  const log = options.log ?? (() => {});
  const requests = options.requests ?? 50;
  const parts = new Set(options.parts ?? ['scenarios', 'versus']);
  const api = await startBenchApi({ ...options, log });
  try {
    const { base, headers, companyIds } = api;
    const results: ScenarioResult[] = [];
    for (const scenario of parts.has('scenarios') ? SCENARIOS : []) {
      const query = new URLSearchParams(scenario.query(companyIds)).toString();
      const url = `${base}/customer?${query}`;
      const timings: number[] = [];
      let rows = 0;
      let count = 0;
      for (let i = 0; i < WARM_UP + requests; i += 1) {
        const started = performance.now();
        const response = await fetch(url, { headers });
        const body = (await response.json()) as { rows: unknown[]; count: number };
        const elapsed = performance.now() - started;
        if (response.status !== 200) throw new Error(`${scenario.name}: ${response.status} ${JSON.stringify(body)}`);
        if (i >= WARM_UP) timings.push(elapsed);
        rows = body.rows.length;
        count = body.count;
      }
      timings.sort((a, b) => a - b);
      const result = {
        name: scenario.name,
        query: decodeURIComponent(query),
        requests,
        rows,
        count,
        p50: percentile(timings, 50),
        p95: percentile(timings, 95),
        max: timings[timings.length - 1] as number,
      };
      log(`  ${result.name}: p50 ${result.p50.toFixed(1)} ms, p95 ${result.p95.toFixed(1)} ms`);
      results.push(result);
    }
    let comparisons: Comparison[] = [];
    if (parts.has('versus')) {
      log(`issue 9's queries beside raw SQL, ${CONCURRENCY} at a time:`);
      const raw = new pg.Pool({ connectionString: api.databaseUrl, max: 10 });
      try {
        comparisons = await compareWithRawSql({
          listUrl: `${base}/customer`,
          headers,
          pool: raw,
          seconds: options.versusSeconds ?? 3,
          rounds: options.versusRounds ?? 3,
          log,
        });
      } finally {
        await raw.end();
      }
    }
    return { scenarios: results, comparisons };
  } finally {
    await api.stop();
  }
}

/** A plain-text table of the results. */
export function formatResults(results: ScenarioResult[]): string {
  return formatTable(
    ['scenario', 'rows', 'count', 'p50 ms', 'p95 ms', 'max ms'],
    results.map((r) => [
      r.name,
      r.rows < 0 ? 'all' : String(r.rows),
      r.count < 0 ? '-' : String(r.count),
      r.p50.toFixed(1),
      r.p95.toFixed(1),
      r.max.toFixed(1),
    ]),
  );
}
