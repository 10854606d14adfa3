/**
 * Export benchmark: the whole customer list (BENCH_EXPORT_CUSTOMERS, 1,000,000 by default, across
 * 50 companies, generated in SQL) through GET /customer/export as .xlsx and as .csv, beside the
 * floor of the same run: PostgreSQL's own `COPY (SELECT ...) TO STDOUT` of the same rows, columns,
 * labels and order, read by the same Node process.
 *
 * Per export: wall time to the last byte, CPU of the API's process (its own, as in production; the
 * floor's is this process's, which reads the COPY), the API's peak RSS sampled every 50 ms above
 * its RSS before the first export (so the second export's figure keeps what the first left: the
 * higher of the two, never less), bytes, and the lines of the csv (one per row plus the header).
 */
import http from 'node:http';
import pg from 'pg';
import { startBenchApi } from './bench-api';
import { usageOf } from './process-usage';
import { formatTable } from './table';

export type ExportBenchOptions = { customers: number; companies?: number; databaseUrl?: string; log?: (line: string) => void };

export type ExportResult = { name: string; seconds: number; cpuSeconds: number; rssGrowthMiB: number; bytes: number; lines: number };

const FIELDS = ['id', 'name', 'cellphone', 'email', 'documentNumber', 'company', 'enable', 'createdAt'];

/** The same rows, columns and order as the export, written by PostgreSQL alone. */
const COPY_SQL = `COPY (
  SELECT c.id, c.name, c.cellphone, c.email, c.document_number, co.name AS company,
         CASE WHEN c.enable THEN 'Yes' ELSE 'No' END AS enable, to_char(c.created_at, 'DD/MM/YYYY HH24:MI') AS created_at
  FROM customer c LEFT JOIN company co ON co.id = c.company_id
  ORDER BY c.created_at DESC, c.id DESC
) TO STDOUT WITH (FORMAT csv, DELIMITER ';', HEADER)`;

type Counted = { bytes: number; lines: number };

function countInto(counted: Counted, chunk: Uint8Array) {
  counted.bytes += chunk.length;
  for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) counted.lines += 1;
}

/** pg answers COPY OUT data to the active query; this one counts it instead of dropping it. */
class CountingCopy extends pg.Query {
  counted: Counted = { bytes: 0, lines: 0 };
  handleCopyData(message: { chunk: Uint8Array }) {
    countInto(this.counted, message.chunk);
  }
}

/** Runs `work` while sampling `pid`'s RSS; answers its figures, the RSS growth above `rssBase`. */
async function measure(name: string, work: () => Promise<Counted>, pid: number, rssBase?: number): Promise<ExportResult> {
  const before = usageOf(pid);
  const base = rssBase ?? before.rss;
  let rssPeak = before.rss;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, usageOf(pid).rss);
  }, 50);
  const started = performance.now();
  try {
    const counted = await work();
    const seconds = (performance.now() - started) / 1000;
    const after = usageOf(pid);
    rssPeak = Math.max(rssPeak, after.rss);
    return { name, seconds, cpuSeconds: after.cpuSeconds - before.cpuSeconds, rssGrowthMiB: (rssPeak - base) / 1024 / 1024, ...counted };
  } finally {
    clearInterval(sampler);
  }
}

function download(url: string, headers: Record<string, string>): Promise<Counted> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        if (response.statusCode !== 200) {
          let body = '';
          response.on('data', (chunk) => {
            body += chunk;
          });
          response.on('end', () => reject(new Error(`export answered ${response.statusCode}: ${body}`)));
          return;
        }
        const counted: Counted = { bytes: 0, lines: 0 };
        response.on('data', (chunk: Buffer) => countInto(counted, chunk));
        response.on('end', () => resolve(counted));
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

export async function runExportBenchmark(options: ExportBenchOptions): Promise<ExportResult[]> {
  const log = options.log ?? (() => {});
  const api = await startBenchApi({
    customers: options.customers,
    companies: options.companies,
    databaseUrl: options.databaseUrl,
    log,
    ownProcess: true,
  });
  try {
    const results: ExportResult[] = [];
    const query = FIELDS.map((field) => `fields[]=${field}`).join('&');
    let apiRssBase: number | undefined;
    const run = async (name: string, work: () => Promise<Counted>, pid = process.pid) => {
      if (pid === api.apiPid) apiRssBase ??= usageOf(pid).rss;
      const result = await measure(name, work, pid, pid === api.apiPid ? apiRssBase : undefined);
      log(
        `  ${name}: ${result.seconds.toFixed(1)} s, CPU ${result.cpuSeconds.toFixed(1)} s, RSS +${result.rssGrowthMiB.toFixed(0)} MiB, ${(result.bytes / 1024 / 1024).toFixed(1)} MiB`,
      );
      results.push(result);
    };
    await run('floor: COPY (SELECT ...) TO STDOUT, csv', async () => {
      const client = await api.database.pool.connect();
      try {
        const copy = new CountingCopy(COPY_SQL);
        // A Submittable is answered through its events, not a promise.
        await new Promise<void>((resolve, reject) => {
          copy.on('end', () => resolve());
          copy.on('error', reject);
          client.query(copy);
        });
        return copy.counted;
      } finally {
        client.release();
      }
    });
    await run(
      'GET /customer/export?format=csv',
      () => download(`${api.base}/customer/export?${query}&format=csv`, api.headers),
      api.apiPid,
    );
    await run('GET /customer/export (xlsx)', () => download(`${api.base}/customer/export?${query}`, api.headers), api.apiPid);
    return results;
  } finally {
    await api.stop();
  }
}

export function formatExportResults(results: ExportResult[], customers: number): string {
  const floor = results[0]?.seconds ?? Number.NaN;
  const table = formatTable(
    ['export', 'seconds', 'x floor', 'CPU s', 'RSS growth MiB', 'MiB', 'lines'],
    results.map((r) => [
      r.name,
      r.seconds.toFixed(1),
      (r.seconds / floor).toFixed(1),
      r.cpuSeconds.toFixed(1),
      r.rssGrowthMiB.toFixed(0),
      (r.bytes / 1024 / 1024).toFixed(1),
      String(r.lines),
    ]),
  );
  const targets =
    customers >= 1_000_000
      ? 'targets (issue 9): 1,000,000 rows in at most 60 s, API RSS growth at most 300 MB'
      : `targets (issue 9) are for 1,000,000 rows (at most 60 s, 300 MB); this run has ${customers.toLocaleString('en-US')}`;
  return `${table}\n${targets}`;
}
