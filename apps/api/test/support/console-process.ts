import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT_DIR } from '../../src/config';

/**
 * The console as `npm start` runs it (scripts/start.mjs: build if changed, then the compiled API),
 * in a child process with its own DATA_DIR and ports, for the tests of crashes and start-up.
 */
export type ConsoleProcess = {
  child: ChildProcess;
  baseUrl: string;
  /** Everything the process wrote to stdout so far. */
  stdout(): string;
  stderr(): string;
  /** Resolves with the exit code (or the signal's name) when the process ends. */
  exited: Promise<number | string>;
};

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** A data folder the embedded PostgreSQL (run as the postgres user when we are root) can enter. */
export function createDataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'ebox-console-'));
  chmodSync(dir, 0o755);
  return dir;
}

/** Builds what changed, once, before the tests start processes (a first build takes a while). */
export function buildConsole(): void {
  execFileSync(process.execPath, [path.join(ROOT_DIR, 'scripts/build.mjs')], { cwd: ROOT_DIR, stdio: 'pipe' });
}

export async function startConsole(options: {
  dataDir: string;
  port: number;
  pgPort: number;
  env?: Record<string, string>;
  /** Node's own flags for the console's process (e.g. `--cpu-prof`, which NODE_OPTIONS refuses). */
  nodeArgs?: string[];
  /** A process group of its own, as a terminal runs `npm start` (Ctrl+C signals the whole group). */
  ownGroup?: boolean;
}) {
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), path.join(ROOT_DIR, 'scripts/start.mjs')], {
    cwd: ROOT_DIR,
    env: {
      ...process.env,
      DATA_DIR: options.dataDir,
      PORT: String(options.port),
      EMBEDDED_PG_PORT: String(options.pgPort),
      OWNER_EMAIL: 'owner@crash.test',
      OWNER_PASSWORD: 'Crash-test-1',
      SEED_DEMO: 'false',
      DATABASE_URL: '',
      LOG_FORMAT: '',
      // The terminal link's own embedded broker, on a free port: several consoles (and other test runs)
      // share the machine, and a run against the machine's services (MQTT_URL) must not hand these
      // consoles a broker they cannot administer.
      MQTT_URL: '',
      MQTT_PORT: '0',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.ownGroup ?? false,
  });
  let out = '';
  let err = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    err += chunk.toString();
  });
  const exited = new Promise<number | string>((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal ?? -1)));
  return { child, baseUrl: `http://127.0.0.1:${options.port}`, stdout: () => out, stderr: () => err, exited } satisfies ConsoleProcess;
}

/** Waits for the first answer of `url` with `status`; fails early when the process ends. */
export async function waitForStatus(
  process: ConsoleProcess,
  url: string,
  status: number,
  timeoutMs: number,
  options: { init?: RequestInit; intervalMs?: number } = {},
): Promise<Response> {
  const deadline = Date.now() + timeoutMs;
  let ended: number | string | undefined;
  void process.exited.then((code) => {
    ended = code;
  });
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (ended !== undefined) throw new Error(`the console exited (${ended}):\n${process.stdout()}\n${process.stderr()}`);
    try {
      const response = await fetch(url, { ...options.init, signal: AbortSignal.timeout(5000) });
      if (response.status === status) return response;
      last = `${response.status} ${await response.text()}`;
    } catch (error) {
      last = String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 200));
  }
  throw new Error(`${url} did not answer ${status} within ${timeoutMs} ms (last: ${last})\n${process.stdout()}\n${process.stderr()}`);
}

export function postmasterPidOf(dataDir: string): number {
  return Number(readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Stops a console started by a test (SIGINT, as Ctrl-C) and waits for it to end. */
export async function stopConsole(process: ConsoleProcess | undefined): Promise<void> {
  if (!process || process.child.exitCode !== null || process.child.signalCode !== null) return;
  process.child.kill('SIGINT');
  await process.exited;
}
