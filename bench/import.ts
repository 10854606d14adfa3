/**
 * Import benchmark (issue 9, item 4): customers through `POST /customer/import`, ten requests in
 * flight as the console sends its batches (apps/web/src/kit/importer), each row naming its company
 * by name and carrying its SHA-256 import hash; beside plain one-row INSERTs of as many customers,
 * ten at a time, on the same database in the same run. Rows per second for both, and the ratio.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import { generateCpf } from '@ebox/domain';
import { connectDatabase } from '../apps/api/src/platform/db/client';
import { startBenchApi } from './bench-api';
import { FIRST_NAMES, LAST_NAMES } from './generate';
import { requestJson } from './http';
import { runAll } from './run-all';
import { formatTable } from './table';

export type ImportBenchOptions = {
  rows?: number;
  companies?: number;
  /** Rows in flight at once: the console's batch of ten. */
  concurrency?: number;
  databaseUrl?: string;
  log?: (line: string) => void;
};

export type ImportRate = { rows: number; seconds: number; rowsPerSecond: number };
export type ImportBenchResult = { api: ImportRate; raw: ImportRate; ratio: number };

type Customer = { name: string; cellphone: string; email: string; documentNumber: string; company: string; pcd: boolean; enable: boolean };

/** The i-th customer as a spreadsheet row reads (the company by its name). */
function customerRow(i: number, companyNames: string[]): Customer {
  const first = FIRST_NAMES[i % FIRST_NAMES.length] as string;
  const last = LAST_NAMES[(i * 7) % LAST_NAMES.length] as string;
  return {
    name: `${first} ${last} ${i}`,
    cellphone: `55219${String(10_000_000 + i).slice(-8)}`,
    email: `importado${i}@exemplo.com.br`,
    documentNumber: generateCpf(100_000_000 + i + 1),
    company: companyNames[i % companyNames.length] as string,
    pcd: i % 50 === 0,
    enable: true,
  };
}

const rateOf = (rows: number, seconds: number): ImportRate => ({ rows, seconds, rowsPerSecond: rows / seconds });

export async function runImportBenchmark(options: ImportBenchOptions = {}): Promise<ImportBenchResult> {
  const log = options.log ?? (() => {});
  const rows = options.rows ?? 10_000;
  const concurrency = options.concurrency ?? 10;
  const api = await startBenchApi({
    customers: 0,
    companies: options.companies,
    databaseUrl: options.databaseUrl,
    log,
    env: { JOBS_WORKER: 'false' },
    // As in production: the load generator's HTTP client does not share the API's thread.
    ownProcess: true,
  });
  const rawDatabase = connectDatabase(api.databaseUrl, 10);
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  try {
    const names = await rawDatabase.pool.query<{ id: string; name: string }>('SELECT id, name FROM company WHERE id = ANY($1::uuid[])', [
      api.companyIds,
    ]);
    const companyNames = names.rows.map((row) => row.name);
    const companyIdByName = new Map(names.rows.map((row) => [row.name, row.id]));
    const url = new URL(`${api.base}/customer/import`);

    // Plain inserts first, of other customers (the import's documents stay free in each company).
    const rawSeconds = await runAll(rows, concurrency, async (i) => {
      const row = customerRow(rows + i, companyNames);
      await rawDatabase.pool.query(
        `INSERT INTO customer (name, cellphone, email, document_number, company_id, pcd, enable, import_hash, created_by_id, updated_by_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)`,
        [
          row.name,
          row.cellphone,
          row.email,
          row.documentNumber,
          companyIdByName.get(row.company),
          row.pcd,
          row.enable,
          `raw-${i}`,
          api.ownerId,
        ],
      );
    });
    const raw = rateOf(rows, rawSeconds);
    log(`  plain INSERTs: ${rows.toLocaleString('en-US')} rows in ${rawSeconds.toFixed(1)} s, ${raw.rowsPerSecond.toFixed(0)} rows/s`);

    const apiSeconds = await runAll(rows, concurrency, async (i) => {
      const data = customerRow(i, companyNames);
      const importHash = createHash('sha256').update(JSON.stringify(data)).digest('hex');
      const { status, body } = await requestJson(agent, url, { method: 'POST', headers: api.headers, body: { data, importHash } });
      if (status !== 200) throw new Error(`row ${i}: ${status} ${JSON.stringify(body)}`);
    });
    const imported = rateOf(rows, apiSeconds);
    log(
      `  POST /customer/import: ${rows.toLocaleString('en-US')} rows in ${apiSeconds.toFixed(1)} s, ${imported.rowsPerSecond.toFixed(0)} rows/s`,
    );

    const audited = await rawDatabase.pool.query<{ count: number }>(
      "SELECT count(*)::int AS count FROM audit_log WHERE entity_name = 'customer' AND action = 'import'",
    );
    if (audited.rows[0]?.count !== rows) throw new Error(`expected ${rows} import audit rows, found ${audited.rows[0]?.count}`);
    return { api: imported, raw, ratio: imported.rowsPerSecond / raw.rowsPerSecond };
  } finally {
    agent.destroy();
    await rawDatabase.close();
    await api.stop();
  }
}

export function formatImportResults(result: ImportBenchResult): string {
  const line = (name: string, rate: ImportRate) => [
    name,
    rate.rows.toLocaleString('en-US'),
    rate.seconds.toFixed(1),
    rate.rowsPerSecond.toFixed(0),
  ];
  return [
    formatTable(
      ['customers, 10 in flight', 'rows', 's', 'rows/s'],
      [line('POST /customer/import', result.api), line('plain INSERTs', result.raw)],
    ),
    '',
    `import / plain INSERT rows per second: ${result.ratio.toFixed(2)} (targets: at least 500 rows/s and 0.20)`,
  ].join('\n');
}
