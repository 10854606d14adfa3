/**
 * Request-cost benchmark (issue 9, item 3): what the API adds around a cheap query. One company's
 * first page with its count (`GET /customer?filter[company]=<id>`) through the API, beside the raw
 * SQL of the same page and count on the same database, at the same concurrency, interleaved in one
 * run (API, raw, API, raw, …) so a busy machine weighs on both alike; medians of the repetitions.
 * The ratio of requests per second is the figure the issue sets: at least half of raw.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { API_PREFIX, buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { connectDatabase } from '../apps/api/src/platform/db/client';
import { migrateDatabase } from '../apps/api/src/platform/db/migrate';
import { user } from '../apps/api/src/platform/db/schema';
import { seedRolesAndSettings } from '../apps/api/src/platform/seed';
import { generateBenchData } from './generate';
import { requestJson } from './http';
import { startBenchDatabase } from './list';
import { formatTable, percentile } from './table';

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

export type Throughput = { requestsPerSecond: number; p50: number; p95: number };
export type RequestCostResult = { api: Throughput; raw: Throughput; ratio: number; rows: number; count: number };

/** Runs `once` from `concurrency` loops for `seconds`; answers the rate and latencies. */
async function measure(once: () => Promise<void>, concurrency: number, seconds: number): Promise<Throughput> {
  const timings: number[] = [];
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        await once();
        timings.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  timings.sort((a, b) => a - b);
  return { requestsPerSecond: timings.length / elapsed, p50: percentile(timings, 50), p95: percentile(timings, 95) };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

const medianOf = (runs: Throughput[]): Throughput => ({
  requestsPerSecond: median(runs.map((r) => r.requestsPerSecond)),
  p50: median(runs.map((r) => r.p50)),
  p95: median(runs.map((r) => r.p95)),
});

/** The SQL the API runs for the page and its total (declared columns, default order, id last). */
const RAW_PAGE = `SELECT id, name, cellphone, email, document_number, company_id, building_level2_id, photo, pcd, enable, created_at, updated_at
  FROM customer WHERE company_id = $1 ORDER BY created_at DESC, id DESC LIMIT 10`;
const RAW_COUNT = 'SELECT count(*) FROM customer WHERE company_id = $1';

export async function runRequestCostBenchmark(options: RequestCostOptions = {}): Promise<RequestCostResult> {
  const log = options.log ?? (() => {});
  const concurrency = options.concurrency ?? 8;
  const seconds = options.seconds ?? 5;
  const repetitions = options.repetitions ?? 3;
  const benchDb = await startBenchDatabase(options.databaseUrl);
  // The API's pool and the raw SQL's pool are alike, so neither waits for a connection more.
  const database = connectDatabase(benchDb.url, 10);
  const rawDatabase = connectDatabase(benchDb.url, 10);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ebox-bench-data-'));
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    await migrateDatabase(database.db);
    const roles = await seedRolesAndSettings(database.db);
    const client = await database.pool.connect();
    let companyIds: string[];
    try {
      ({ companyIds } = await generateBenchData(client, { customers: options.customers, companies: options.companies, log }));
    } finally {
      client.release();
    }
    const [owner] = await database.db
      .insert(user)
      .values({ email: 'bench@ebox.local', emailVerified: true, roles: [roles.owner as string], firstName: 'Bench' })
      .returning({ id: user.id, tokenVersion: user.tokenVersion });
    if (!owner) throw new Error('bench user not created');

    const config = {
      ...loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256', JOBS_WORKER: 'false' }),
      logLevel: 'silent',
    };
    app = await buildApp({ db: database.db, config, logger: false, forceCloseConnections: true });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const token = await app.deps.tokens.sign({ sub: owner.id, tv: owner.tokenVersion });
    const headers = { authorization: `Bearer ${token}`, 'accept-language': 'en' };

    const companyId = companyIds[7 % companyIds.length] as string;
    const url = new URL(`http://127.0.0.1:${port}${API_PREFIX}/customer?${new URLSearchParams({ 'filter[company]': companyId })}`);
    let rows = 0;
    let count = 0;
    const viaApi = async () => {
      const { status, body } = await requestJson(agent, url, { headers });
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
    await measure(viaApi, concurrency, 1);
    await measure(viaSql, concurrency, 1);
    const apiRuns: Throughput[] = [];
    const rawRuns: Throughput[] = [];
    for (let i = 0; i < repetitions; i += 1) {
      apiRuns.push(await measure(viaApi, concurrency, seconds));
      rawRuns.push(await measure(viaSql, concurrency, seconds));
      const [a, r] = [apiRuns[i] as Throughput, rawRuns[i] as Throughput];
      log(
        `  round ${i + 1}: API ${a.requestsPerSecond.toFixed(0)} req/s (p50 ${a.p50.toFixed(1)} ms), raw SQL ${r.requestsPerSecond.toFixed(0)} req/s (p50 ${r.p50.toFixed(1)} ms)`,
      );
    }
    const api = medianOf(apiRuns);
    const raw = medianOf(rawRuns);
    return { api, raw, ratio: api.requestsPerSecond / raw.requestsPerSecond, rows, count };
  } finally {
    agent.destroy();
    await app?.close();
    await rawDatabase.close();
    await database.close();
    await benchDb.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function formatRequestCostResults(result: RequestCostResult): string {
  const line = (name: string, t: Throughput) => [name, t.requestsPerSecond.toFixed(0), t.p50.toFixed(1), t.p95.toFixed(1)];
  return [
    formatTable(['one company, page 1 + count', 'req/s', 'p50 ms', 'p95 ms'], [line('API', result.api), line('raw SQL', result.raw)]),
    '',
    `API / raw SQL requests per second: ${result.ratio.toFixed(2)} (target at least 0.50); rows ${result.rows}, count ${result.count}`,
  ].join('\n');
}
