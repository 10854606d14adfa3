/**
 * Release benchmark (issue 31): a UI build released to N virtual lockers (BENCH_RELEASE_LOCKERS,
 * 1,000) by two API processes, in three stages (a canary of 5 %, up to 25 %, the rest).
 *
 * - The API processes are the console as `npm start` runs it, on one Mosquitto 2 with dynamic
 *   security, one throw-away database (BENCH_DATABASE_URL's server, or embedded) and one DATA_DIR
 *   (the file store replicas share): either may send a command and serve its download.
 * - The lockers are made in SQL (link.ts's way) with a maintenance window of 00:00-00:00 (open all
 *   day: the bench runs at any hour) and played by apps/terminal-sim (`--install-ms 100`).
 * - An observer subscribed to every locker's command topic counts the software_update commands each
 *   locker received (each must get exactly one) and when each arrived at the broker's far side.
 * - The delay of a stage: from its threshold being met (the success that brought the stage to 95 %,
 *   as the API recorded it, updated_at) to the next stage's first command heard by the observer.
 *   Floors beside it, in the same run: the raw SQL of the stage's UPDATE (the rows taken as sent, in a
 *   transaction rolled back) and the broker alone carrying as many commands as the stage has lockers.
 * - Then a corrupted build (its recorded SHA-256 not that of its bytes, so every locker's check
 *   fails): the canary fails and the release pauses; nothing may reach the next stage's lockers.
 */
import { pbkdf2Sync, randomBytes, randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import mqtt from 'mqtt';
import pg from 'pg';
import {
  type ConsoleProcess,
  createDataDir,
  freePort,
  startConsole,
  stopConsole,
  waitForStatus,
} from '../apps/api/test/support/console-process';
import { type Mosquitto, startMosquitto } from '../apps/api/test/support/mosquitto';
import { startBenchDatabase } from './bench-api';
import { addTerminalsToDynsec, type Locker, newLockers, type Simulator, startSimulator } from './link';
import { formatTable, percentile } from './table';

export type ReleaseBenchOptions = {
  lockers: number;
  lockersPerSimulator: number;
  /** How long a release may take before the bench gives up on it. */
  timeoutSeconds: number;
  databaseUrl?: string;
  log: (line: string) => void;
};

export type ReleaseStageResult = {
  stage: number;
  lockers: number;
  commanded: number;
  /** Threshold met → the next stage's first command, ms (null for the last stage). */
  delayMs: number | null;
  /** The raw SQL of the stage's UPDATE, ms. */
  sqlFloorMs: number;
  /** The broker alone carrying as many commands, ms. */
  brokerFloorMs: number;
};

export type ReleaseResults = {
  lockers: number;
  stages: ReleaseStageResult[];
  commandedOnce: number;
  commandedTwiceOrMore: number;
  neverCommanded: number;
  releaseSeconds: number;
  corrupted: { paused: boolean; pauseReason: string | null; canaryFailed: number; sentBeyondCanary: number; heardBeyondCanary: number };
  load1: number;
};

const OWNER = { email: 'bench-release@ebox.local', password: 'Bench-release-1' };
const OBSERVER = { username: 'bench-release-observer', password: randomUUID() };
const TARGET_DELAY_MS = 5_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The bench's lockers, of one company, open for maintenance all day. */
async function insertReleaseLockers(pool: pg.Pool, lockers: Locker[], company: string): Promise<void> {
  for (let start = 0; start < lockers.length; start += 1000) {
    const batch = lockers.slice(start, start + 1000);
    await pool.query(
      `INSERT INTO ebox (id, name, code, terminal_id, enable, board_number, start_number, company_id,
                         maintenance_window_start, maintenance_window_end, time_zone)
       SELECT id, 'Bench locker ' || n, 'BR-' || lpad(n::text, 5, '0'), terminal, true, 1, 1, $4, '00:00', '00:00', 'America/Sao_Paulo'
       FROM unnest($1::uuid[], $2::text[], $3::int[]) AS t(id, terminal, n)`,
      [batch.map((l) => l.eboxId), batch.map((l) => l.lockerUuid), batch.map((_, i) => start + i + 1), company],
    );
    await pool.query(
      `INSERT INTO compartiment (id, ebox_id, number, board_number, com_number, usage_type, status, enable)
       SELECT id, ebox, 1, 1, 1, 'DELIVERY', 'AVAILABLE', true FROM unnest($1::uuid[], $2::uuid[]) AS t(id, ebox)`,
      [batch.map((l) => l.compartmentId), batch.map((l) => l.eboxId)],
    );
  }
}

async function waitFor<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!done(value)) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s (last: ${JSON.stringify(value)})`);
    await sleep(250);
    value = await read();
  }
  return value;
}

/** The broker alone: `count` messages of a command's size from one client to another, ms until the last arrived. */
async function brokerFloor(url: string, count: number, bytes: number): Promise<number> {
  const options = { ...OBSERVER, protocolVersion: 4 as const, reconnectPeriod: 0 };
  const receiver = await mqtt.connectAsync(url, { ...options, clientId: `bench-release-floor-r-${randomUUID()}` });
  const sender = await mqtt.connectAsync(url, { ...options, clientId: `bench-release-floor-s-${randomUUID()}` });
  try {
    await receiver.subscribeAsync('locker/bench-floor/command', { qos: 1 });
    let received = 0;
    const all = new Promise<void>((resolve) =>
      receiver.on('message', () => {
        received += 1;
        if (received === count) resolve();
      }),
    );
    const payload = 'x'.repeat(bytes);
    const started = performance.now();
    await Promise.all(Array.from({ length: count }, () => sender.publishAsync('locker/bench-floor/command', payload, { qos: 1 })));
    await all;
    return performance.now() - started;
  } finally {
    await receiver.endAsync();
    await sender.endAsync();
  }
}

export async function runReleaseBenchmark(options: ReleaseBenchOptions): Promise<ReleaseResults> {
  const { log } = options;
  const database = await startBenchDatabase(options.databaseUrl);
  const dataDir = createDataDir();
  const lockers = newLockers(options.lockers);
  const simulators: Simulator[] = [];
  const apis: ConsoleProcess[] = [];
  let mosquitto: Mosquitto | undefined;
  let pool: pg.Pool | undefined;
  let observer: mqtt.MqttClient | undefined;
  let stopping = false;
  try {
    mosquitto = await startMosquitto({
      prepareDynsec: (config) => {
        addTerminalsToDynsec(config, lockers);
        // The observer may hear every locker's commands (and use a topic of its own for the floor).
        config.roles.push({
          rolename: 'bench-release-observer',
          acls: [
            { acltype: 'subscribePattern', topic: 'locker/+/command', allow: true },
            { acltype: 'publishClientSend', topic: 'locker/bench-floor/command', allow: true },
          ],
        });
        // Mosquitto's format: PBKDF2-SHA512 with its salt and iterations (link.ts's addTerminalsToDynsec).
        const salt = randomBytes(12);
        const password = pbkdf2Sync(OBSERVER.password, salt, 101, 64, 'sha512').toString('base64');
        config.clients.push({
          username: OBSERVER.username,
          password,
          salt: salt.toString('base64'),
          iterations: 101,
          roles: [{ rolename: 'bench-release-observer' }],
        });
      },
    });
    const brokerUrl = mosquitto.url;
    const env = {
      DATABASE_URL: database.url,
      MQTT_URL: mosquitto.url,
      MQTT_USERNAME: mosquitto.admin.username,
      MQTT_PASSWORD: mosquitto.admin.password,
      MQTT_BOOTSTRAP_PASSWORD: randomUUID(),
      OWNER_EMAIL: OWNER.email,
      OWNER_PASSWORD: OWNER.password,
      SEED_DEMO: 'false',
      SIMULATE_LOCKERS: 'false',
      LOG_LEVEL: 'error',
      JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256',
    };
    for (let n = 1; n <= 2; n++) {
      log(`starting API process ${n} of 2 (the console as npm start runs it; one DATA_DIR, the file store replicas share)`);
      const api = await startConsole({ dataDir, port: await freePort(), pgPort: await freePort(), env });
      apis.push(api);
      void api.exited.then((code) => {
        if (!stopping) log(`API process ${n} exited (${code}) during the run:\n${api.stderr().slice(-3000)}`);
      });
      await waitForStatus(api, `${api.baseUrl}/health`, 200, 300_000);
    }
    const [a, b] = apis as [ConsoleProcess, ConsoleProcess];
    const signIn = await fetch(`${a.baseUrl}/io/api/v1/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(OWNER),
    });
    const session = (await signIn.json()) as string;
    const headers = { authorization: `Bearer ${session}`, 'accept-language': 'en', 'content-type': 'application/json' };
    const call = async (base: string, method: string, route: string, body?: unknown) => {
      const response = await fetch(`${base}/io/api/v1${route}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${text.slice(0, 300)}`);
      return JSON.parse(text) as Record<string, unknown>;
    };
    const company = (await call(a.baseUrl, 'POST', '/company', { data: { name: 'Bench Release', type: 'carrier' } })).id as string;
    pool = new pg.Pool({ connectionString: database.url, max: 2 });
    await insertReleaseLockers(pool, lockers, company);

    // The observer: every software_update each locker receives, with the time it was heard.
    const heard = new Map<string, { release: string; at: number }[]>();
    observer = await mqtt.connectAsync(brokerUrl, { ...OBSERVER, protocolVersion: 4, clientId: `bench-release-observer-${randomUUID()}` });
    observer.on('message', (topic, payload) => {
      const at = Date.now();
      // The floor's messages share the pattern (locker/bench-floor/command) and are not commands.
      if (topic === 'locker/bench-floor/command') return;
      const command = JSON.parse(payload.toString()) as { action?: string; data?: { release_id?: string } };
      if (command.action !== 'software_update') return;
      const uuid = topic.split('/')[1] as string;
      const list = heard.get(uuid) ?? [];
      list.push({ release: command.data?.release_id ?? '', at });
      heard.set(uuid, list);
    });
    await observer.subscribeAsync('locker/+/command', { qos: 1 });

    for (let first = 0; first < lockers.length; first += options.lockersPerSimulator)
      simulators.push(
        startSimulator(lockers.slice(first, first + options.lockersPerSimulator), brokerUrl, dataDir, simulators.length, [
          '--install-ms',
          '100',
        ]),
      );
    log(`${options.lockers} lockers: connecting (${simulators.length} simulator process(es))`);
    await Promise.all(simulators.map((simulator) => simulator.online));
    await waitFor(
      'every locker online in the console',
      async () => (await pool?.query<{ n: number }>(`SELECT count(*)::int AS n FROM ebox WHERE status = 'online'`))?.rows[0]?.n ?? 0,
      (n) => n >= options.lockers,
      180_000,
    );
    log('every locker online');

    const upload = async (identification: string, bytes: Buffer) => {
      const asked = (await call(a.baseUrl, 'POST', '/upload/terminalUiVersion', {
        contentType: 'application/zip',
        fileName: 'ui.zip',
        type: 'zip',
      })) as unknown as { SignedUrl: string; Key: string; File: { id: string } };
      const put = await fetch(`${a.baseUrl}${asked.SignedUrl}`, {
        method: 'PUT',
        body: new Uint8Array(bytes),
        headers: { 'content-type': 'application/zip' },
      });
      if (put.status !== 200) throw new Error(`upload: ${put.status} ${await put.text()}`);
      return (
        await call(a.baseUrl, 'POST', '/terminalUiVersion', {
          data: { identification, description: 'bench', company, keyS3: asked.Key, file: asked.File.id },
        })
      ).id as string;
    };
    const release = async (identification: string, build: string) =>
      (
        await call(b.baseUrl, 'POST', '/terminalUiRelease', {
          data: {
            identification,
            company,
            terminalUiVersion: build,
            target: 'all',
            scheduledAt: new Date(Date.now() + 2_000).toISOString(),
          },
        })
      ).id as string;
    const releaseRow = async (id: string) => await call(a.baseUrl, 'GET', `/terminalUiRelease/${id}`);

    // 1. The good build, to every locker.
    const good = await upload('UI 9.0.0', Buffer.from(`PK bench ui build ${randomUUID()}`));
    const goodId = await release('Bench release', good);
    const startedAt = Date.now();
    log(`release ${goodId} scheduled 2 s ahead`);
    let lastLog = Date.now();
    const finished = await waitFor(
      'the release completed',
      async () => {
        const row = await releaseRow(goodId);
        if (Date.now() - lastLog > 10_000) {
          lastLog = Date.now();
          const { rows } = await (pool as pg.Pool).query<{ state: string; n: number }>(
            `SELECT state, count(*)::int AS n FROM terminal_release_target WHERE release_id = $1 GROUP BY state`,
            [goodId],
          );
          log(
            `  ${((Date.now() - startedAt) / 1000).toFixed(0)} s: ${row.status}, stage ${row.currentStage}; ${rows.map((r) => `${r.state} ${r.n}`).join(', ')}`,
          );
        }
        return row;
      },
      (row) => row.status !== 'RUNNING' && row.status !== 'SCHEDULED',
      options.timeoutSeconds * 1000,
    );
    const releaseSeconds = (Date.now() - startedAt) / 1000;
    if (finished.status !== 'COMPLETED') log(`the release ended ${finished.status} (${finished.pauseReason ?? ''})`);

    const { rows: targets } = await pool.query<{ ebox_id: string; stage: number; state: string; updated_at: Date }>(
      `SELECT ebox_id, stage, state, updated_at FROM terminal_release_target WHERE release_id = $1`,
      [goodId],
    );
    const uuidOf = new Map(lockers.map((l) => [l.eboxId, l.lockerUuid]));
    const heardFor = (eboxId: string, id: string) => (heard.get(uuidOf.get(eboxId) as string) ?? []).filter((h) => h.release === id);
    const stageCount = Math.max(...targets.map((t) => t.stage)) + 1;
    const stages: ReleaseStageResult[] = [];
    for (let stage = 0; stage < stageCount; stage++) {
      const rows = targets.filter((t) => t.stage === stage);
      const commanded = rows.filter((t) => heardFor(t.ebox_id, goodId).length > 0).length;
      let delayMs: number | null = null;
      const next = targets.filter((t) => t.stage === stage + 1);
      if (next.length) {
        // The success that brought the stage to 95 % (RELEASE's threshold), then the next stage's first command.
        const successes = rows
          .filter((t) => t.state === 'succeeded')
          .map((t) => t.updated_at.getTime())
          .sort((x, y) => x - y);
        const met = successes[Math.ceil(rows.length * 0.95) - 1];
        const firstNext = Math.min(...next.flatMap((t) => heardFor(t.ebox_id, goodId).map((h) => h.at)));
        if (met !== undefined && Number.isFinite(firstNext)) delayMs = firstNext - met;
      }
      // Floors: the stage's UPDATE alone (rolled back), and the broker alone carrying as many commands.
      const client = await pool.connect();
      let sqlFloorMs: number;
      try {
        await client.query('BEGIN');
        const started = performance.now();
        await client.query(
          `UPDATE terminal_release_target SET state = 'sent', sent_at = now(), updated_at = now()
           WHERE release_id = $1 AND stage = $2 RETURNING id, ebox_id, attempt`,
          [goodId, stage],
        );
        sqlFloorMs = performance.now() - started;
        await client.query('ROLLBACK');
      } finally {
        client.release();
      }
      const brokerFloorMs = await brokerFloor(brokerUrl, rows.length, 700);
      stages.push({ stage, lockers: rows.length, commanded, delayMs, sqlFloorMs, brokerFloorMs });
    }
    const counts = lockers.map((l) => heardFor(l.eboxId, goodId).length);

    // 2. A corrupted build: the hash recorded is not its bytes', so every locker's check fails.
    const bad = await upload('UI 9.0.1 corrupted', Buffer.from(`PK bench ui build ${randomUUID()}`));
    await pool.query(`UPDATE terminal_ui_version SET sha256 = $2 WHERE id = $1`, [bad, 'f'.repeat(64)]);
    const badId = await release('Bench release, corrupted build', bad);
    log(`corrupted release ${badId} scheduled 2 s ahead`);
    const paused = await waitFor(
      'the corrupted release paused',
      () => releaseRow(badId),
      (row) => row.status !== 'RUNNING' && row.status !== 'SCHEDULED',
      options.timeoutSeconds * 1000,
    );
    // A command queued by mistake would be a send job of this release: each ends only once its
    // locker answered, so when none is left to run, every command there was to hear was heard.
    const jobs = pool;
    await waitFor(
      "the corrupted release's send jobs finished",
      async () =>
        (
          await jobs.query<{ pending: number }>(
            `SELECT count(*)::int AS pending FROM pgboss.job
             WHERE name = 'terminal-release.send' AND data->>'releaseId' = $1 AND state IN ('created', 'retry', 'active')`,
            [badId],
          )
        ).rows[0]?.pending ?? 0,
      (pending) => pending === 0,
      options.timeoutSeconds * 1000,
    );
    const { rows: badTargets } = await pool.query<{ ebox_id: string; stage: number; state: string }>(
      `SELECT ebox_id, stage, state FROM terminal_release_target WHERE release_id = $1`,
      [badId],
    );
    const beyond = badTargets.filter((t) => t.stage > 0);
    return {
      lockers: options.lockers,
      stages,
      commandedOnce: counts.filter((n) => n === 1).length,
      commandedTwiceOrMore: counts.filter((n) => n > 1).length,
      neverCommanded: counts.filter((n) => n === 0).length,
      releaseSeconds,
      corrupted: {
        paused: paused.status === 'PAUSED',
        pauseReason: (paused.pauseReason as string | null) ?? null,
        canaryFailed: badTargets.filter((t) => t.stage === 0 && t.state === 'failed').length,
        sentBeyondCanary: beyond.filter((t) => t.state !== 'waiting').length,
        heardBeyondCanary: beyond.filter((t) => heardFor(t.ebox_id, badId).length > 0).length,
      },
      load1: loadavg()[0] ?? 0,
    };
  } finally {
    stopping = true;
    await observer?.endAsync().catch(() => {});
    for (const simulator of simulators) simulator.child.kill('SIGINT');
    await Promise.all(simulators.map((simulator) => new Promise((resolve) => simulator.child.once('exit', resolve)).catch(() => {})));
    for (const api of apis) await stopConsole(api);
    await pool?.end();
    await mosquitto?.stop();
    await database.stop();
  }
}

export function formatReleaseResults(results: ReleaseResults): string {
  const ms = (n: number) => `${Math.round(n)} ms`;
  const delays = results.stages.flatMap((s) => (s.delayMs === null ? [] : [s.delayMs])).sort((x, y) => x - y);
  const lines = [
    formatTable(
      ['stage', 'lockers', 'commanded', 'threshold → next stage', 'floor: its UPDATE (SQL)', 'floor: broker, as many commands'],
      results.stages.map((s) => [
        String(s.stage + 1),
        String(s.lockers),
        String(s.commanded),
        s.delayMs === null ? '–' : ms(s.delayMs),
        ms(s.sqlFloorMs),
        ms(s.brokerFloorMs),
      ]),
    ),
    '',
    `each locker commanded exactly once: ${results.commandedOnce} of ${results.lockers} (twice or more: ${results.commandedTwiceOrMore}, never: ${results.neverCommanded}) — ${results.commandedOnce === results.lockers ? 'met' : 'MISSED'}`,
    `threshold met → next stage's first command (${delays.length} stage changes): p50 ${ms(percentile(delays, 50))}, p95 ${ms(percentile(delays, 95))}, max ${ms(delays.at(-1) ?? Number.NaN)}; target ≤ ${TARGET_DELAY_MS / 1000} s — ${delays.length && (delays.at(-1) ?? 0) <= TARGET_DELAY_MS ? 'met' : 'MISSED'}`,
    `the whole release: ${results.releaseSeconds.toFixed(1)} s from its creation (scheduled 2 s ahead)`,
    `corrupted build: ${results.corrupted.paused ? `paused (${results.corrupted.pauseReason})` : 'NOT paused'}, canary failed ${results.corrupted.canaryFailed}, next stages' lockers taken ${results.corrupted.sentBeyondCanary} and commanded ${results.corrupted.heardBeyondCanary} — ${results.corrupted.paused && results.corrupted.sentBeyondCanary === 0 && results.corrupted.heardBeyondCanary === 0 ? 'met' : 'MISSED'}`,
    `load average (1 min) at the end: ${results.load1.toFixed(2)}`,
  ];
  return lines.join('\n');
}
