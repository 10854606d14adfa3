/**
 * `npm run bench`: the customer list benchmark on 100,000 customers across 50 companies.
 * BENCH_DATABASE_URL runs it on that PostgreSQL server (in a database created and dropped for the
 * run) instead of an embedded one; BENCH_CUSTOMERS, BENCH_COMPANIES and BENCH_REQUESTS resize it.
 */
import { formatResults, runListBenchmark } from './list';

function numberFromEnv(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer`);
  return value;
}

const customers = numberFromEnv('BENCH_CUSTOMERS', 100_000);
const companies = numberFromEnv('BENCH_COMPANIES', 50);
const requests = numberFromEnv('BENCH_REQUESTS', 50);
const log = (line: string) => process.stdout.write(`${line}\n`);

log(
  `Ebox Console list benchmark: GET /customer, ${customers.toLocaleString('en-US')} customers, ${companies} companies, ${requests} requests per scenario`,
);
log(
  `database: ${process.env.BENCH_DATABASE_URL ? 'BENCH_DATABASE_URL (a database created for this run)' : 'embedded PostgreSQL (temporary)'}`,
);

try {
  const results = await runListBenchmark({ customers, companies, requests, databaseUrl: process.env.BENCH_DATABASE_URL, log });
  log('');
  log(formatResults(results));
  process.exit(0);
} catch (error) {
  process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
}
