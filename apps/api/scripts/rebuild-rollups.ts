/**
 * `npm run rollups:rebuild`: recomputes the dashboard's rollups from the order history
 * (modules/dashboard/rollup-repository.ts), on DATABASE_URL or the running console's embedded
 * PostgreSQL. Moves go on meanwhile and stay counted once.
 */
import path from 'node:path';
import { loadConfig } from '../src/config';
import { rebuildAllRollups } from '../src/modules/dashboard/rollup-service';
import { connectDatabase } from '../src/platform/db/client';
import { embeddedDatabaseUrl } from '../src/platform/db/running-console';

const config = loadConfig();
const database = connectDatabase(config.databaseUrl ?? embeddedDatabaseUrl(path.join(config.dataDir, 'pg')), 1);
try {
  const { moves, ms, vacuumMs } = await rebuildAllRollups({ db: database.db, config });
  process.stdout.write(
    `dashboard rollups rebuilt from ${moves.toLocaleString('en-US')} order moves in ${(ms / 1000).toFixed(1)} s, then vacuumed and analyzed in ${(vacuumMs / 1000).toFixed(1)} s\n`,
  );
} finally {
  await database.close();
}
