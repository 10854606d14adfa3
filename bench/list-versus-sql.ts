/**
 * Issue 9's five list queries, each through the API (GET /customer) beside the raw SQL of the same
 * page and total on the same database in the same run, plus an exact lookup beside a raw
 * primary-key lookup of the same row. Each side runs CONCURRENCY requests at a time for a fixed
 * time, the sides alternating for `rounds` rounds; the figures are medians over the rounds. The
 * raw side counts with count(*), as a hand-written page would (what the API did before issue 9).
 */
import http from 'node:http';
import type pg from 'pg';
import { requestJson } from './http';
import { formatTable, percentile } from './table';

export const CONCURRENCY = 8;

const COLUMNS = 'id, name, cellphone, email, document_number, company_id, building_level2_id, photo, pcd, enable, created_at, updated_at';

type Side = { perSecond: number; p50: number };
export type Comparison = { name: string; api: Side; raw: Side; count: string; target?: { ratio: number; label: string } };

type Query = {
  name: string;
  api: Record<string, string>;
  /** The page and the total as raw SQL (run side by side, as the API runs them). */
  raw: { text: string; values: unknown[] }[];
  target?: { ratio: number; label: string };
};

/** Runs `once` from CONCURRENCY loops for `seconds`: requests per second and the median latency. */
async function measure(seconds: number, once: () => Promise<void>): Promise<Side> {
  const timings: number[] = [];
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until) {
        const started = performance.now();
        await once();
        timings.push(performance.now() - started);
      }
    }),
  );
  timings.sort((a, b) => a - b);
  return { perSecond: timings.length / seconds, p50: percentile(timings, 50) };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

export type VersusOptions = {
  /** GET /customer on the running API. */
  listUrl: string;
  headers: Record<string, string>;
  /** A pool on the same database, for the raw side. */
  pool: pg.Pool;
  seconds: number;
  rounds: number;
  log: (line: string) => void;
};

export async function compareWithRawSql(options: VersusOptions): Promise<Comparison[]> {
  const { pool, log } = options;
  // The client shares the API's process and CPU: node:http with kept-alive sockets, as cheap as pg's.
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const { rows: picked } = await pool.query<{ id: string; email: string; company_id: string }>(
    `SELECT id, email, company_id FROM customer ORDER BY id LIMIT 1 OFFSET (SELECT count(*) / 2 FROM customer)`,
  );
  const row = picked[0];
  if (!row) throw new Error('no customer to look up');
  const company = row.company_id;
  const queries: Query[] = [
    {
      name: 'page 1 + total',
      api: { limit: '10' },
      raw: [
        { text: `SELECT ${COLUMNS} FROM customer ORDER BY created_at DESC, id DESC LIMIT 10`, values: [] },
        { text: 'SELECT count(*) FROM customer', values: [] },
      ],
      target: { ratio: 10, label: '>= 10x raw' },
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
      target: { ratio: 0.25, label: '>= 0.25x raw' },
    },
  ];

  const results: Comparison[] = [];
  for (const query of queries) {
    const url = new URL(`${options.listUrl}?${new URLSearchParams(query.api)}`);
    let count = '';
    const callApi = async () => {
      const response = await requestJson(agent, url, { headers: options.headers });
      const body = response.body as { count: number; countCapped?: true };
      if (response.status !== 200) throw new Error(`${query.name}: ${response.status} ${JSON.stringify(body)}`);
      count = `${body.countCapped ? '>' : ''}${body.count}`;
    };
    const callRaw = async () => {
      await Promise.all(query.raw.map((statement) => pool.query(statement.text, statement.values)));
    };
    await callApi();
    await callRaw();
    const api: Side[] = [];
    const raw: Side[] = [];
    for (let round = 0; round < options.rounds; round += 1) {
      api.push(await measure(options.seconds, callApi));
      raw.push(await measure(options.seconds, callRaw));
    }
    const result: Comparison = {
      name: query.name,
      api: { perSecond: median(api.map((s) => s.perSecond)), p50: median(api.map((s) => s.p50)) },
      raw: { perSecond: median(raw.map((s) => s.perSecond)), p50: median(raw.map((s) => s.p50)) },
      count,
      target: query.target,
    };
    log(
      `  ${result.name}: API ${result.api.perSecond.toFixed(1)}/s p50 ${result.api.p50.toFixed(1)} ms, raw ${result.raw.perSecond.toFixed(1)}/s p50 ${result.raw.p50.toFixed(1)} ms`,
    );
    results.push(result);
  }
  agent.destroy();
  return results;
}

export function formatComparisons(results: Comparison[]): string {
  return formatTable(
    ['query (API beside raw SQL)', 'count', 'API req/s', 'raw req/s', 'API/raw', 'API p50 ms', 'raw p50 ms', 'p50 API/raw', 'target'],
    results.map((r) => {
      const ratio = r.api.perSecond / r.raw.perSecond;
      const verdict = r.target ? `${r.target.label} ${ratio >= r.target.ratio ? 'met' : 'MISSED'}` : '';
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
      ];
    }),
  );
}
