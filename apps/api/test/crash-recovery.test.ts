import { execFileSync, spawn } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildConsole,
  type ConsoleProcess,
  createDataDir,
  freePort,
  isAlive,
  postmasterPidOf,
  startConsole,
  stopConsole,
  waitForStatus,
} from './support/console-process';
import { eventually } from './support/eventually';

/**
 * The console as `npm start` runs it, with its embedded PostgreSQL, killed the hard way. The tests
 * run in order on one data folder: the first start of a folder (initdb) is the slow part.
 */
const dataDir = createDataDir();
let ports: { port: number; pgPort: number };
let running: ConsoleProcess | undefined;
const owner = { email: 'owner@crash.test', password: 'Crash-test-1' };

const start = (env?: Record<string, string>) => startConsole({ dataDir, ...ports, env });
const url = (path: string) => `${running?.baseUrl}${path}`;

async function signIn(): Promise<string> {
  const response = await waitForStatus(running as ConsoleProcess, url('/io/api/v1/auth/sign-in'), 200, 10_000, {
    init: { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(owner) },
  });
  return (await response.json()) as string;
}

/** The console's stdout lines from `from`, up to and without the line of the call to `marker`, once that line is written. */
async function linesUpTo(from: number, marker: string): Promise<string[]> {
  const lines = await eventually(
    async () => (running?.stdout() ?? '').slice(from).split('\n').filter(Boolean),
    (written) => written.some((line) => line.includes(marker)),
    5_000,
  );
  return lines.slice(
    0,
    lines.findIndex((line) => line.includes(marker)),
  );
}

beforeAll(async () => {
  buildConsole();
  ports = { port: await freePort(), pgPort: await freePort() };
}, 180_000);

afterAll(async () => {
  await stopConsole(running);
  // Whatever a failed test left running on the folder goes with it.
  try {
    process.kill(postmasterPidOf(dataDir), 'SIGQUIT');
  } catch {
    // no server left
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the console and its embedded PostgreSQL, killed', () => {
  it('starts again after kill -9 of the API, stopping the PostgreSQL it left running', async () => {
    running = await start();
    await waitForStatus(running, url('/health'), 200, 90_000);
    // The owner was created with OWNER_PASSWORD: the box names the owner, never the password.
    expect(running.stdout()).toContain(`Owner:      ${owner.email} (the password given in OWNER_PASSWORD)`);
    expect(running.stdout() + running.stderr()).not.toContain(owner.password);
    const leftover = postmasterPidOf(dataDir);
    running.child.kill('SIGKILL');
    await running.exited;
    expect(isAlive(leftover)).toBe(true);

    running = await start();
    await waitForStatus(running, url('/health'), 200, 45_000);
    expect(isAlive(leftover)).toBe(false);
    expect(postmasterPidOf(dataDir)).not.toBe(leftover);
    expect(await signIn()).toMatch(/^ey/);
    // Built once: the second start rebuilds nothing.
    expect(running.stdout()).not.toContain('Building the');
  }, 150_000);

  it('starts PostgreSQL again when it is killed, answering 503 (never 500) until it is back', async () => {
    const token = await signIn();
    const killed = postmasterPidOf(dataDir);
    process.kill(killed, 'SIGKILL');
    const statuses = new Set<number>();
    const deadline = Date.now() + 30_000;
    for (;;) {
      const response = await fetch(url('/io/api/v1/auth/me'), { headers: { authorization: `Bearer ${token}` } }).catch((error: unknown) => {
        // A console that went away says why on its own output.
        throw new Error(`${String(error)} after ${[...statuses]}\n${running?.stdout()}\n${running?.stderr()}`);
      });
      statuses.add(response.status);
      // Backends of the killed postmaster may still answer for a moment on pooled connections:
      // recovered means a new server answers.
      if (response.status === 200 && restartedPostmasterOf(killed) !== null) break;
      if (Date.now() > deadline) throw new Error(`no recovery within 30 s: ${[...statuses]}\n${running?.stderr()}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect([...statuses].filter((status) => status !== 200 && status !== 503)).toEqual([]);
    expect(postmasterPidOf(dataDir)).not.toBe(killed);
    expect((await fetch(url('/health'))).status).toBe(200);
  }, 60_000);

  it('logs API calls once each, as JSON when not on a terminal, and not static files or health checks', async () => {
    const before = running?.stdout().length ?? 0;
    expect((await fetch(url('/'))).status).toBe(200);
    expect((await fetch(url('/favicon.svg'))).status).toBe(200);
    expect((await fetch(url('/health'))).status).toBe(200);
    expect((await fetch(url('/io/api/v1/auth/email-configured?x=secret'))).status).toBe(200);
    // A later call's line: the ones before it, had they been logged, are written by then.
    expect((await fetch(url('/io/api/v1/auth/me'))).status).toBe(401);
    const lines = await linesUpTo(before, '/io/api/v1/auth/me');
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ level: 30, method: 'GET', path: '/io/api/v1/auth/email-configured', statusCode: 200 });
    // The query string (signed file URLs carry their signature there) stays out of the log.
    expect(lines[0]).not.toContain('secret');
  });

  it('logs readably with LOG_FORMAT=pretty and leaves the owner login box last', async () => {
    await stopConsole(running);
    running = await start({ LOG_FORMAT: 'pretty' });
    await waitForStatus(running, url('/health'), 200, 45_000);
    await fetch(url('/io/api/v1/auth/email-configured'));
    // The line is written when the answer has gone out, a moment after the client has it: a later
    // call's line says every line before it is in.
    await fetch(url('/io/api/v1/auth/me'));
    const lines = (await linesUpTo(0, '/io/api/v1/auth/me')).filter((line) => line.trim());
    expect(lines.some((line) => line.trimStart().startsWith('{'))).toBe(false);
    expect(lines.some((line) => /INFO.*Server listening at/.test(line))).toBe(true);
    const box = lines.findIndex((line) => line.includes('Ebox Console is running at'));
    const ownerLine = lines.findIndex((line) => line.includes(`Owner:      ${owner.email}`));
    expect(box).toBeGreaterThan(-1);
    // Nothing but the box and the one API call after "listening": the box is not scrolled away.
    expect(lines.slice(0, box).every((line) => !line.includes('email-configured'))).toBe(true);
    expect(lines.slice(ownerLine + 1)).toHaveLength(1);
    expect(lines[ownerLine + 1]).toMatch(/GET \/io\/api\/v1\/auth\/email-configured 200/);
  }, 60_000);

  it('stops cleanly on Ctrl+C, which signals the whole process group: the lockers and the API drain before PostgreSQL stops', async () => {
    await stopConsole(running);
    // The demo lockers' simulator signs its session out as it stops: a call that needs PostgreSQL
    // while the console stops. SMTP_URL names a server with a password the box must not print.
    running = await startConsole({
      dataDir,
      ...ports,
      ownGroup: true,
      env: { SEED_DEMO: 'true', SIMULATE_LOCKERS: 'true', SMTP_URL: 'smtp://mailer:s3cret@127.0.0.1:2525' },
    });
    await waitForStatus(running, url('/health'), 200, 90_000);
    const box = await eventually(
      async () => `${running?.stdout()}${running?.stderr()}`,
      (out) => /\[sim\] \d+ of \d+ virtual lockers online/.test(out),
      60_000,
    );
    expect(box).toContain('Mail:       SMTP server smtp://127.0.0.1:2525');
    expect(box).not.toContain('s3cret');
    const pid = postmasterPidOf(dataDir);
    const before = running.stdout().length;
    process.kill(-(running.child.pid as number), 'SIGINT');
    expect(await running.exited).toBe(0);
    const afterStop = `${running.stdout().slice(before)}${running.stderr()}`;
    // Nothing failed for want of the database: no error line, no 503, the session ended.
    expect(afterStop).not.toMatch(/"level":50|databaseUnavailable|could not end its console session/);
    expect(afterStop).toMatch(/sign-out","statusCode":200/);
    expect(isAlive(pid)).toBe(false);
    running = undefined;
  }, 120_000);

  it('starts over a stale pid file whose pid now belongs to another process', async () => {
    await stopConsole(running);
    // After a power cut the pid in postmaster.pid may belong to another process of the server's
    // user; PostgreSQL alone then refuses the folder ("Is another postmaster running?").
    const asServerUser = process.getuid?.() === 0 ? { uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })) } : {};
    const other = spawn('sleep', ['60'], { ...asServerUser, stdio: 'ignore' });
    try {
      writeFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), `${other.pid}\n${path.join(dataDir, 'pg')}\n1700000000\n${ports.pgPort}\n`);
      running = await start();
      await waitForStatus(running, url('/health'), 200, 45_000);
      expect(isAlive(other.pid as number)).toBe(true);
    } finally {
      other.kill();
    }
  }, 60_000);
});

/** The pid of a postmaster other than `killed` when one is up (its pid file is rewritten on start). */
function restartedPostmasterOf(killed: number): number | null {
  try {
    const pid = postmasterPidOf(dataDir);
    return pid !== killed && isAlive(pid) ? pid : null;
  } catch {
    return null;
  }
}
