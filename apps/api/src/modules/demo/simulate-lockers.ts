import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { ROOT_DIR } from '../../config';
import type { AppDeps } from '../../platform/app-deps';
import { findUserByEmail } from '../auth/users';
import { DEMO_LOCKER_CODES } from './demo-data';

/**
 * With demo data on, `npm start` runs virtual terminals for the demo lockers (apps/terminal-sim
 * `--demo`) in a process of their own: they connect through the broker with credentials from the
 * console's own enrolment, exactly like real terminals, and cost the API no CPU of its own.
 * SIMULATE_LOCKERS=false turns it off; SIMULATE_ACTIVITY_SECONDS, SIMULATE_FAILURE_RATE and
 * SIMULATE_LATENCY_MS tune what they play; every SIMULATE_ORDERS_SECONDS (default 180, 0 = never)
 * it also plays a shipper sending a new parcel to a demo locker through POST /order.
 */

export type LockerSimulator = {
  /** What the start-up box says about it. */
  readonly summary: string;
  stop(): Promise<void>;
};

const SIM_DIR = path.join(ROOT_DIR, 'apps/terminal-sim');

/**
 * How to run the simulator: its bundle (built by `npm start` beside the API's), or its sources through
 * tsx when the API itself runs from sources (`npm run dev`), or nothing when neither is installed.
 */
export function simulatorCommand(): { args: string[] } | null {
  const fromSources = fileURLToPath(import.meta.url).endsWith('.ts');
  const bundle = path.join(SIM_DIR, 'dist/main.js');
  if (!fromSources && existsSync(bundle)) return { args: [bundle] };
  const sources = path.join(SIM_DIR, 'src/main.ts');
  if (!existsSync(sources)) return null;
  try {
    createRequire(path.join(ROOT_DIR, 'package.json')).resolve('tsx');
  } catch {
    return null;
  }
  return { args: ['--import', 'tsx', sources] };
}

function numberFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: number): string {
  const value = Number(env[name]);
  return String(env[name] !== undefined && Number.isFinite(value) && value >= 0 ? value : fallback);
}

/**
 * Starts the simulator for the demo lockers, signed in as the owner: a session this process signs
 * for it (the owner's password is shown only once), handed over in the environment, ended by the
 * simulator once its lockers are enrolled; and, when it plays the shipper, a second session for
 * that, ended when the simulator stops. Answers null when nothing is to be simulated.
 */
export async function startLockerSimulator(
  deps: AppDeps,
  options: { apiUrl: string; ownerEmail: string; env?: NodeJS.ProcessEnv; write?: (line: string) => void },
): Promise<LockerSimulator> {
  const env = options.env ?? process.env;
  const write = options.write ?? ((line: string) => process.stdout.write(`${line}\n`));
  const off = (why: string): LockerSimulator => ({ summary: why, stop: async () => {} });
  if (env.SIMULATE_LOCKERS === 'false') return off('off (SIMULATE_LOCKERS=false)');
  if (!deps.config.seedDemo) return off('off (no demo data: SEED_DEMO=false)');
  const link = deps.mqtt;
  if (!link) return off('off (terminal link off: MQTT_ENABLED=false)');
  const command = simulatorCommand();
  if (!command) return off('off (apps/terminal-sim is not installed)');
  const owner = await findUserByEmail(deps.db, options.ownerEmail);
  if (!owner) return off(`off (no user ${options.ownerEmail} to enrol the demo lockers with)`);

  const session = await deps.tokens.sign({ sub: owner.id, tv: owner.tokenVersion });
  const ordersSeconds = numberFromEnv(env, 'SIMULATE_ORDERS_SECONDS', 180);
  // The shipper's own session, kept while the simulator runs (it ends it when it stops); a remembered
  // one (30 days), so a console left running keeps receiving parcels.
  const shipperSession = Number(ordersSeconds) > 0 ? await deps.tokens.sign({ sub: owner.id, tv: owner.tokenVersion }, true) : '';
  const args = [
    ...command.args,
    '--demo',
    '--codes',
    DEMO_LOCKER_CODES.join(','),
    '--api',
    options.apiUrl,
    '--activity-seconds',
    numberFromEnv(env, 'SIMULATE_ACTIVITY_SECONDS', 30),
    '--orders-seconds',
    ordersSeconds,
    // A locker offline now and then, so a new user sees an offline locker, its alert and its replay.
    ...outageArgs(env),
    '--failure-rate',
    numberFromEnv(env, 'SIMULATE_FAILURE_RATE', 0),
    '--latency-ms',
    numberFromEnv(env, 'SIMULATE_LATENCY_MS', 200),
    '--credentials-file',
    path.join(deps.config.dataDir, 'terminal-sim', 'demo-lockers.json'),
    // The embedded broker's real port (it may have moved when MQTT_PORT was taken); with MQTT_URL
    // the tokens name the broker terminals use.
    ...(link.mode === 'embedded' ? ['--broker', link.url] : []),
  ];
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: ROOT_DIR,
    env: { ...env, SIM_API_TOKEN: session, SIM_SHIPPER_TOKEN: shipperSession, DATA_DIR: deps.config.dataDir },
    // An IPC channel only so that the simulator stops when this process goes, even when killed.
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let stopping = false;
  for (const stream of [child.stdout, child.stderr]) {
    if (stream) createInterface({ input: stream }).on('line', (line) => write(line.startsWith('[sim]') ? line : `[sim] ${line}`));
  }
  const exited = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      if (!stopping) {
        write(
          `[sim] the demo lockers' simulator stopped (${signal ?? `exit code ${code}`}); the console goes on without it. ` +
            'Run it by hand with `npm run sim -- --demo --codes ' +
            `${DEMO_LOCKER_CODES.join(',')}\`.`,
        );
      }
      resolve();
    });
    child.once('error', (error) => {
      write(`[sim] could not start the demo lockers' simulator: ${error.message}`);
      resolve();
    });
  });
  return {
    summary: `${DEMO_LOCKER_CODES.length} demo lockers simulated by a separate process (pid ${child.pid}), through the broker like real terminals; SIMULATE_LOCKERS=false turns it off`,
    async stop() {
      stopping = true;
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * SIMULATE_OUTAGE_MINUTES ("30,12" by default: every 30 minutes one demo locker loses its network
 * for 12, long enough for the dashboard's offline alert at 10); "0" turns it off.
 */
function outageArgs(env: NodeJS.ProcessEnv): string[] {
  const outages = env.SIMULATE_OUTAGE_MINUTES ?? '30,12';
  return outages === '0' || outages === '' ? [] : ['--outage-minutes', outages];
}
