import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../../../api/src/app';
import { loadConfig } from '../../../api/src/config';
import { seedDemoData } from '../../../api/src/modules/demo/seed-demo';
import { connectDatabase } from '../../../api/src/platform/db/client';
import { seedOwner, seedRolesAndSettings } from '../../../api/src/platform/seed';
import { createDatabaseFromTemplate, startTestDatabaseServer } from '../../../api/test/support/database';
import { type ReceivedMail, startSmtpServer } from '../../../api/test/support/smtp';

/**
 * One console for the whole browser run, as `npm start` builds it: PostgreSQL (TEST_DATABASE_URL's
 * server or an embedded one), the real API serving the built web app, mail sent through SMTP to a
 * real local server. Test files run in parallel against it and create their own, uniquely named
 * data, so nothing is reset between them.
 */

export const OWNER = { email: 'owner@e2e.ebox.local', password: 'Own3r-e2e-pass' };

declare module 'vitest' {
  export interface ProvidedContext {
    e2eBaseUrl: string;
    e2eOwner: { email: string; password: string };
    /** GET answers every mail received so far as JSON (`MailboxEntry[]`). */
    e2eMailboxUrl: string;
    /** The app's database, for a test that needs more rows than the API can write in time (10,001 customers). */
    e2eDatabaseUrl: string;
    /** The database server and its migrated template: a test file clones it for a console of its own (own-console.ts). */
    e2eDatabaseServer: { adminUrl: string; template: string };
    /** The built web app the console serves. */
    e2eWebDistDir: string;
  }
}

export type MailboxEntry = Omit<ReceivedMail, 'raw'>;

/** The test processes are forks: they read the SMTP server's mails over a loopback HTTP endpoint. */
async function startMailbox(mails: ReceivedMail[]): Promise<{ url: string; server: Server }> {
  const server = createServer((_request, response) => {
    const entries: MailboxEntry[] = mails.map(({ raw: _raw, ...mail }) => mail);
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(entries));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/mails`, server };
}

export default async function setup(project: TestProject) {
  // E2E_WEB_DIST runs the journeys against a console built elsewhere (vite build --outDir ...).
  const webDistDir = path.resolve(process.env.E2E_WEB_DIST ?? loadConfig({ JWT_SECRET: 'unused' }).webDistDir);
  if (!existsSync(path.join(webDistDir, 'index.html'))) {
    throw new Error(`No built console in ${webDistDir}: run \`npm run build -w @ebox/web\` first (npm run test:e2e does).`);
  }

  const databaseServer = await startTestDatabaseServer();
  const databaseUrl = await createDatabaseFromTemplate(databaseServer.adminUrl, databaseServer.template);
  const database = connectDatabase(databaseUrl, 10);
  const roleIds = await seedRolesAndSettings(database.db);
  await seedOwner(database.db, roleIds, OWNER.email, OWNER.password);

  const smtp = await startSmtpServer();
  const mailbox = await startMailbox(smtp.messages);

  const dataDir = mkdtempSync(path.join(tmpdir(), 'ebox-e2e-data-'));
  const config = {
    ...loadConfig({
      DATA_DIR: dataDir,
      JWT_SECRET: 'e2e-secret-that-is-long-enough-for-hs256',
      // Every journey signs the owner in; the production throttle would lock them out mid-run.
      AUTH_THROTTLE_PER_IP: '100000',
      AUTH_THROTTLE_PER_EMAIL: '100000',
      // The webhook screens' test runs its receiver on this machine.
      WEBHOOK_ALLOW_LOOPBACK: 'true',
    }),
    smtpUrl: smtp.url,
    webDistDir,
    logLevel: 'silent',
  };
  const app = await buildApp({ db: database.db, config, logger: false, forceCloseConnections: true });
  // The screenshot tour needs every reference list to have believable rows, as a fresh `npm start`
  // shows them; journeys filter on their own uniquely named records, so the demo rows never collide.
  await seedDemoData(app.deps);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  // Links in mails point at this console.
  config.appUrl = baseUrl;

  project.provide('e2eBaseUrl', baseUrl);
  project.provide('e2eOwner', OWNER);
  project.provide('e2eMailboxUrl', mailbox.url);
  project.provide('e2eDatabaseUrl', databaseUrl);
  project.provide('e2eDatabaseServer', { adminUrl: databaseServer.adminUrl, template: databaseServer.template });
  project.provide('e2eWebDistDir', webDistDir);

  return async () => {
    await app.close();
    await new Promise<void>((resolve) => mailbox.server.close(() => resolve()));
    await smtp.close();
    await database.close();
    await databaseServer.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
