import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The running console's embedded server, found by its postmaster.pid (4th line: the port): a worker
 * or a maintenance command joins it when DATABASE_URL is not set. That server belongs to the console.
 */
export function embeddedDatabaseUrl(pgDir: string): string {
  let port: string | undefined;
  try {
    port = readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[3]?.trim();
  } catch {
    port = undefined;
  }
  if (!port) {
    throw new Error(`no DATABASE_URL and no running console in ${pgDir}: start the console (npm start) first, or set DATABASE_URL`);
  }
  return `postgres://postgres:postgres@127.0.0.1:${port}/ebox`;
}
