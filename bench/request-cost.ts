/**
 * Request-cost benchmark (issue 9, item 3): what the API adds around a cheap query. One company's
 * first page with its count (`GET /customer?filter[company]=<id>`) through the API, beside the raw
 * SQL of the same page and count on the same database, at the same concurrency, interleaved in one
 * run (API, raw, API, raw, …) so a busy machine weighs on both alike; medians of the repetitions.
 * The ratio of requests per second is the figure the issue sets: at least half of raw.
 */

import http from 'node:http';
import type pg from 'pg';
import { connectDatabase } from '../apps/api/src/platform/db/client';
import { startBenchApi } from './bench-api';
import { requestJson } from './http';
import { measure, median, medianSide, type Side } from './list-versus-sql';
import { formatTable } from './table';

export type RequestCostOptions = {
  customers?: number;
  companies?: number;
  /** Requests kept in flight at once, by the API's callers and by the raw SQL's alike. */
  concurrency?: number;
  /** Seconds each timed round lasts. */
  seconds?: number;
  repetitions?: number;
  databaseUrl?: string;
  log?: (line: string) => void;
};

/** `ratio`: the median of each round's API / raw SQL requests per second. */
export type RequestCostResult = { api: Side; raw: Side; ratio: number; rows: number; count: number };

/** The SQL the API runs for the page and its total (declared columns, default order, id last). */
const RAW_PAGE = `SELECT id, name, cellphone, email, document_number, company_id, building_level2_id, photo, pcd, enable, created_at, updated_at
  FROM customer WHERE company_id = $1 ORDER BY created_at DESC, id DESC LIMIT 10`;
const RAW_COUNT = 'SELECT count(*) FROM customer WHERE company_id = $1';

export async function runRequestCostBenchmark(options: RequestCostOptions = {}): Promise<RequestCostResult> {
  const log = options.log ?? (() => {});
  const concurrency = options.concurrency ?? 8;
  const seconds = options.seconds ?? 5;
  const repetitions = options.repetitions ?? 3;
  const api = await startBenchApi({ ...options, log, env: { JOBS_WORKER: 'false' } });
  // The raw SQL's pool is as large as the API's, so neither waits for a connection more.
  const rawDatabase = connectDatabase(api.databaseUrl, 10);
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  try {
    const companyId = api.companyIds[7 % api.companyIds.length] as string;
    const url = new URL(`${api.base}/customer?${new URLSearchParams({ 'filter[company]': companyId })}`);
    let rows = 0;
    let count = 0;
    const viaApi = async () => {
      const { status, body } = await requestJson(agent, url, { headers: api.headers });
      if (status !== 200) throw new Error(`GET /customer answered ${status}: ${JSON.stringify(body)}`);
      const page = body as { rows: unknown[]; count: number };
      rows = page.rows.length;
      count = page.count;
    };
    const pool: pg.Pool = rawDatabase.pool;
    const viaSql = async () => {
      await Promise.all([pool.query(RAW_PAGE, [companyId]), pool.query(RAW_COUNT, [companyId])]);
    };

    // Warm both paths (JIT, plans, connections) before anything is timed.
    await measure(1, viaApi, concurrency);
    await measure(1, viaSql, concurrency);
    const apiRuns: Side[] = [];
    const rawRuns: Side[] = [];
    for (let i = 0; i < repetitions; i += 1) {
      apiRuns.push(await measure(seconds, viaApi, concurrency));
      rawRuns.push(await measure(seconds, viaSql, concurrency));
      const [a, r] = [apiRuns[i] as Side, rawRuns[i] as Side];
      log(
        `  round ${i + 1}: API ${a.perSecond.toFixed(0)} req/s (p50 ${a.p50.toFixed(1)} ms), raw SQL ${r.perSecond.toFixed(0)} req/s (p50 ${r.p50.toFixed(1)} ms)`,
      );
    }
    const ratios = apiRuns.map((run, i) => run.perSecond / (rawRuns[i] as Side).perSecond);
    return { api: medianSide(apiRuns), raw: medianSide(rawRuns), ratio: median(ratios), rows, count };
  } finally {
    agent.destroy();
    await rawDatabase.close();
    await api.stop();
  }
}

export function formatRequestCostResults(result: RequestCostResult): string {
  const line = (name: string, t: Side) => [name, t.perSecond.toFixed(0), t.p50.toFixed(1), t.p95.toFixed(1)];
  return [
    formatTable(['one company, page 1 + count', 'req/s', 'p50 ms', 'p95 ms'], [line('API', result.api), line('raw SQL', result.raw)]),
    '',
    `API / raw SQL requests per second: ${result.ratio.toFixed(2)} (target at least 0.50); rows ${result.rows}, count ${result.count}`,
  ].join('\n');
}
