import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { installJobQueues } from '../jobs/queue';
import { JOBS } from '../jobs/registry';
import { API_DIR } from '../paths';
import type { Db } from './client';

export const MIGRATIONS_DIR = path.join(API_DIR, 'drizzle');

export async function migrateDatabase(db: Db): Promise<void> {
  // Trigram indexes back the "contains" text filters; pg_trgm is a trusted extension, so the
  // database owner may create it without superuser rights.
  await db.execute(sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
  await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  // pg-boss's own schema (`pgboss`) and a queue per declared job: a job can be enqueued from the
  // first request on, by this process or by `npm run worker`.
  await installJobQueues(db, JOBS);
}
