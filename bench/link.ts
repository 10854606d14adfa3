/**
 * Link benchmark (issue 14): N virtual lockers heartbeating on one API process, and the round trip
 * of a command to them, as N grows.
 *
 * - The API is the console as `npm start` runs it (scripts/start.mjs, its embedded broker), in its
 *   own process on a throw-away PostgreSQL (BENCH_DATABASE_URL's server, or embedded), so its CPU
 *   (from /proc) and RSS are its own. Demo data and its simulator are off.
 * - The lockers are made in SQL (a locker, one compartment, terminal credentials sharing one hash of
 *   the kind enrolment stores, hashRandomSecret) and played by apps/terminal-sim
 *   (`--lockers-file`) in processes of their own, BENCH_LINK_SIM_LOCKERS (2,500) lockers each, so
 *   the simulator is not the API's CPU (it still shares the machine's). Connecting costs the API one
 *   verification per locker, as in production.
 * - Two API processes (BENCH_LINK_APIS=2): on one Mosquitto 2 with dynamic security, sharing the
 *   bootstrap password; every terminal of the run is written into Mosquitto's dynamic-security file
 *   before it starts (addTerminalsToDynsec), and commands alternate between the two processes.
 * - BENCH_LINK_CPU_PROF=<folder>: V8 CPU profiles of the API processes (`--cpu-prof`), written when
 *   they stop at the end of the run. BENCH_LINK_API_LOG=<file>: what the API processes printed.
 * - Per step: the time for the new lockers to come online (then, up to BENCH_LINK_SETTLE_SECONDS,
 *   for their apply_config and their connection messages: the commands are timed in the steady
 *   state, waitForSettledLink), the API's CPU and RSS over
 *   BENCH_LINK_IDLE_SECONDS (5) of heartbeats only, then BENCH_LINK_COMMANDS (200) commands,
 *   BENCH_LINK_CONCURRENCY (4) in flight, to random lockers: `GET /compartiment/open/{id}` when the
 *   API has it, else the contract's open_compartment published by a client as the API's own MQTT
 *   user (the same broker and terminals, not the API's command service; the output says which).
 * - The floor beside it: the broker alone, a raw MQTT request and answer between two clients of the
 *   same broker at the same load (BENCH_LINK_FLOOR, 100 round trips), and the machine's load average.
 * - Steps: BENCH_LINK_STEPS (100,500,1000,2000,5000,10000); it stops after the first step whose p95
 *   passes 2 s (saturated; the largest N within 100 ms is printed either way). `--quick`: 20 and 50
 *   lockers, 30 commands (a smoke run). Beside the HTTP command, the same open_compartment straight
 *   over MQTT as the API's user (the terminal's and the broker's part of the trip).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { pbkdf2Sync, randomBytes, randomUUID } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createTerminalCommand, terminalTopics } from '@ebox/domain';
import mqtt, { type MqttClient } from 'mqtt';
import pg from 'pg';
import { ROOT_DIR } from '../apps/api/src/config';
import { hashRandomSecret } from '../apps/api/src/platform/auth/passwords';
import { terminalAcls, terminalRoleOf } from '../apps/api/src/platform/mqtt/dynsec-broker-admin';
import {
  type ConsoleProcess,
  createDataDir,
  freePort,
  startConsole,
  stopConsole,
  waitForStatus,
} from '../apps/api/test/support/console-process';
import { type DynsecConfig, type Mosquitto, startMosquitto } from '../apps/api/test/support/mosquitto';
import { startBenchDatabase } from './bench-api';
import { costliestStatements, formatStatements, resetStatements, STATEMENT_SETTINGS, updatesOf } from './pg-statements';
import { postgresCpu, postgresCpuBetween, usageOf } from './process-usage';
import { formatTable, percentile } from './table';

export type LinkBenchOptions = {
  /** 1: one API process with its embedded broker; 2: two API processes on one Mosquitto (dynamic security). */
  apis: 1 | 2;
  steps: number[];
  commands: number;
  concurrency: number;
  floorRoundTrips: number;
  idleSeconds: number;
  /** Lockers per simulator process (a step with more starts several). */
  lockersPerSimulator: number;
  /** A folder for V8 CPU profiles of the API processes (`--cpu-prof`), written when they stop. */
  cpuProfileDir?: string;
  databaseUrl?: string;
  /** Print the statements PostgreSQL spent most time on in each step's heartbeat window (embedded only). */
  statements?: boolean;
  log: (line: string) => void;
};

export type LinkStepResult = {
  apis: 1 | 2;
  lockers: number;
  online: number;
  connectSeconds: number;
  idleCpuPercent: number;
  rssMiB: number;
  via: 'GET /compartiment/open' | 'MQTT open_compartment (service user)';
  p50: number;
  p95: number;
  failed: number;
  /** The same open_compartment straight over MQTT as the API's user: the terminal's part of the trip. */
  mqttP50: number;
  mqttP95: number;
  floorP50: number;
  floorP95: number;
  /** The machine's 1-minute load average when the step's commands were done. */
  load1: number;
};

const OWNER = { email: 'bench-link@ebox.local', password: 'Bench-link-1' };
const SERVICE = { username: 'bench-api', password: randomUUID() };
const LOCKER_PASSWORD = 'bench-locker-password';
const TARGET_P95_MS = 100;
const SATURATED_P95_MS = 2_000;

export type Locker = { lockerUuid: string; eboxId: string; compartmentId: string };

/** Nagle off, as the console's and the terminals' clients do it (embedded-broker.ts says why). */
function noDelay(client: MqttClient): void {
  (client.stream as { setNoDelay?: (noDelay: boolean) => void }).setNoDelay?.(true);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function newLockers(count: number): Locker[] {
  return Array.from({ length: count }, () => ({ lockerUuid: randomUUID(), eboxId: randomUUID(), compartmentId: randomUUID() }));
}

/** Lockers straight in the tables (the API's own writes are not what this bench times). */
async function insertLockers(pool: pg.Pool, lockers: Locker[], first: number, passwordHash: string | null): Promise<void> {
  for (let start = 0; start < lockers.length; start += 1000) {
    const batch = lockers.slice(start, start + 1000);
    const numbers = batch.map((_, i) => first + start + i);
    await pool.query(
      `INSERT INTO ebox (id, name, code, terminal_id, enable, board_number, start_number)
       SELECT id, 'Bench locker ' || n, 'BL-' || n, terminal, true, 1, 1
       FROM unnest($1::uuid[], $2::text[], $3::int[]) AS t(id, terminal, n)`,
      [batch.map((l) => l.eboxId), batch.map((l) => l.lockerUuid), numbers],
    );
    await pool.query(
      `INSERT INTO compartiment (id, ebox_id, number, board_number, com_number, usage_type, status, enable)
       SELECT id, ebox, 1, 1, 1, 'DELIVERY', 'AVAILABLE', true FROM unnest($1::uuid[], $2::uuid[]) AS t(id, ebox)`,
      [batch.map((l) => l.compartmentId), batch.map((l) => l.eboxId)],
    );
    if (passwordHash)
      await pool.query(
        `INSERT INTO terminal_credential (username, password_hash, role, locker_id)
       SELECT username, $3, 'terminal', locker FROM unnest($1::text[], $2::uuid[]) AS t(username, locker)`,
        [batch.map((l) => l.lockerUuid), batch.map((l) => l.eboxId), passwordHash],
      );
  }
}

/**
 * Every locker of the run as a client of Mosquitto's dynamic security, each with its own role
 * (terminalAcls, as the console's enrolment makes them), written in the file before Mosquitto
 * starts: made through `$CONTROL`, each command would rewrite the whole file (megabytes at 10,000).
 * One PBKDF2-SHA512 hash (Mosquitto's format) serves all, as one hash does on the embedded broker.
 */
export function addTerminalsToDynsec(config: DynsecConfig, lockers: Locker[]): void {
  const salt = randomBytes(12);
  const iterations = 101;
  const password = pbkdf2Sync(LOCKER_PASSWORD, salt, iterations, 64, 'sha512').toString('base64');
  for (const locker of lockers) {
    const rolename = terminalRoleOf(locker.lockerUuid);
    config.roles.push({ rolename, acls: terminalAcls(locker.lockerUuid) });
    config.clients.push({ username: locker.lockerUuid, password, salt: salt.toString('base64'), iterations, roles: [{ rolename }] });
  }
}

export type Simulator = { child: ChildProcess; online: Promise<number>; file: string };

/** A simulator process for these lockers; `online` resolves with how many connected. */
export function startSimulator(lockers: Locker[], brokerUrl: string, dir: string, index: number, extraArgs: string[] = []): Simulator {
  const file = path.join(dir, `lockers-${index}.json`);
  writeFileSync(
    file,
    JSON.stringify(
      lockers.map((l) => ({
        lockerUuid: l.lockerUuid,
        password: LOCKER_PASSWORD,
        clientId: `bench-${l.lockerUuid}`,
        compartments: [{ number: 1, boardNumber: 1, channel: 1 }],
      })),
    ),
  );
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(ROOT_DIR, 'apps/terminal-sim/src/main.ts'),
      '--lockers-file',
      file,
      '--broker',
      brokerUrl,
      '--door-close-ms',
      '1000',
      ...extraArgs,
    ],
    { cwd: ROOT_DIR, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_OPTIONS: '--max-old-space-size=4096' } },
  );
  const online = new Promise<number>((resolve, reject) => {
    const lines: string[] = [];
    const onLine = (line: string) => {
      if (lines.length < 50) lines.push(line);
      const match = /(\d+) of (\d+) virtual lockers online/.exec(line);
      if (match) resolve(Number(match[1]));
    };
    if (child.stdout) createInterface({ input: child.stdout }).on('line', onLine);
    if (child.stderr) createInterface({ input: child.stderr }).on('line', onLine);
    child.once('exit', (code) => reject(new Error(`simulator exited (${code}) before its lockers were online:\n${lines.join('\n')}`)));
  });
  return { child, online, file };
}

/** `work` run `total` times, `concurrency` at a time; answers each duration in ms (NaN when it failed). */
async function timeMany(total: number, concurrency: number, work: (i: number) => Promise<boolean>): Promise<number[]> {
  const durations: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < total; i = next++) {
        const started = performance.now();
        const ok = await work(i).catch(() => false);
        durations.push(ok ? performance.now() - started : Number.NaN);
      }
    }),
  );
  return durations;
}

/** A command's answer, matched by transaction id, heard as the API's own MQTT user. */
function mqttCommander(client: MqttClient) {
  const waiting = new Map<string, () => void>();
  client.on('message', (_topic, payload) => {
    try {
      const answer = JSON.parse(payload.toString('utf8')) as { transaction_id?: string };
      if (answer.transaction_id) waiting.get(answer.transaction_id)?.();
    } catch {}
  });
  return {
    async ready() {
      await subscribeOrThrow(client, 'locker/+/response');
    },
    open(lockerUuid: string): Promise<boolean> {
      const command = createTerminalCommand('open_compartment', { compartment_number: 1 });
      return new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => {
          waiting.delete(command.transaction_id);
          resolve(false);
        }, 10_000);
        waiting.set(command.transaction_id, () => {
          clearTimeout(timer);
          waiting.delete(command.transaction_id);
          resolve(true);
        });
        void client.publishAsync(terminalTopics.command(lockerUuid), JSON.stringify(command), { qos: 1 });
      });
    },
  };
}

/**
 * Topics of the floor: under `locker/` (the API's user may use them on Mosquitto too, where a publish
 * it has no right to is dropped without a word) and outside every filter the API listens to.
 */
const FLOOR_REQUEST = 'locker/bench-floor/request';
const FLOOR_ANSWER = 'locker/bench-floor/answer';

/** Subscribes, and says so when the broker refuses (else every round trip would wait for its time-out). */
async function subscribeOrThrow(client: MqttClient, filter: string): Promise<void> {
  const grants = await client.subscribeAsync(filter, { qos: 1 });
  if (grants.some((grant) => grant.qos === 128)) throw new Error(`the broker refused the bench the subscription to ${filter}`);
}

/** The broker alone: one client asks, another answers, nothing else in between. */
async function measureFloor(brokerUrl: string, credentials: { username: string; password: string }, roundTrips: number): Promise<number[]> {
  const options = { ...credentials, protocolVersion: 4 as const, reconnectPeriod: 0 };
  const asker = await mqtt.connectAsync(brokerUrl, { ...options, clientId: `bench-floor-a-${randomUUID()}` });
  const answerer = await mqtt.connectAsync(brokerUrl, { ...options, clientId: `bench-floor-b-${randomUUID()}` });
  for (const client of [asker, answerer]) noDelay(client);
  try {
    await subscribeOrThrow(answerer, FLOOR_REQUEST);
    answerer.on('message', (_topic, payload) => void answerer.publishAsync(FLOOR_ANSWER, payload, { qos: 1 }));
    const waiting = new Map<string, () => void>();
    asker.on('message', (_topic, payload) => waiting.get(payload.toString())?.());
    await subscribeOrThrow(asker, FLOOR_ANSWER);
    return await timeMany(
      roundTrips,
      1,
      (i) =>
        new Promise<boolean>((resolve) => {
          const id = `${i}-${randomUUID()}`;
          const timer = setTimeout(() => resolve(false), 10_000);
          waiting.set(id, () => {
            clearTimeout(timer);
            resolve(true);
          });
          void asker.publishAsync(FLOOR_REQUEST, id, { qos: 1 });
        }),
    );
  } finally {
    await asker.endAsync();
    await answerer.endAsync();
  }
}

function summarize(durations: number[]) {
  const ok = durations.filter((d) => !Number.isNaN(d)).sort((a, b) => a - b);
  return { p50: percentile(ok, 50), p95: percentile(ok, 95), failed: durations.length - ok.length };
}

/**
 * Lockers configured (apply_config audited), whose versions the console has stored, online now, and
 * status changes to offline so far.
 */
async function linkProgress(pool: pg.Pool): Promise<{ applied: number; versions: number; online: number; wentOffline: number }> {
  const { rows } = await pool.query<{ applied: number; versions: number; online: number; went_offline: number }>(
    `SELECT (SELECT count(DISTINCT entity_id)::int FROM audit_log WHERE entity_name = 'ebox' AND action = 'apply_config') AS applied,
            (SELECT count(*)::int FROM ebox WHERE application_version IS NOT NULL) AS versions,
            (SELECT count(*)::int FROM ebox WHERE status = 'online') AS online,
            (SELECT count(*)::int FROM audit_log WHERE entity_name = 'ebox' AND action = 'offline') AS went_offline`,
  );
  const row = rows[0];
  return { applied: row?.applied ?? 0, versions: row?.versions ?? 0, online: row?.online ?? 0, wentOffline: row?.went_offline ?? 0 };
}

/**
 * Waits for the steady state of `count` lockers, or BENCH_LINK_SETTLE_SECONDS (180): each had its
 * apply_config sent (the audit says so; the console sends them sixteen at a time) and the console
 * has handled the messages each sent as it connected (its versions are stored) and after its
 * configuration (door reports, which update a compartment each, have stopped). Thousands of lockers
 * connecting together send three messages each (a snapshot, its versions, a snapshot after its
 * configuration), which the link works through for a minute or two; the commands are timed after
 * that. Past the wait the step is timed anyway, and the output says how far it got. Every 10 s it
 * prints the progress and how many times a locker was marked offline (a locker whose heartbeats
 * the console could not keep up with flaps offline and back, and each return queues its
 * configuration again).
 */
async function waitForSettledLink(pool: pg.Pool, count: number, log: (line: string) => void): Promise<void> {
  const started = Date.now();
  const deadline = started + Number(process.env.BENCH_LINK_SETTLE_SECONDS ?? 180) * 1000;
  let lastReport = started;
  let configured = false;
  const seconds = () => ((Date.now() - started) / 1000).toFixed(0);
  let progress = await linkProgress(pool);
  while (Date.now() < deadline) {
    if (!configured && progress.applied >= count) {
      configured = true;
      log(`  every online locker had its apply_config ${seconds()} s after they were online`);
    }
    if (configured && progress.versions >= count) {
      // The snapshots after each configuration come last: settled once door reports (an UPDATE of
      // the compartment each, changed or not) have stopped coming.
      const before = (await updatesOf(pool, 'compartiment')).updates;
      await sleep(2_000);
      const doorReports = (await updatesOf(pool, 'compartiment')).updates - before;
      if (doorReports <= Math.max(10, count / 1000)) {
        log(`  the link had handled every locker's connection and configuration messages ${seconds()} s after they were online`);
        return;
      }
    }
    if (Date.now() - lastReport >= 10_000) {
      lastReport = Date.now();
      log(
        `    ${seconds()} s: ${progress.applied} configured, ${progress.versions} with versions stored, ${progress.online} online, ${progress.wentOffline} marked offline so far`,
      );
    }
    await sleep(1_000);
    progress = await linkProgress(pool);
  }
  log(
    `  not settled when the step went on: ${progress.applied} of ${count} configured, ${progress.versions} with versions stored (the rest are handled meanwhile)`,
  );
}

export async function runLinkBenchmark(options: LinkBenchOptions): Promise<LinkStepResult[]> {
  const { log } = options;
  const database = await startBenchDatabase(options.databaseUrl, options.statements ? STATEMENT_SETTINGS : undefined);
  const dataDir = createDataDir();
  const simulators: Simulator[] = [];
  const apis: ConsoleProcess[] = [];
  let mosquitto: Mosquitto | undefined;
  let pool: pg.Pool | undefined;
  let service: MqttClient | undefined;
  let stopping = false;
  // Every locker of the run is known from the start: Mosquitto gets all their credentials before it starts.
  const everyLocker = newLockers(Math.max(...options.steps));
  try {
    let brokerUrl: string;
    let serviceCredentials: { username: string; password: string } = SERVICE;
    const brokerEnv: Record<string, string> = {};
    if (options.apis === 2) {
      mosquitto = await startMosquitto({ prepareDynsec: (config) => addTerminalsToDynsec(config, everyLocker) });
      brokerUrl = mosquitto.url;
      serviceCredentials = mosquitto.admin;
      Object.assign(brokerEnv, {
        MQTT_URL: mosquitto.url,
        MQTT_USERNAME: mosquitto.admin.username,
        MQTT_PASSWORD: mosquitto.admin.password,
        // Replicas share the bootstrap user's password (else each keeps its own in its DATA_DIR and
        // the second one's start-up tries to change it).
        MQTT_BOOTSTRAP_PASSWORD: randomUUID(),
      });
    } else {
      const mqttPort = await freePort();
      brokerUrl = `mqtt://127.0.0.1:${mqttPort}`;
      Object.assign(brokerEnv, {
        MQTT_PORT: String(mqttPort),
        MQTT_HOST: '127.0.0.1',
        MQTT_USERNAME: SERVICE.username,
        MQTT_PASSWORD: SERVICE.password,
      });
    }
    for (let n = 1; n <= options.apis; n++) {
      log(`starting API process ${n} of ${options.apis} (the console as npm start runs it; built first if its sources changed)`);
      // One after the other: the first migrates the database, the second finds it ready.
      const api = await startConsole({
        dataDir: n === 1 ? dataDir : createDataDir(),
        port: await freePort(),
        pgPort: await freePort(),
        env: {
          DATABASE_URL: database.url,
          ...brokerEnv,
          OWNER_EMAIL: OWNER.email,
          OWNER_PASSWORD: OWNER.password,
          SEED_DEMO: 'false',
          SIMULATE_LOCKERS: 'false',
          LOG_LEVEL: 'error',
          JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256',
        },
        ...(options.cpuProfileDir ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfileDir}`] } : {}),
      });
      apis.push(api);
      // An API process that ends mid-run says why (its last words), instead of a missing /proc entry.
      void api.exited.then((code) => {
        if (!stopping) log(`API process ${n} exited (${code}) during the run:\n${api.stderr().slice(-3000)}\n${api.stdout().slice(-2000)}`);
      });
      await waitForStatus(api, `${api.baseUrl}/health`, 200, 300_000);
    }
    const apiPids = apis.map((api) => api.child.pid as number);
    const signIn = await fetch(`${apis[0]?.baseUrl}/io/api/v1/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(OWNER),
    });
    const session = (await signIn.json()) as string;
    const headers = { authorization: `Bearer ${session}`, 'accept-language': 'en' };

    pool = new pg.Pool({ connectionString: database.url, max: 2 });
    // The embedded broker reads credentials from the database (one hash shared by all); Mosquitto has
    // its own, written before it started (addTerminalsToDynsec).
    const passwordHash = options.apis === 1 ? hashRandomSecret(LOCKER_PASSWORD) : null;
    service = await mqtt.connectAsync(brokerUrl, {
      ...serviceCredentials,
      protocolVersion: 4,
      clientId: `bench-commander-${randomUUID()}`,
    });
    noDelay(service);
    const commander = mqttCommander(service);
    await commander.ready();
    const cpuOfApis = () => apiPids.reduce((sum, pid) => sum + usageOf(pid).cpuSeconds, 0);
    const rssOfApis = () => apiPids.reduce((sum, pid) => sum + usageOf(pid).rss / 2 ** 20, 0);
    // Where the machine's two cores go while the lockers only heartbeat: the simulators' processes
    // and PostgreSQL's beside the API's.
    const cpuOfSimulators = () =>
      simulators.reduce((sum, simulator) => sum + (simulator.child.pid ? usageOf(simulator.child.pid).cpuSeconds : 0), 0);

    const lockers: Locker[] = [];
    let onlineSoFar = 0;
    const results: LinkStepResult[] = [];
    let via: LinkStepResult['via'] | undefined;
    for (const target of options.steps) {
      const added = everyLocker.slice(lockers.length, target);
      await insertLockers(pool, added, lockers.length + 1, passwordHash);
      lockers.push(...added);
      const started = [];
      for (let first = 0; first < added.length; first += options.lockersPerSimulator) {
        started.push(startSimulator(added.slice(first, first + options.lockersPerSimulator), brokerUrl, dataDir, simulators.length));
        simulators.push(started.at(-1) as Simulator);
      }
      log(`${target} lockers: connecting ${added.length} more (${started.length} simulator process(es), ${simulators.length} in all)`);
      const connectStarted = performance.now();
      const online = (await Promise.all(started.map((simulator) => simulator.online))).reduce((sum, n) => sum + n, 0);
      const connectSeconds = (performance.now() - connectStarted) / 1000;
      // Past the newcomers' first heartbeat, their apply_config (a command each, queued as jobs when
      // they come online) and their connection messages: the steady state is what is timed.
      onlineSoFar += online;
      await waitForSettledLink(pool, onlineSoFar, log);
      await sleep(3_000);

      const eboxUpdatesBefore = options.statements ? await updatesOf(pool, 'ebox') : undefined;
      if (options.statements) await resetStatements(pool);
      const cpuBefore = { api: cpuOfApis(), simulators: cpuOfSimulators(), postgres: postgresCpu() };
      const idleStarted = performance.now();
      await sleep(options.idleSeconds * 1000);
      const idleSeconds = (performance.now() - idleStarted) / 1000;
      if (options.statements) {
        log(`  PostgreSQL's costliest statements over the ${idleSeconds.toFixed(1)} s heartbeat window (share of one core):`);
        log(formatStatements(await costliestStatements(pool), idleSeconds));
        const eboxUpdates = await updatesOf(pool, 'ebox');
        const updates = eboxUpdates.updates - (eboxUpdatesBefore?.updates ?? 0);
        const hot = eboxUpdates.hot - (eboxUpdatesBefore?.hot ?? 0);
        log(
          `  ebox rows updated in the window: ${updates}, ${updates ? ((hot / updates) * 100).toFixed(0) : 0} % of them HOT (no index entry written)`,
        );
      }
      const idleCpuPercent = ((cpuOfApis() - cpuBefore.api) / idleSeconds) * 100;
      const simulatorsCpuPercent = ((cpuOfSimulators() - cpuBefore.simulators) / idleSeconds) * 100;
      const postgresCpuPercent = (postgresCpuBetween(cpuBefore.postgres, postgresCpu()) / idleSeconds) * 100;
      const rssMiB = rssOfApis();

      if (!via) {
        const probe = await fetch(`${apis[0]?.baseUrl}/io/api/v1/compartiment/open/${lockers[0]?.compartmentId}`, { headers });
        const text = await probe.text();
        via = probe.status === 404 && text.includes('routeNotFound') ? 'MQTT open_compartment (service user)' : 'GET /compartiment/open';
        log(`commands through ${via} (probe answered ${probe.status}: ${text.slice(0, 120)})`);
        await sleep(1500); // the probed door closes again
      }
      // Commands go to lockers the console has online (a locker that could not connect on a loaded
      // machine would time the refusal, not the link).
      const onlineIds = new Set(
        (await pool.query<{ id: string }>(`SELECT id FROM ebox WHERE status = 'online'`)).rows.map((row) => row.id),
      );
      const targets = lockers.filter((locker) => onlineIds.has(locker.eboxId));
      const pick = () => targets[Math.floor(Math.random() * targets.length)] as Locker;
      // With two API processes, every other command goes through the other one.
      const httpOpen = async (i: number) => {
        const locker = pick();
        const base = apis[i % apis.length]?.baseUrl;
        const response = await fetch(`${base}/io/api/v1/compartiment/open/${locker.compartmentId}`, {
          headers,
          signal: AbortSignal.timeout(15_000),
        });
        await response.arrayBuffer();
        return response.status === 200;
      };
      const mqttOpen = async () => commander.open(pick().lockerUuid);
      const commands = summarize(
        await timeMany(options.commands, options.concurrency, via === 'GET /compartiment/open' ? httpOpen : mqttOpen),
      );
      const direct =
        via === 'GET /compartiment/open'
          ? summarize(await timeMany(Math.min(options.commands, 100), options.concurrency, mqttOpen))
          : commands;
      const floor = summarize(await measureFloor(brokerUrl, serviceCredentials, options.floorRoundTrips));
      const load1 = loadavg()[0] ?? Number.NaN;
      const progress = await linkProgress(pool);
      const result: LinkStepResult = {
        apis: options.apis,
        lockers: target,
        online: onlineIds.size,
        connectSeconds,
        idleCpuPercent,
        rssMiB,
        via,
        ...commands,
        mqttP50: direct.p50,
        mqttP95: direct.p95,
        floorP50: floor.p50,
        floorP95: floor.p95,
        load1,
      };
      results.push(result);
      log(
        `  ${online}/${added.length} online in ${connectSeconds.toFixed(1)} s; p50 ${commands.p50.toFixed(1)} ms, p95 ${commands.p95.toFixed(1)} ms, ${commands.failed} failed; API CPU ${idleCpuPercent.toFixed(0)} % (simulators ${simulatorsCpuPercent.toFixed(0)} %, PostgreSQL ${postgresCpuPercent.toFixed(0)} %), RSS ${rssMiB.toFixed(0)} MiB; floor p95 ${floor.p95.toFixed(1)} ms; load ${load1.toFixed(1)}; ${progress.online} online, ${progress.applied} configured, ${progress.wentOffline} marked offline in the run`,
      );
      // Past the target the steps go on (CPU, memory and connection figures at larger N are worth
      // having on a loaded machine), until the link is plainly saturated.
      if (commands.p95 > SATURATED_P95_MS || commands.failed > options.commands / 10) break;
    }
    return results;
  } finally {
    stopping = true;
    await service?.endAsync().catch(() => {});
    for (const simulator of simulators) simulator.child.kill('SIGTERM');
    await Promise.all(
      simulators.map((s) => new Promise((resolve) => (s.child.exitCode !== null ? resolve(null) : s.child.once('exit', resolve)))),
    );
    for (const api of apis) await stopConsole(api).catch(() => {});
    if (process.env.BENCH_LINK_API_LOG) {
      writeFileSync(process.env.BENCH_LINK_API_LOG, apis.map((api) => `${api.stdout()}\n${api.stderr()}`).join('\n'));
    }
    await mosquitto?.stop().catch(() => {});
    await pool?.end().catch(() => {});
    await database.stop().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The largest step whose commands all succeeded within the target p95, or undefined. */
function largestWithinTarget(results: LinkStepResult[]): LinkStepResult | undefined {
  return results.filter((r) => r.p95 <= TARGET_P95_MS && r.failed === 0).sort((a, b) => b.lockers - a.lockers)[0];
}

const ms = (value: number) => (Number.isNaN(value) ? '-' : value.toFixed(1));

export function formatLinkResults(results: LinkStepResult[]): string {
  const table = formatTable(
    [
      'lockers',
      'online',
      'connect s',
      'API CPU % (heartbeats)',
      'API RSS MiB',
      'p50 ms',
      'p95 ms',
      'failed',
      'MQTT-only p50',
      'MQTT-only p95',
      'broker floor p50',
      'floor p95',
      'load 1 min',
    ],
    results.map((r) => [
      String(r.lockers),
      String(r.online),
      r.connectSeconds.toFixed(1),
      r.idleCpuPercent.toFixed(1),
      r.rssMiB.toFixed(0),
      ms(r.p50),
      ms(r.p95),
      String(r.failed),
      ms(r.mqttP50),
      ms(r.mqttP95),
      ms(r.floorP50),
      ms(r.floorP95),
      r.load1.toFixed(1),
    ]),
  );
  return [
    `commands through ${results[0]?.via ?? '-'}; ${results[0]?.apis === 2 ? 'two API processes on one Mosquitto 2 (dynamic security), commands alternating between them, CPU and RSS summed' : 'one API process, embedded broker'}`,
    table,
  ].join('\n');
}

/** One line per variant: the largest N within p95 100 ms, beside the broker-alone floor and the load of that step. */
export function formatLinkSummary(variants: { apis: 1 | 2; results: LinkStepResult[] | null }[]): string {
  const lines = [`largest N with command p95 <= ${TARGET_P95_MS} ms (target: 10,000 lockers on one API process):`];
  for (const { apis, results } of variants) {
    const name = apis === 2 ? 'two API processes, one Mosquitto' : 'one API process, embedded broker';
    const best = results ? largestWithinTarget(results) : undefined;
    const largest = results?.at(-1);
    if (!results?.length) lines.push(`  ${name}: no figures (the run failed)`);
    else if (!best)
      lines.push(
        `  ${name}: none of ${results.map((r) => r.lockers).join(', ')} (at ${largest?.lockers}: p95 ${ms(largest?.p95 ?? Number.NaN)} ms, broker floor p95 ${ms(largest?.floorP95 ?? Number.NaN)} ms, load ${largest?.load1.toFixed(1)})`,
      );
    else
      lines.push(
        `  ${name}: ${best.lockers} lockers (p50 ${ms(best.p50)} / p95 ${ms(best.p95)} ms; broker floor ${ms(best.floorP50)} / ${ms(best.floorP95)} ms; load ${best.load1.toFixed(1)})${largest && largest.lockers > best.lockers ? `; at ${largest.lockers}: p95 ${ms(largest.p95)} ms, load ${largest.load1.toFixed(1)}` : ''}`,
      );
  }
  return lines.join('\n');
}
