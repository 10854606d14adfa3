/**
 * `npm run bench`: every part; `npm run bench -- list` or `npm run bench -- startup` runs one.
 *
 * - list: the customer list benchmark on 100,000 customers across 50 companies. BENCH_DATABASE_URL
 *   runs it on that PostgreSQL server (in a database created and dropped for the run) instead of an
 *   embedded one; BENCH_CUSTOMERS, BENCH_COMPANIES and BENCH_REQUESTS resize it. It also runs issue 9's
 *   five queries (and an exact lookup beside a primary-key lookup) through the API beside the raw SQL
 *   of the same work, 8 at a time, BENCH_VERSUS_SECONDS (3) per side for BENCH_VERSUS_ROUNDS (3)
 *   rounds. BENCH_LIST_PARTS picks among scenarios,versus (both by default).
 * - startup: `npm start`'s time to the first answer, first and warm starts (BENCH_STARTS, 3), beside
 *   an empty Node server and PostgreSQL alone.
 * - jobs: the job queue (pg-boss) on a temporary PostgreSQL (or BENCH_DATABASE_URL's server): a
 *   transaction's cost of enqueueing one job beside the same transaction without it; one and two
 *   workers draining BENCH_JOBS (2000) queued no-op jobs, at the default polling interval and at
 *   0.5 s, beside one and two bare SKIP LOCKED loops taking as many rows (a drain stops after
 *   BENCH_JOBS_DRAIN_SECONDS, 10, and reports its rate so far); and commit-to-handler latency,
 *   polled (BENCH_JOBS_SAMPLES, 10, per interval) and woken in-process.
 * - first-screen: the console in Chromium with a cold cache (sign-in, `/` without a session, a list
 *   with a stored session): JavaScript files and bytes (raw and as sent), requests before the first
 *   rows, time to the first screen, whether the session, settings and first page overlapped; beside
 *   the issue's targets and a floor (React + one antd Button). BENCH_FIRST_SCREEN_RUNS (3) loads each.
 * - request-cost: one company's first page with its count through the API beside the raw SQL of the
 *   same page and count, interleaved, at BENCH_CONCURRENCY (8) for BENCH_ROUND_SECONDS (5) per round,
 *   BENCH_ROUNDS (3) rounds; req/s, p50 and the API/raw ratio (BENCH_CUSTOMERS, BENCH_COMPANIES).
 * - import: BENCH_IMPORT_ROWS (10,000) customers through POST /customer/import, ten in flight as the
 *   console sends them, to the API in its own process, beside as many plain one-row INSERTs; rows
 *   per second and the ratio. BENCH_API_PROFILE=<folder> keeps a V8 CPU profile of that API process
 *   (of any part that runs the API in its own process).
 * - link: N virtual lockers heartbeating on one API process (the console in its own process, the
 *   simulator in others): time to connect, API CPU and RSS, the round trip p50/p95 of a command
 *   (GET /compartiment/open/{id}) beside the broker alone, for BENCH_LINK_STEPS (100 ... 10,000) until
 *   saturated; the largest N within p95 100 ms. Then the same with two API processes on one Mosquitto
 *   (BENCH_LINK_APIS, `1,2`), and one line per variant with its largest N, the broker floor and the
 *   load average. `--quick` for a smoke run (20, 50; one API). BENCH_LINK_CPU_PROF=<folder> keeps V8
 *   CPU profiles of the API processes; BENCH_PG_STATEMENTS=1 prints the statements the embedded
 *   PostgreSQL spent most time on in each step's heartbeat window. See bench/link.ts.
 * - export: BENCH_EXPORT_CUSTOMERS (1,000,000) customers across BENCH_COMPANIES (50) exported whole
 *   through GET /customer/export as csv and xlsx (time, API CPU, RSS growth), beside PostgreSQL's
 *   COPY of the same rows in the same run.
 * - order-list: BENCH_ORDERS (1,000,000) orders across BENCH_COMPANIES (50) and the demo lockers
 *   through GET /order as the console asks for them, beside the raw SQL of the same page and count,
 *   8 at a time, BENCH_VERSUS_SECONDS (3) per side for BENCH_VERSUS_ROUNDS (3) rounds: page 1 with the
 *   total, a status and company filter, a 31-day window at page 50, the tracking-code search, and
 *   issue 29's search lookups (e to j: the palette's tracking prefix, the list's search by tracking
 *   prefix, reference prefix, phone and e-mail, a locker by code); each beside its target, met or
 *   missed, with the load average and each side's CPU per request (API, PostgreSQL, the load).
 *   BENCH_ORDER_LIST_QUERIES=b,c runs some of them. See bench/order-list.ts.
 * - order-export: BENCH_ORDERS (1,000,000) orders across BENCH_COMPANIES (50) exported by mail
 *   (GET /order/export, a 31-day period): time from the request to the mail in the outbox, API CPU
 *   and RSS growth, beside PostgreSQL's COPY of the same rows in the same run.
 * - messaging: issue 27's messaging benchmark: BENCH_MESSAGING_ORDERS (10,000) orders of a company
 *   with one SMS template on CANCELED and a webhook, each canceled through DELETE /order at
 *   BENCH_MESSAGING_RATE (50) a second, to the API in its own process with the provider sandbox's
 *   settings (SMS_PROVIDER=sinch) and a local Standard Webhooks receiver: SMS and webhook deliveries
 *   per second, the delay from the DELETE's answer to the Sinch endpoint's and the receiver's receipt
 *   (p50/p95/max), loss and duplicates, beside the sandbox alone (as many SMS POSTed straight at it
 *   at the same rate); target p95 ≤ 2 s, no loss, no duplicate, met or missed. The wait for the last
 *   arrivals stops BENCH_MESSAGING_SETTLE_SECONDS (60) after the last change. See bench/messaging.ts.
 * - route-order: issue 30's "order by distance" of a route (nearest neighbour + 2-opt, haversine) for
 *   60 and 200 lockers over BENCH_ROUTE_ORDER_RUNS (50) cities, beside nearest neighbour alone (the
 *   floor); p50/p95 ms and how much shorter 2-opt made the route. Target: 200 ms for 60 lockers.
 * - logistics: issue 30's inbound and packing benchmark: BENCH_LOGISTICS_ORDERS (100,000) orders across
 *   BENCH_COMPANIES (50), called by one company's editor (a scoped user) through the API in its own
 *   process: POST /inbound/search of 500 random codes (BENCH_LOGISTICS_ROUNDS, 20, p50/p95) beside
 *   the statement it runs; GET /packing/metrics and GET /packing/steps/delivery (page 1 and one
 *   half-way in) for BENCH_LOGISTICS_LOCKERS (200) lockers and BENCH_LOGISTICS_INBOUND (10,000)
 *   INBOUND delivery orders beside a count(*) GROUP BY locker; POST /inbound of 500 fresh orders
 *   (BENCH_LOGISTICS_SAVE_ROUNDS, 3, p50/max) beside one transaction's UPDATE of 500 orders. Targets
 *   2 s and 1 s, met or missed. See bench/logistics.ts.
 * - dashboard: issue 28's dashboard benchmark: BENCH_DASHBOARD_ORDERS (1,000,000) orders over two years
 *   at BENCH_DASHBOARD_LOCKERS (1,000) lockers, the rollups rebuilt from their history (timed), then
 *   GET /dashboard for the ten periods, all companies and one, 8 at a time for BENCH_DASHBOARD_SECONDS
 *   (2) per side, beside the same figures computed from the raw rows by SQL, while BENCH_DASHBOARD_WRITES (50) orders a
 *   second are cancelled through the API; and a status change's cost with and without its rollups.
 *   BENCH_DASHBOARD_PERIODS (a list of period ids) measures only those. With BENCH_DATABASE_URL,
 *   BENCH_KEEP_DATABASE=true keeps the run's database to look into. See bench/dashboard.ts.
 * - release: issue 31's release benchmark: a UI build to `--lockers=N` (BENCH_RELEASE_LOCKERS, 1,000)
 *   virtual lockers by two API processes on one Mosquitto, three stages: each locker commanded
 *   exactly once, the delay from a stage's threshold to the next stage's first command (target ≤ 5 s)
 *   beside the raw SQL of the stage's UPDATE and the broker alone carrying as many commands, and a
 *   corrupted build paused after its canary with nothing sent further. See bench/release.ts.
 * - bot: issue 32's bot benchmark: BENCH_BOT_CONVERSATIONS (200) customers at once, each from "oi" to
 *   a booking with its access code with one of BENCH_BOT_BOTS (1, then 4: a comma-separated list, a run
 *   each) free hourly bots (a number each: Meta's 80 sends a second hold per number), through the WhatsApp Cloud API stand-in, to the API
 *   in its own process; BENCH_BOT_THINK_MS (5,000) between the bot's answer and the next message on
 *   average. Bookings per minute; webhook posted to the first reply at the stand-in (p50/p95, target
 *   p95 ≤ 300 ms) beside the API's answer to the webhook and two floors; each queue's jobs and the
 *   inbound wait by five seconds of the run; BENCH_PG_STATEMENTS=1 adds PostgreSQL's costliest
 *   statements. No compartment booked twice, orders = bookings; one customer in
 *   BENCH_BOT_DUPLICATE_EVERY (10) has every message delivered three times, and must get no extra
 *   reply. See bench/bot.ts.
 */

import { mkdirSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { mosquittoAvailable } from '../apps/api/test/support/mosquitto';
import { formatBotResults, runBotBenchmark } from './bot';
import { formatDashboardResults, periodsFromEnv, runDashboardBenchmark } from './dashboard';
import { formatExportResults, runExportBenchmark } from './export';
import { formatFirstScreenResults, runFirstScreenBenchmark } from './first-screen';
import { formatImportResults, runImportBenchmark } from './import';
import { formatJobsResults, runJobsBenchmark } from './jobs';
import { formatLinkResults, formatLinkSummary, type LinkStepResult, runLinkBenchmark } from './link';
import { formatResults, type ListBenchPart, runListBenchmark } from './list';
import { formatComparisons } from './list-versus-sql';
import { formatLogisticsResults, runLogisticsBenchmark } from './logistics';
import { formatMessagingResults, runMessagingBenchmark } from './messaging';
import { formatOrderExportResults, runOrderExportBenchmark } from './order-export';
import { runOrderListBenchmark } from './order-list';
import { formatReleaseResults, runReleaseBenchmark } from './release';
import { formatRequestCostResults, runRequestCostBenchmark } from './request-cost';
import { formatRouteOrderResults, runRouteOrderBenchmark } from './route-order';
import { formatStartupResults, runStartupBenchmark } from './startup';

function numberFromEnv(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer`);
  return value;
}

/** A comma-separated list of positive integers (`1,4`), or `fallback`. */
function numbersFromEnv(name: string, fallback: number[]): number[] {
  const text = process.env[name];
  if (!text) return fallback;
  const values = text.split(',').map(Number);
  if (!values.every((value) => Number.isInteger(value) && value > 0)) throw new Error(`${name} must be positive integers, comma-separated`);
  return values;
}

const log = (line: string) => process.stdout.write(`${line}\n`);

/** The 1, 5 and 15-minute load averages: the machine is shared, and its load weighs on every figure. */
const loadAverage = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');

/** Options after the part names, e.g. `npm run bench -- link --quick`. */
const flags = new Set(process.argv.slice(2).filter((arg) => arg.startsWith('--')));

const logLoad = (when: string) => {
  const [one, five, fifteen] = loadavg().map((n) => n.toFixed(2));
  log(`load average ${when} (1, 5, 15 min): ${one}, ${five}, ${fifteen} on ${availableParallelism()} cores`);
};

const logDatabase = () =>
  log(
    `database: ${process.env.BENCH_DATABASE_URL ? 'BENCH_DATABASE_URL (a database created for this run)' : 'embedded PostgreSQL (temporary)'}`,
  );

const PARTS: Record<string, () => Promise<void>> = {
  async list() {
    const customers = numberFromEnv('BENCH_CUSTOMERS', 100_000);
    const companies = numberFromEnv('BENCH_COMPANIES', 50);
    const requests = numberFromEnv('BENCH_REQUESTS', 50);
    log(
      `Ebox Console list benchmark: GET /customer, ${customers.toLocaleString('en-US')} customers, ${companies} companies, ${requests} requests per scenario`,
    );
    logDatabase();
    const parts = (process.env.BENCH_LIST_PARTS ?? 'scenarios,versus').split(',') as ListBenchPart[];
    const results = await runListBenchmark({
      customers,
      companies,
      requests,
      databaseUrl: process.env.BENCH_DATABASE_URL,
      log,
      parts,
      versusSeconds: numberFromEnv('BENCH_VERSUS_SECONDS', 3),
      versusRounds: numberFromEnv('BENCH_VERSUS_ROUNDS', 3),
    });
    log('');
    if (results.scenarios.length) log(formatResults(results.scenarios));
    if (results.comparisons.length) log(`\n${formatComparisons(results.comparisons)}`);
  },
  async 'request-cost'() {
    const customers = numberFromEnv('BENCH_CUSTOMERS', 100_000);
    const companies = numberFromEnv('BENCH_COMPANIES', 50);
    const concurrency = numberFromEnv('BENCH_CONCURRENCY', 8);
    log(
      `Ebox Console request-cost benchmark: GET /customer?filter[company]= beside its raw SQL, ${customers.toLocaleString('en-US')} customers, ${companies} companies, concurrency ${concurrency}`,
    );
    logDatabase();
    const result = await runRequestCostBenchmark({
      customers,
      companies,
      concurrency,
      seconds: numberFromEnv('BENCH_ROUND_SECONDS', 5),
      repetitions: numberFromEnv('BENCH_ROUNDS', 3),
      databaseUrl: process.env.BENCH_DATABASE_URL,
      log,
    });
    log('');
    log(formatRequestCostResults(result));
  },
  async import() {
    const rows = numberFromEnv('BENCH_IMPORT_ROWS', 10_000);
    log(`Ebox Console import benchmark: ${rows.toLocaleString('en-US')} customers through POST /customer/import beside plain INSERTs`);
    logDatabase();
    const result = await runImportBenchmark({
      rows,
      companies: numberFromEnv('BENCH_COMPANIES', 50),
      databaseUrl: process.env.BENCH_DATABASE_URL,
      log,
    });
    log('');
    log(formatImportResults(result));
  },
  async startup() {
    log('Ebox Console start-up benchmark: time from starting the process to the first answer');
    const results = await runStartupBenchmark({ starts: numberFromEnv('BENCH_STARTS', 3), log });
    log('');
    log(formatStartupResults(results));
  },
  async jobs() {
    const jobs = numberFromEnv('BENCH_JOBS', 2000);
    log(`Ebox Console job queue benchmark: ${jobs.toLocaleString('en-US')} transactions and jobs, no-op handler`);
    logDatabase();
    const results = await runJobsBenchmark({
      jobs,
      drainSeconds: numberFromEnv('BENCH_JOBS_DRAIN_SECONDS', 10),
      latencySamples: numberFromEnv('BENCH_JOBS_SAMPLES', 10),
      databaseUrl: process.env.BENCH_DATABASE_URL,
      log,
    });
    log('');
    log(formatJobsResults(results));
  },
  async export() {
    const customers = numberFromEnv('BENCH_EXPORT_CUSTOMERS', 1_000_000);
    log(`Ebox Console export benchmark: the whole customer list, ${customers.toLocaleString('en-US')} customers`);
    logDatabase();
    const results = await runExportBenchmark({
      customers,
      companies: numberFromEnv('BENCH_COMPANIES', 50),
      databaseUrl: process.env.BENCH_DATABASE_URL,
      log,
    });
    log('');
    log(formatExportResults(results, customers));
  },
  async link() {
    const quick = flags.has('--quick');
    const steps = (process.env.BENCH_LINK_STEPS ?? (quick ? '20,50' : '100,500,1000,2000,5000,10000'))
      .split(',')
      .map(Number)
      .filter((n) => Number.isInteger(n) && n > 0)
      .sort((a, b) => a - b);
    // One API process on its embedded broker, then two on one Mosquitto (when it is installed).
    const variants = (process.env.BENCH_LINK_APIS ?? (quick ? '1' : '1,2')).split(',').map(Number) as (1 | 2)[];
    const cpuProfileDir = process.env.BENCH_LINK_CPU_PROF ? path.resolve(process.env.BENCH_LINK_CPU_PROF) : undefined;
    if (cpuProfileDir) mkdirSync(cpuProfileDir, { recursive: true });
    const done: { apis: 1 | 2; results: LinkStepResult[] | null }[] = [];
    for (const apis of variants) {
      if (apis === 2 && !mosquittoAvailable()) {
        log('two API processes on one Mosquitto: skipped, mosquitto is not installed (apt-get install mosquitto)');
        continue;
      }
      log(
        `Ebox Console link benchmark: virtual lockers heartbeating on ${apis === 2 ? 'two API processes on one Mosquitto' : 'one API process'}, steps ${steps.join(', ')}${quick ? ' (--quick)' : ''}`,
      );
      logDatabase();
      const run = runLinkBenchmark({
        apis,
        steps,
        commands: numberFromEnv('BENCH_LINK_COMMANDS', quick ? 30 : 200),
        concurrency: numberFromEnv('BENCH_LINK_CONCURRENCY', 4),
        floorRoundTrips: numberFromEnv('BENCH_LINK_FLOOR', quick ? 30 : 100),
        idleSeconds: numberFromEnv('BENCH_LINK_IDLE_SECONDS', 5),
        lockersPerSimulator: numberFromEnv('BENCH_LINK_SIM_LOCKERS', 2500),
        cpuProfileDir,
        databaseUrl: process.env.BENCH_DATABASE_URL,
        statements: process.env.BENCH_PG_STATEMENTS === '1',
        log,
      });
      // A variant failing (an API process ending, a broker set-up problem) still leaves the other's figures.
      let results: Awaited<typeof run> | null = null;
      try {
        results = await run;
      } catch (error) {
        log(`${apis === 2 ? 'two API processes on one Mosquitto' : 'one API process'} failed: ${(error as Error).message}`);
      }
      log('');
      if (results) log(formatLinkResults(results));
      log('');
      done.push({ apis, results });
    }
    log(formatLinkSummary(done));
    if (cpuProfileDir) log(`CPU profiles of the API processes: ${cpuProfileDir} (open in Chrome DevTools or speedscope)`);
  },
  async 'order-list'() {
    const orders = numberFromEnv('BENCH_ORDERS', 1_000_000);
    const companies = numberFromEnv('BENCH_COMPANIES', 50);
    log(
      `Ebox Console order list benchmark: GET /order beside its raw SQL, ${orders.toLocaleString('en-US')} orders, ${companies} companies, the demo lockers`,
    );
    logDatabase();
    log(`load average at the start: ${loadAverage()} (${availableParallelism()} cores)`);
    const results = await runOrderListBenchmark({
      orders,
      companies,
      databaseUrl: process.env.BENCH_DATABASE_URL,
      seconds: numberFromEnv('BENCH_VERSUS_SECONDS', 3),
      rounds: numberFromEnv('BENCH_VERSUS_ROUNDS', 3),
      queries: process.env.BENCH_ORDER_LIST_QUERIES?.split(','),
      log,
    });
    log('');
    log(formatComparisons(results));
    log(`load average at the end: ${loadAverage()}`);
  },
  async 'order-export'() {
    const orders = numberFromEnv('BENCH_ORDERS', 1_000_000);
    log(`Ebox Console order export benchmark: GET /order/export by mail, ${orders.toLocaleString('en-US')} orders in a 31-day period`);
    logDatabase();
    const results = await runOrderExportBenchmark({
      orders,
      companies: numberFromEnv('BENCH_COMPANIES', 50),
      databaseUrl: process.env.BENCH_DATABASE_URL,
      log,
    });
    log('');
    log(formatOrderExportResults(results, orders));
  },
  async messaging() {
    const orders = numberFromEnv('BENCH_MESSAGING_ORDERS', 10_000);
    const rate = numberFromEnv('BENCH_MESSAGING_RATE', 50);
    log(
      `Ebox Console messaging benchmark: ${orders.toLocaleString('en-US')} status changes at ${rate}/s fanned out to SMS (Sinch, the provider sandbox) and webhooks`,
    );
    logDatabase();
    log(`load average at the start: ${loadAverage()} (${availableParallelism()} cores)`);
    const result = await runMessagingBenchmark({
      orders,
      rate,
      settleSeconds: numberFromEnv('BENCH_MESSAGING_SETTLE_SECONDS', 60),
      databaseUrl: process.env.BENCH_DATABASE_URL,
      log,
    });
    log('');
    log(formatMessagingResults(result));
    log(`load average at the end: ${loadAverage()}`);
  },
  async dashboard() {
    const orders = numberFromEnv('BENCH_DASHBOARD_ORDERS', 1_000_000);
    const lockers = numberFromEnv('BENCH_DASHBOARD_LOCKERS', 1000);
    const writesPerSecond = numberFromEnv('BENCH_DASHBOARD_WRITES', 50);
    log(
      `Ebox Console dashboard benchmark: ${orders.toLocaleString('en-US')} orders over two years at ${lockers.toLocaleString('en-US')} lockers, GET /dashboard beside the raw SQL of its figures while ${writesPerSecond} orders a second are cancelled`,
    );
    logDatabase();
    log(`load average at the start: ${loadAverage()} (${availableParallelism()} cores)`);
    const result = await runDashboardBenchmark({
      orders,
      lockers,
      writesPerSecond,
      seconds: numberFromEnv('BENCH_DASHBOARD_SECONDS', 2),
      periods: periodsFromEnv(),
      databaseUrl: process.env.BENCH_DATABASE_URL,
      log,
    });
    log('');
    log(formatDashboardResults(result));
    log(`load average at the end: ${loadAverage()}`);
  },
  async 'first-screen'() {
    log('Ebox Console first-screen benchmark: Chromium, cold cache, the console as `npm start` serves it');
    const results = await runFirstScreenBenchmark({ runs: numberFromEnv('BENCH_FIRST_SCREEN_RUNS', 3), log });
    log('');
    log(formatFirstScreenResults(results));
  },
  async 'route-order'() {
    const runs = numberFromEnv('BENCH_ROUTE_ORDER_RUNS', 50);
    log(`Ebox Console route order benchmark: nearest neighbour + 2-opt beside nearest neighbour alone, ${runs} cities per size`);
    log('');
    log(formatRouteOrderResults(runRouteOrderBenchmark([60, 200], runs)));
  },
  async logistics() {
    const orders = numberFromEnv('BENCH_LOGISTICS_ORDERS', 100_000);
    log(
      `Ebox Console logistics benchmark: inbound of 500 codes and the delivery step's proposal, ${orders.toLocaleString('en-US')} orders, one company's editor`,
    );
    logDatabase();
    log(`load average at the start: ${loadAverage()} (${availableParallelism()} cores)`);
    const result = await runLogisticsBenchmark({
      orders,
      companies: numberFromEnv('BENCH_COMPANIES', 50),
      rounds: numberFromEnv('BENCH_LOGISTICS_ROUNDS', 20),
      saveRounds: numberFromEnv('BENCH_LOGISTICS_SAVE_ROUNDS', 3),
      lockers: numberFromEnv('BENCH_LOGISTICS_LOCKERS', 200),
      inboundOrders: numberFromEnv('BENCH_LOGISTICS_INBOUND', 10_000),
      databaseUrl: process.env.BENCH_DATABASE_URL,
      log,
    });
    log('');
    log(formatLogisticsResults(result));
    log(`load average at the end: ${loadAverage()}`);
  },
  async release() {
    if (!mosquittoAvailable()) {
      log('release: skipped, mosquitto is not installed (apt-get install mosquitto): it needs two API processes on one broker');
      return;
    }
    // `--lockers=60` (or BENCH_RELEASE_LOCKERS) for a small run.
    const flag = [...flags].find((arg) => arg.startsWith('--lockers='));
    const lockers = flag ? Number(flag.slice('--lockers='.length)) : numberFromEnv('BENCH_RELEASE_LOCKERS', 1000);
    if (!Number.isInteger(lockers) || lockers < 3) throw new Error('--lockers must be an integer of at least 3 (three stages)');
    log(
      `Ebox Console release benchmark: a UI build to ${lockers.toLocaleString('en-US')} virtual lockers by two API processes on one Mosquitto, three stages, then a corrupted build`,
    );
    logDatabase();
    log(`load average at the start: ${loadAverage()} (${availableParallelism()} cores)`);
    const result = await runReleaseBenchmark({
      lockers,
      lockersPerSimulator: numberFromEnv('BENCH_RELEASE_SIM_LOCKERS', 500),
      timeoutSeconds: numberFromEnv('BENCH_RELEASE_TIMEOUT_SECONDS', 600),
      databaseUrl: process.env.BENCH_DATABASE_URL,
      log,
    });
    log('');
    log(formatReleaseResults(result));
    log(`load average at the end: ${loadAverage()}`);
  },
  async bot() {
    const conversations = numberFromEnv('BENCH_BOT_CONVERSATIONS', 200);
    // One number, then the same customers over four (a network with a bot per cluster): on one,
    // Meta's 80 sends a second are part of the delay (its pace floor says how much); on four, the
    // delay is the console's own.
    for (const bots of numbersFromEnv('BENCH_BOT_BOTS', [1, 4])) {
      log(
        `Ebox Console bot benchmark: ${conversations} WhatsApp customers at once from "oi" to a booking with ${bots} free hourly bot${bots === 1 ? '' : 's'}, through the WhatsApp Cloud API stand-in`,
      );
      logDatabase();
      log(`load average at the start: ${loadAverage()} (${availableParallelism()} cores)`);
      const result = await runBotBenchmark({
        conversations,
        bots,
        thinkMs: Number(process.env.BENCH_BOT_THINK_MS ?? 5000),
        duplicateEvery: numberFromEnv('BENCH_BOT_DUPLICATE_EVERY', 10),
        databaseUrl: process.env.BENCH_DATABASE_URL,
        statements: process.env.BENCH_PG_STATEMENTS === '1',
        log,
      });
      log('');
      log(formatBotResults(result));
      log(`load average at the end: ${loadAverage()}`);
      log('');
    }
  },
};

try {
  const asked = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
  const unknown = asked.filter((name) => !PARTS[name]);
  if (unknown.length) throw new Error(`unknown part ${unknown.join(', ')}; parts: ${Object.keys(PARTS).join(', ')}`);
  for (const name of asked.length ? asked : Object.keys(PARTS)) {
    // The machine may be shared: the load around a part says how far its figures can be read.
    logLoad(`before ${name}`);
    await PARTS[name]?.();
    logLoad(`after ${name}`);
    log('');
  }
  process.exit(0);
} catch (error) {
  process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
}
