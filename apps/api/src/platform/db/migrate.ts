import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { AnyJob } from '../jobs/job';
import { installJobQueues } from '../jobs/queue';
import { API_DIR } from '../paths';
import type { Db } from './client';
import { installEntityCountTriggers } from './entity-counts';

export const MIGRATIONS_DIR = path.join(API_DIR, 'drizzle');

/** The schema, then pg-boss's and a queue for each of `jobs` (the composition's: MODULES.jobs). */
export async function migrateDatabase(db: Db, jobs: readonly AnyJob[]): Promise<void> {
  // Trigram indexes back the "contains" text filters; pg_trgm is a trusted extension, so the
  // database owner may create it without superuser rights.
  await db.execute(sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
  await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  // Every declared entity's table keeps its row counts by trigger; a new one gets them here, so its
  // generated migration needs no hand-written part.
  await installEntityCountTriggers(db);
  // pg-boss's own schema (`pgboss`) and a queue per declared job: a job can be enqueued from the
  // first request on, by this process or by `npm run worker`.
  await installJobQueues(db, jobs);
}
