import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { buildApp } from '../../../api/src/app';
import { loadConfig } from '../../../api/src/config';
import { seedDemoData } from '../../../api/src/modules/demo/seed-demo';
import { connectDatabase } from '../../../api/src/platform/db/client';
import type { MqttLink } from '../../../api/src/platform/mqtt';
import { seedOwner, seedRolesAndSettings } from '../../../api/src/platform/seed';
import { createDatabaseFromTemplate } from '../../../api/test/support/database';
import { VirtualTerminal } from '../../../terminal-sim/src';

/**
 * A console of a test file's own, for a test that changes what every page of the shared console
 * would notice (the company's theme, the settings): a database cloned from the run's template
 * (global-setup.ts), an owner, and the real API serving the built web app on a free port; with
 * `demoData` the rows a fresh `npm start` shows. No mail server: mail stays in the outbox. Started in a beforeAll, closed in the
 * afterAll; the run's clean-up drops the database with the template's others.
 */
export type OwnConsole = {
  baseUrl: string;
  owner: { email: string; password: string };
  /** Signs the owner in through the API: the token for `authorization: Bearer`. */
  signIn: () => Promise<string>;
  /** An API call as the owner: path under /io/api/v1, JSON in and out; fails on an error status. */
  call: <T>(method: string, apiPath: string, body?: unknown) => Promise<T>;
  /** The terminal link (with `mqtt`): its broker's address and the admin that gives a virtual terminal its credentials. */
  mqtt: MqttLink | undefined;
  close: () => Promise<void>;
};

export const OWN_OWNER = { email: 'owner@own.e2e.ebox.local', password: 'Own3r-own-pass' };

/**
 * `mqtt`: the terminal link on, with its embedded broker on a free port of 127.0.0.1 (enrolment, live
 * lockers); `heartbeatSeconds`: the terminals' heartbeat interval it configures; `env`: more of the
 * console's settings (a provider stand-in's addresses and keys: the WhatsApp bot's screens).
 */
export async function startOwnConsole(
  options: { demoData?: boolean; mqtt?: boolean; heartbeatSeconds?: number; env?: Record<string, string> } = {},
): Promise<OwnConsole> {
  const { adminUrl, template } = inject('e2eDatabaseServer');
  const databaseUrl = await createDatabaseFromTemplate(adminUrl, template);
  const database = connectDatabase(databaseUrl, 4);
  const roleIds = await seedRolesAndSettings(database.db);
  await seedOwner(database.db, roleIds, OWN_OWNER.email, OWN_OWNER.password);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ebox-e2e-own-'));
  const config = {
    ...loadConfig({
      DATA_DIR: dataDir,
      JWT_SECRET: 'e2e-own-console-secret-long-enough-for-hs256',
      ...(options.mqtt ? { MQTT_PORT: '0', MQTT_HOST: '127.0.0.1' } : {}),
      ...(options.heartbeatSeconds ? { TERMINAL_HEARTBEAT_SECONDS: String(options.heartbeatSeconds) } : {}),
      ...options.env,
    }),
    webDistDir: inject('e2eWebDistDir'),
    logLevel: 'silent',
  };
  const app = await buildApp({ db: database.db, config, logger: false, forceCloseConnections: true, mqtt: options.mqtt });
  if (options.demoData) await seedDemoData(app.deps);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  config.appUrl = baseUrl;

  const request = async <T>(method: string, apiPath: string, body: unknown, token?: string): Promise<T> => {
    const response = await fetch(`${baseUrl}/io/api/v1${apiPath}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${apiPath}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  let token: string | undefined;
  const signIn = async () => {
    token = await request<string>('POST', '/auth/sign-in', OWN_OWNER);
    return token;
  };
  return {
    baseUrl,
    owner: OWN_OWNER,
    signIn,
    call: async <T>(method: string, apiPath: string, body?: unknown) => request<T>(method, apiPath, body, token ?? (await signIn())),
    mqtt: app.deps.mqtt ?? undefined,
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A virtual terminal for one of the own console's lockers, with credentials from the console's
 * broker. `configured` settles when it has answered the console's apply_config: a door forced
 * before that would be overwritten by the configured snapshot, as on a real device.
 */
export async function startVirtualTerminal(
  own: OwnConsole,
  options: {
    lockerId: string;
    terminalId: string;
    compartments: { number: number; boardNumber: number; channel: number }[];
    doorCloseAfterMs: number;
    /** The terminal's clock for its maintenance window (issue 31's updates); setClock moves it later. */
    clock?: () => Date;
  },
): Promise<{ terminal: VirtualTerminal; configured: Promise<void> }> {
  const link = own.mqtt;
  if (!link) throw new Error('the console runs the terminal link');
  const credentials = await link.admin.createTerminalCredentials({ lockerId: options.lockerId, username: options.terminalId });
  const terminal = new VirtualTerminal({
    brokerUrl: link.url,
    lockerUuid: options.terminalId,
    username: credentials.username,
    password: credentials.password,
    heartbeatIntervalSeconds: 2,
    compartments: options.compartments,
    doorCloseAfterMs: options.doorCloseAfterMs,
    clock: options.clock,
    mqttOptions: { reconnectPeriod: 0 },
  });
  const configured = new Promise<void>((resolve) => {
    terminal.on('sent', (message) => {
      if (message.channel === 'lockerResponse' && message.payload.action === 'apply_config') resolve();
    });
  });
  await terminal.start();
  return { terminal, configured };
}
