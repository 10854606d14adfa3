/**
 * Export benchmark: the whole customer list (BENCH_EXPORT_CUSTOMERS, 1,000,000 by default, across
 * 50 companies, generated in SQL) through GET /customer/export as .xlsx and as .csv, beside the
 * floor of the same run: PostgreSQL's own `COPY (SELECT ...) TO STDOUT` of the same rows, columns,
 * labels and order, read by the same Node process.
 *
 * Per export: wall time to the last byte, CPU of this process (the API runs in it; the download
 * side only counts bytes over node:http, a small share), peak RSS growth sampled every 50 ms, bytes,
 * and the lines of the csv (one per row plus the header).
 */
import http from 'node:http';
import pg from 'pg';
import { startBenchApi } from './bench-api';
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

/** Runs `work` while sampling this process's RSS; answers its figures. */
async function measure(name: string, work: () => Promise<Counted>): Promise<ExportResult> {
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
  }, 50);
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  try {
    const counted = await work();
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    return { name, seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6, rssGrowthMiB: (rssPeak - rssBefore) / 1024 / 1024, ...counted };
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
  const api = await startBenchApi({ customers: options.customers, companies: options.companies, databaseUrl: options.databaseUrl, log });
  try {
    const results: ExportResult[] = [];
    const query = FIELDS.map((field) => `fields[]=${field}`).join('&');
    const run = async (name: string, work: () => Promise<Counted>) => {
      const result = await measure(name, work);
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
    await run('GET /customer/export?format=csv', () => download(`${api.base}/customer/export?${query}&format=csv`, api.headers));
    await run('GET /customer/export (xlsx)', () => download(`${api.base}/customer/export?${query}`, api.headers));
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
