/**
 * Start-up benchmark: the console as `npm start` runs it (scripts/start.mjs: built once, then the
 * compiled API) on a fresh DATA_DIR. The first start pays for initdb, the migrations and the demo
 * data; the warm starts after it are what a user waits for every day: the time from spawning the
 * process to the first answer of /health and of the home page. Beside them, floors measured in the
 * same run on the same machine: an empty Node HTTP server, and PostgreSQL alone starting on the
 * same data folder.
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { startEmbeddedPostgres } from '../apps/api/src/platform/db/embedded';
import {
  buildConsole,
  type ConsoleProcess,
  createDataDir,
  freePort,
  startConsole,
  stopConsole,
  waitForStatus,
} from '../apps/api/test/support/console-process';
import { formatTable } from './table';

export type StartupResult = { name: string; health: number; home?: number };

const POLL_MS = 10;
const TIMEOUT_MS = 180_000;

/** Milliseconds from `since` until `url` first answers 200. */
async function timeToAnswer(process: ConsoleProcess, url: string, since: number): Promise<number> {
  await waitForStatus(process, url, 200, TIMEOUT_MS, { intervalMs: POLL_MS });
  return performance.now() - since;
}

async function timeConsoleStart(options: { dataDir: string; port: number; pgPort: number }, name: string): Promise<StartupResult> {
  const since = performance.now();
  const running = await startConsole({ ...options, env: { SEED_DEMO: 'true' } });
  try {
    const [health, home] = await Promise.all([
      timeToAnswer(running, `${running.baseUrl}/health`, since),
      timeToAnswer(running, `${running.baseUrl}/`, since),
    ]);
    return { name, health, home };
  } finally {
    await stopConsole(running);
  }
}

async function timeEmptyNodeServer(port: number): Promise<StartupResult> {
  const since = performance.now();
  const script = `require('node:http').createServer((q, s) => s.end('ok')).listen(${port}, '127.0.0.1')`;
  const child = spawn(process.execPath, ['-e', script], { stdio: 'ignore' });
  const exited = new Promise<number | string>((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal ?? -1)));
  const running: ConsoleProcess = { child, baseUrl: `http://127.0.0.1:${port}`, stdout: () => '', stderr: () => '', exited };
  try {
    return { name: 'floor: empty Node HTTP server', health: await timeToAnswer(running, `${running.baseUrl}/`, since) };
  } finally {
    child.kill('SIGINT');
    await exited;
  }
}

async function timePostgresAlone(dataDir: string, port: number): Promise<StartupResult> {
  const since = performance.now();
  const server = await startEmbeddedPostgres({ dir: path.join(dataDir, 'pg'), port });
  const health = performance.now() - since;
  await server.stop();
  return { name: 'floor: PostgreSQL alone, same data folder', health };
}

export async function runStartupBenchmark(options: { starts?: number; log?: (line: string) => void } = {}): Promise<StartupResult[]> {
  const log = options.log ?? (() => {});
  log('building what changed (scripts/build.mjs)...');
  buildConsole();
  const dataDir = createDataDir();
  const ports = { port: await freePort(), pgPort: await freePort() };
  try {
    log('first start on a fresh data folder (initdb, migrations, demo data)...');
    const results = [await timeConsoleStart({ dataDir, ...ports }, 'first start (fresh data folder)')];
    for (let start = 2; start <= (options.starts ?? 3); start += 1) {
      log(`start ${start}...`);
      results.push(await timeConsoleStart({ dataDir, ...ports }, `start ${start} (built, data folder ready)`));
    }
    log('floors...');
    results.push(await timeEmptyNodeServer(ports.port));
    results.push(await timePostgresAlone(dataDir, ports.pgPort));
    return results;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function formatStartupResults(results: StartupResult[]): string {
  return formatTable(
    ['start', '/health ms', 'home page ms'],
    results.map((r) => [r.name, r.health.toFixed(0), r.home === undefined ? '-' : r.home.toFixed(0)]),
  );
}
