/**
 * A list's pages through the API beside the raw SQL of the same page and count, in the same run:
 * issue 9's five customer queries, plus an exact lookup beside a raw primary-key lookup of the same
 * row, and the order list's (bench/order-list.ts). Each side runs CONCURRENCY requests at a time for
 * a fixed time, the sides alternating for `rounds` rounds; the figures are medians over the rounds.
 * The raw side counts with count(*), as a hand-written page would (what the API did before issue 9).
 */
import http from 'node:http';
import { loadavg } from 'node:os';
import type pg from 'pg';
import { requestJson } from './http';
import { postgresCpu, postgresCpuBetween, usageOf } from './process-usage';
import { formatTable, percentile } from './table';

export const CONCURRENCY = 8;

const COLUMNS = 'id, name, cellphone, email, document_number, company_id, building_level2_id, photo, pcd, enable, created_at, updated_at';

/**
 * `cpu`: CPU milliseconds per request of the API's process, of PostgreSQL's and of the benchmark's
 * own (the load's client), when the API runs in a process of its own (`apiPid`).
 */
export type Side = { perSecond: number; p50: number; p95: number; cpu?: { api: number; postgres: number; bench: number } };
/**
 * What a query must reach against its raw SQL: its requests per second at least `ratio` times raw's
 * (`perSecond`), or its median latency at most `ratio` times raw's (`p50`).
 */
export type VersusTarget = { figure: 'perSecond' | 'p50'; ratio: number; label: string };
/** `load`: the 1-minute load average when the query's rounds ended (other work on the machine weighs on both sides). */
export type Comparison = { name: string; api: Side; raw: Side; count: string; load: number; target?: VersusTarget };

export type VersusQuery = {
  name: string;
  /** The query string as the console sends it (pairs where a key repeats, as a range's two ends). */
  api: Record<string, string> | [string, string][];
  /** Another route than the list's (an autocomplete, the command palette's call), answering an array. */
  url?: string;
  /** The page and the total as raw SQL (run side by side, as the API runs them). */
  raw: { text: string; values: unknown[] }[];
  target?: VersusTarget;
};

/** Runs `once` from `concurrency` loops for `seconds`: requests per second and the latencies. */
export async function measure(seconds: number, once: () => Promise<void>, concurrency = CONCURRENCY, apiPid?: number): Promise<Side> {
  const timings: number[] = [];
  const cpuBefore = apiPid === undefined ? undefined : cpuNow(apiPid);
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        const t0 = performance.now();
        await once();
        timings.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  timings.sort((a, b) => a - b);
  const side: Side = { perSecond: timings.length / elapsed, p50: percentile(timings, 50), p95: percentile(timings, 95) };
  if (apiPid === undefined || !cpuBefore) return side;
  const after = cpuNow(apiPid);
  const perRequest = (seconds: number) => (seconds * 1000) / timings.length;
  return {
    ...side,
    cpu: {
      api: perRequest(after.api - cpuBefore.api),
      postgres: perRequest(postgresCpuBetween(cpuBefore.postgres, after.postgres)),
      bench: perRequest(after.bench - cpuBefore.bench),
    },
  };
}

function cpuNow(apiPid: number) {
  return { api: usageOf(apiPid).cpuSeconds, postgres: postgresCpu(), bench: usageOf(process.pid).cpuSeconds };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

/** The median of each figure over rounds. */
export function medianSide(runs: Side[]): Side {
  const side: Side = {
    perSecond: median(runs.map((r) => r.perSecond)),
    p50: median(runs.map((r) => r.p50)),
    p95: median(runs.map((r) => r.p95)),
  };
  const cpus = runs.flatMap((r) => (r.cpu ? [r.cpu] : []));
  if (!cpus.length) return side;
  return {
    ...side,
    cpu: { api: median(cpus.map((c) => c.api)), postgres: median(cpus.map((c) => c.postgres)), bench: median(cpus.map((c) => c.bench)) },
  };
}

/** ` (CPU ms per request: API a, PostgreSQL p, load b)`, when measured. */
function cpuText(side: Side): string {
  const cpu = side.cpu;
  if (!cpu) return '';
  const parts = [cpu.api ? `API ${cpu.api.toFixed(2)}` : '', `PostgreSQL ${cpu.postgres.toFixed(2)}`, `load ${cpu.bench.toFixed(2)}`];
  return ` (CPU ms/request: ${parts.filter(Boolean).join(', ')})`;
}

export type VersusOptions = {
  /** The list route on the running API (GET /customer, GET /order). */
  listUrl: string;
  headers: Record<string, string>;
  /** A pool on the same database, for the raw side. */
  pool: pg.Pool;
  seconds: number;
  rounds: number;
  log: (line: string) => void;
  /** The API's own process (BenchApi.apiPid): each side's CPU per request is then measured too. */
  apiPid?: number;
};

/** Each query through the API and as raw SQL, interleaved round by round. */
export async function runComparisons(options: VersusOptions, queries: VersusQuery[]): Promise<Comparison[]> {
  const { pool, log } = options;
  // The client shares the API's process and CPU: node:http with kept-alive sockets, as cheap as pg's.
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const results: Comparison[] = [];
  try {
    for (const query of queries) {
      const url = new URL(`${query.url ?? options.listUrl}?${new URLSearchParams(query.api)}`);
      let count = '';
      const callApi = async () => {
        const response = await requestJson(agent, url, { headers: options.headers });
        const body = response.body as { count: number; countCapped?: true } | unknown[];
        if (response.status !== 200) throw new Error(`${query.name}: ${response.status} ${JSON.stringify(body)}`);
        // An autocomplete answers its choices: their number is its count.
        count = Array.isArray(body) ? String(body.length) : `${body.countCapped ? '>' : ''}${body.count}`;
      };
      const callRaw = async () => {
        await Promise.all(query.raw.map((statement) => pool.query(statement.text, statement.values)));
      };
      // Warm both paths (JIT, plans, connections) before anything is timed.
      await measure(Math.min(1, options.seconds), callApi);
      await measure(Math.min(1, options.seconds), callRaw);
      const api: Side[] = [];
      const raw: Side[] = [];
      for (let round = 0; round < options.rounds; round += 1) {
        api.push(await measure(options.seconds, callApi, CONCURRENCY, options.apiPid));
        raw.push(await measure(options.seconds, callRaw, CONCURRENCY, options.apiPid));
      }
      const result: Comparison = {
        name: query.name,
        api: medianSide(api),
        raw: medianSide(raw),
        count,
        load: loadavg()[0] as number,
        target: query.target,
      };
      log(
        `  ${result.name}: API ${result.api.perSecond.toFixed(1)}/s p50 ${result.api.p50.toFixed(1)} ms${cpuText(result.api)}, raw ${result.raw.perSecond.toFixed(1)}/s p50 ${result.raw.p50.toFixed(1)} ms${cpuText({ ...result.raw, cpu: result.raw.cpu && { ...result.raw.cpu, api: 0 } })}, load ${result.load.toFixed(2)}`,
      );
      results.push(result);
    }
  } finally {
    agent.destroy();
  }
  return results;
}

/** Issue 9's customer queries (GET /customer) beside their raw SQL. */
export async function compareWithRawSql(options: VersusOptions): Promise<Comparison[]> {
  const { pool } = options;
  const { rows: picked } = await pool.query<{ id: string; email: string; company_id: string }>(
    `SELECT id, email, company_id FROM customer ORDER BY id LIMIT 1 OFFSET (SELECT count(*) / 2 FROM customer)`,
  );
  const row = picked[0];
  if (!row) throw new Error('no customer to look up');
  const company = row.company_id;
  const queries: VersusQuery[] = [
    {
      name: 'page 1 + total',
      api: { limit: '10' },
      raw: [
        { text: `SELECT ${COLUMNS} FROM customer ORDER BY created_at DESC, id DESC LIMIT 10`, values: [] },
        { text: 'SELECT count(*) FROM customer', values: [] },
      ],
      target: { figure: 'perSecond', ratio: 10, label: 'req/s >= 10x raw' },
    },
    {
      name: 'one company, page 1 + count',
      api: { 'filter[company]': company, limit: '10' },
      raw: [
        { text: `SELECT ${COLUMNS} FROM customer WHERE company_id = $1 ORDER BY created_at DESC, id DESC LIMIT 10`, values: [company] },
        { text: 'SELECT count(*) FROM customer WHERE company_id = $1', values: [company] },
      ],
    },
    {
      name: 'name contains "silva" + count',
      api: { 'filter[name]': 'silva', limit: '10' },
      raw: [
        { text: `SELECT ${COLUMNS} FROM customer WHERE name ILIKE '%silva%' ORDER BY created_at DESC, id DESC LIMIT 10`, values: [] },
        { text: `SELECT count(*) FROM customer WHERE name ILIKE '%silva%'`, values: [] },
      ],
    },
    {
      name: 'offset 10,000 by name + count',
      api: { orderBy: 'name_ASC', offset: '10000', limit: '10' },
      raw: [
        { text: `SELECT ${COLUMNS} FROM customer ORDER BY name ASC, id ASC LIMIT 10 OFFSET 10000`, values: [] },
        { text: 'SELECT count(*) FROM customer', values: [] },
      ],
    },
    {
      name: 'exact e-mail + count',
      api: { 'filter[email]': row.email, limit: '10' },
      raw: [
        {
          text: `SELECT ${COLUMNS} FROM customer WHERE lower(email) = lower($1) ORDER BY created_at DESC, id DESC LIMIT 10`,
          values: [row.email],
        },
        { text: 'SELECT count(*) FROM customer WHERE lower(email) = lower($1)', values: [row.email] },
      ],
    },
    {
      name: 'exact e-mail vs raw primary-key lookup',
      api: { 'filter[email]': row.email, limit: '10' },
      raw: [{ text: `SELECT ${COLUMNS} FROM customer WHERE id = $1`, values: [row.id] }],
      target: { figure: 'perSecond', ratio: 0.25, label: 'req/s >= 0.25x raw' },
    },
  ];

  return runComparisons(options, queries);
}

/** True when the comparison reached its target (none: nothing to reach). */
export function isTargetMet(r: Comparison): boolean | undefined {
  if (!r.target) return undefined;
  return r.target.figure === 'perSecond' ? r.api.perSecond >= r.target.ratio * r.raw.perSecond : r.api.p50 <= r.target.ratio * r.raw.p50;
}

export function formatComparisons(results: Comparison[]): string {
  return formatTable(
    [
      'query (API beside raw SQL)',
      'count',
      'API req/s',
      'raw req/s',
      'API/raw',
      'API p50 ms',
      'raw p50 ms',
      'p50 API/raw',
      'target',
      'load',
    ],
    results.map((r) => {
      const ratio = r.api.perSecond / r.raw.perSecond;
      const met = isTargetMet(r);
      const verdict = r.target ? `${r.target.label} ${met ? 'met' : 'MISSED'}` : '';
      return [
        r.name,
        r.count,
        r.api.perSecond.toFixed(1),
        r.raw.perSecond.toFixed(1),
        `${ratio.toFixed(2)}x`,
        r.api.p50.toFixed(1),
        r.raw.p50.toFixed(1),
        `${(r.api.p50 / r.raw.p50).toFixed(2)}x`,
        verdict,
        r.load.toFixed(2),
      ];
    }),
  );
}
