/**
 * The API under a benchmark: a throw-away database (embedded, or created on BENCH_DATABASE_URL's
 * server), migrated and seeded, the bench customers generated in SQL, an owner who sees every
 * company, and the API (buildApp) listening on loopback. Every part that times the API starts here.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { API_PREFIX } from '../apps/api/src/app';
import { MODULES } from '../apps/api/src/composition';
import { connectDatabase, type Database } from '../apps/api/src/platform/db/client';
import { startEmbeddedPostgres } from '../apps/api/src/platform/db/embedded';
import { migrateDatabase } from '../apps/api/src/platform/db/migrate';
import { user } from '../apps/api/src/platform/db/schema';
import { seedRolesAndSettings } from '../apps/api/src/platform/seed';
import { generateBenchData } from './generate';
import { type ListeningApi, listenBenchApi } from './listen-api';

const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));

export type BenchDatabase = { url: string; stop: () => Promise<void> };

/**
 * A throw-away database: embedded (with `settings` beside the tuned ones), or created on `serverUrl`'s
 * server and dropped by `stop`.
 */
export async function startBenchDatabase(serverUrl: string | undefined, settings?: Record<string, string>): Promise<BenchDatabase> {
  if (serverUrl) {
    const name = `ebox_bench_${process.pid}_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      async stop() {
        // Kept to look into after the run (EXPLAIN of a slow case): the caller drops it.
        if (process.env.BENCH_KEEP_DATABASE === 'true') {
          console.log(`kept the benchmark's database ${name} (BENCH_KEEP_DATABASE)`);
          return;
        }
        const client = new pg.Client({ connectionString: serverUrl });
        await client.connect();
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await client.end();
      },
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'ebox-bench-'));
  // The embedded server runs as an unprivileged user when we are root.
  chmodSync(dir, 0o755);
  const embedded = await startEmbeddedPostgres({ dir: path.join(dir, 'pg'), port: 0, persistent: false, settings });
  return {
    url: embedded.url,
    async stop() {
      await embedded.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The API on a throw-away database with the bench data, and an owner's session to call it with. */
export type BenchApi = {
  database: Database;
  /** The database's address, for a pool of the benchmark's own (the raw SQL beside the API). */
  databaseUrl: string;
  companyIds: string[];
  ownerId: string;
  /** The API's DATA_DIR (stored files: an export's spreadsheet). */
  dataDir: string;
  /** `http://127.0.0.1:<port>/io/api/v1` */
  base: string;
  headers: Record<string, string>;
  /** The process serving the API: this one, or its own (`ownProcess`). */
  apiPid: number;
  stop(): Promise<void>;
};

/**
 * Starts the API (buildApp, real HTTP on loopback) on a fresh database (embedded, or created on
 * `databaseUrl`'s server) holding `customers` generated customers across `companies` companies.
 * The owner sees every company, the way an operator of the whole network works.
 */
export async function startBenchApi(options: {
  customers?: number;
  companies?: number;
  databaseUrl?: string;
  log: (line: string) => void;
  env?: Record<string, string>;
  /**
   * The API in a process of its own (bench/serve-api.ts) rather than in the benchmark's: beside raw
   * SQL, whose server (PostgreSQL) has its own processes, the API then is not also running the load
   * generator's HTTP client on its thread, as in production. A part that measures the API's own
   * memory keeps it in-process.
   */
  ownProcess?: boolean;
  /** Settings of the embedded server beside the tuned ones (pg_stat_statements', bench/pg-statements.ts). */
  databaseSettings?: Record<string, string>;
}): Promise<BenchApi> {
  const benchDb = await startBenchDatabase(options.databaseUrl, options.databaseSettings);
  const database = connectDatabase(benchDb.url, 10);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ebox-bench-data-'));
  let app: ListeningApi['app'] | undefined;
  let child: ChildProcess | undefined;
  const stop = async () => {
    await app?.close();
    if (child && child.exitCode === null) {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    }
    await database.close();
    await benchDb.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await migrateDatabase(database.db, MODULES.jobs);
    const roles = await seedRolesAndSettings(database.db);
    const client = await database.pool.connect();
    let companyIds: string[];
    try {
      ({ companyIds } = await generateBenchData(client, { customers: options.customers, companies: options.companies, log: options.log }));
    } finally {
      client.release();
    }
    const [owner] = await database.db
      .insert(user)
      .values({ email: 'bench@ebox.local', emailVerified: true, roles: [roles.owner as string], firstName: 'Bench' })
      .returning({ id: user.id, tokenVersion: user.tokenVersion });
    if (!owner) throw new Error('bench user not created');
    const env = { DATA_DIR: dataDir, JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256', ...options.env };
    let served: { port: number; token: string };
    if (options.ownProcess) {
      child = spawn(
        process.execPath,
        [
          ...(process.env.BENCH_API_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_API_PROFILE}`] : []),
          '--import',
          'tsx',
          path.join(BENCH_DIR, 'serve-api.ts'),
        ],
        {
          env: {
            ...process.env,
            BENCH_API_ENV: JSON.stringify(env),
            BENCH_API_OWNER: JSON.stringify(owner),
            BENCH_API_DATABASE_URL: benchDb.url,
          },
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      const [line] = (await once(createInterface({ input: child.stdout as NonNullable<ChildProcess['stdout']> }), 'line')) as [string];
      served = JSON.parse(line) as { port: number; token: string };
    } else {
      const listening = await listenBenchApi(database, env, owner);
      app = listening.app;
      served = listening;
    }
    return {
      database,
      databaseUrl: benchDb.url,
      companyIds,
      ownerId: owner.id,
      dataDir,
      base: `http://127.0.0.1:${served.port}${API_PREFIX}`,
      headers: { authorization: `Bearer ${served.token}`, 'accept-language': 'en' },
      apiPid: child?.pid ?? process.pid,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
