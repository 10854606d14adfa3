/**
 * Order export benchmark (issue 15, item 6): BENCH_ORDERS (1,000,000) orders across BENCH_COMPANIES
 * (50) and the demo lockers, generated in SQL (bench/generate.ts), all created within the last 30
 * days, exported through GET /order/export as the console asks for it (a 31-day creation period). Timed from the request to the mail with the
 * download link in the outbox, so it counts the job's pick-up, the streamed .xlsx written to the
 * storage and the mail; the API and its job worker run in this process, whose RSS is sampled every
 * 50 ms. Beside it the floor of the same run: PostgreSQL's `COPY (SELECT ...) TO STDOUT` of the same
 * rows, columns, labels and order, read by the same process.
 *
 * The job writes the file in a worker thread with a heap of its own (apps/api/src/kit/export-thread.ts,
 * resourceLimits: old generation 160 MiB, young 16 MiB); the worker's memory is part of this
 * process's RSS, so the growth below counts it, and its CPU is in the process's CPU time. The
 * peaks BENCH_MEMORY_DETAIL=1 prints (V8 heap, external, array buffers) are the API's isolate only.
 * "event loop delay max" is the longest the API's event loop waited during the run.
 *
 * Why a thread: run in the API, the export grew its RSS by +371 to +382 MiB (peak heap about 500
 * MiB), mostly V8 letting the heap grow under the export's allocation rate rather than live data:
 * what outlived young collections was node-postgres's rows (the DataRow field strings and row
 * arrays, about 0.65 KiB an order, every order), and V8 let the old generation reach about four
 * times its live size before collecting it. A process run with a heap cap
 * (NODE_OPTIONS=--max-old-space-size=256) took +72 MiB, but capping the whole API caps everything
 * else too; the worker caps only the export. 1,000,000 orders, 2 shared cores:
 *
 *   in the API (before):   27.8 s, RSS +382 MiB, event loop delay max 182 ms (load 1.1 -> 5.8)
 *   worker thread (now):   12.4 to 14.2 s, RSS +83 to +91 MiB (three runs, load 0.9 to 6.0),
 *                          event loop delay max 26 ms (the one run that measured it); COPY floor 3.6 to 3.9 s
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pg from 'pg';
import { type BenchApi, startBenchApi } from './bench-api';
import { generateBenchOrders } from './generate';
import { formatTable } from './table';

export type OrderExportBenchOptions = { orders: number; companies?: number; databaseUrl?: string; log?: (line: string) => void };

export type OrderExportResult = {
  name: string;
  seconds: number;
  cpuSeconds: number;
  rssGrowthMiB: number;
  bytes: number;
  /** The longest the API's event loop waited during the run: what a request arriving then waited. */
  loopDelayMaxMs: number;
};

const BENCH_EMAIL = 'bench@ebox.local';

/** The same rows, columns (exportColumns of the order), labels and order as the export, by PostgreSQL alone. */
const COPY_SQL = `COPY (
  SELECT o.id, o.tracking_code, o.reference_number, o.type, o.status, c.name, s.name, k.name, e.name, o.ebox_code, cl.name,
         o.compartiment_number, o.compartiment_size, o.customer_name, o.customer_phone, o.customer_email, o.invoice_number,
         to_char(o.overdue_date, 'DD/MM/YYYY HH24:MI'), to_char(o.inbound_at, 'DD/MM/YYYY HH24:MI'), to_char(o.stored_at, 'DD/MM/YYYY HH24:MI'),
         to_char(o.collected_at, 'DD/MM/YYYY HH24:MI'), to_char(o.customer_taken_at, 'DD/MM/YYYY HH24:MI'), to_char(o.expired_at, 'DD/MM/YYYY HH24:MI'),
         to_char(o.canceled_at, 'DD/MM/YYYY HH24:MI'), to_char(o.created_at, 'DD/MM/YYYY HH24:MI')
  FROM "order" o
  LEFT JOIN company c ON c.id = o.company_id LEFT JOIN company s ON s.id = o.shipper_id LEFT JOIN company k ON k.id = o.carrier_id
  LEFT JOIN ebox e ON e.id = o.ebox_id LEFT JOIN cluster cl ON cl.id = o.cluster_id
  WHERE o.created_at >= now() - interval '31 days'
  ORDER BY o.created_at DESC, o.id DESC
) TO STDOUT WITH (FORMAT csv, DELIMITER ';', HEADER)`;

class CountingCopy extends pg.Query {
  bytes = 0;
  handleCopyData(message: { chunk: Uint8Array }) {
    this.bytes += message.chunk.length;
  }
}

async function measure(name: string, work: () => Promise<number>): Promise<OrderExportResult> {
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const peaks = { heapTotal: 0, external: 0, arrayBuffers: 0 };
  const sampler = setInterval(() => {
    const usage = process.memoryUsage();
    rssPeak = Math.max(rssPeak, usage.rss);
    peaks.heapTotal = Math.max(peaks.heapTotal, usage.heapTotal);
    peaks.external = Math.max(peaks.external, usage.external);
    peaks.arrayBuffers = Math.max(peaks.arrayBuffers, usage.arrayBuffers);
  }, 50);
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  try {
    const bytes = await work();
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    if (process.env.BENCH_MEMORY_DETAIL) {
      const mib = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MiB`;
      process.stdout.write(
        `  ${name}: peak V8 heap ${mib(peaks.heapTotal)}, external ${mib(peaks.external)}, array buffers ${mib(peaks.arrayBuffers)}\n`,
      );
    }
    return {
      name,
      seconds,
      cpuSeconds: (cpu.user + cpu.system) / 1e6,
      rssGrowthMiB: (rssPeak - rssBefore) / 1024 / 1024,
      bytes,
      loopDelayMaxMs: loopDelay.max / 1e6,
    };
  } finally {
    clearInterval(sampler);
    loopDelay.disable();
  }
}

/** GET /order/export, then waits for the job's mail in the outbox; answers the stored file's size. */
async function exportByMail(api: BenchApi, dataDir: string): Promise<number> {
  const to = new Date();
  const from = new Date(to.getTime() - 31 * 24 * 60 * 60 * 1000 + 60_000);
  const query = `filter[createdAt][0]=${from.toISOString()}&filter[createdAt][1]=${to.toISOString()}&timezone=America/Sao_Paulo`;
  const answer = await fetch(`${api.base}/order/export?${query}`, { headers: api.headers });
  if (answer.status !== 200) throw new Error(`export answered ${answer.status}: ${await answer.text()}`);
  const client = await api.database.pool.connect();
  try {
    const deadline = Date.now() + 15 * 60 * 1000;
    while (Date.now() < deadline) {
      const { rows } = await client.query<{ link: string }>(
        'SELECT link FROM outbox_message WHERE recipient = $1 AND link IS NOT NULL ORDER BY created_at DESC LIMIT 1',
        [BENCH_EMAIL],
      );
      const link = rows[0]?.link;
      if (link) {
        const match = /\/order\/export\/file\/([^/]+)\/([^?]+)/.exec(link);
        if (!match) throw new Error(`unexpected link ${link}`);
        const file = path.join(dataDir, 'files', 'exports', 'order', match[1] as string, decodeURIComponent(match[2] as string));
        return (await stat(file)).size;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('no export mail after 15 minutes');
  } finally {
    client.release();
  }
}

export async function runOrderExportBenchmark(options: OrderExportBenchOptions): Promise<OrderExportResult[]> {
  const log = options.log ?? (() => {});
  const api = await startBenchApi({ customers: 1000, companies: options.companies, databaseUrl: options.databaseUrl, log });
  try {
    const client = await api.database.pool.connect();
    try {
      await generateBenchOrders(client, { orders: options.orders, companyIds: api.companyIds, log });
    } finally {
      client.release();
    }
    const dataDir = api.dataDir;
    const results: OrderExportResult[] = [];
    const run = async (name: string, work: () => Promise<number>) => {
      const result = await measure(name, work);
      log(
        `  ${name}: ${result.seconds.toFixed(1)} s, CPU ${result.cpuSeconds.toFixed(1)} s, RSS +${result.rssGrowthMiB.toFixed(0)} MiB, ${(result.bytes / 1024 / 1024).toFixed(1)} MiB, event loop delay max ${result.loopDelayMaxMs.toFixed(0)} ms`,
      );
      results.push(result);
    };
    await run('floor: COPY (SELECT ...) TO STDOUT, csv', async () => {
      const client = await api.database.pool.connect();
      try {
        const copy = new CountingCopy(COPY_SQL);
        await new Promise<void>((resolve, reject) => {
          copy.on('end', () => resolve());
          copy.on('error', reject);
          client.query(copy);
        });
        return copy.bytes;
      } finally {
        client.release();
      }
    });
    await run('GET /order/export -> job -> stored .xlsx -> mail', () => exportByMail(api, dataDir));
    return results;
  } finally {
    await api.stop();
  }
}

export function formatOrderExportResults(results: OrderExportResult[], orders: number): string {
  const floor = results[0]?.seconds ?? Number.NaN;
  const table = formatTable(
    ['export', 'seconds', 'x floor', 'CPU s', 'RSS growth MiB', 'MiB'],
    results.map((r) => [
      r.name,
      r.seconds.toFixed(1),
      (r.seconds / floor).toFixed(1),
      r.cpuSeconds.toFixed(1),
      r.rssGrowthMiB.toFixed(0),
      (r.bytes / 1024 / 1024).toFixed(1),
    ]),
  );
  const targets =
    orders >= 1_000_000
      ? 'targets (issue 15): 1,000,000 orders in at most 60 s, API RSS growth at most 300 MB'
      : `targets (issue 15) are for 1,000,000 orders (at most 60 s, 300 MB); this run has ${orders.toLocaleString('en-US')}`;
  return `${table}\n${targets}`;
}
