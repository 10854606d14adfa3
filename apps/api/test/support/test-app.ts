import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { type Permission, PREDEFINED_ROLES } from '@ebox/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import qs from 'qs';
import { inject } from 'vitest';
import { API_PREFIX, type BuildAppOptions, buildApp } from '../../src/app';
import { type Config, loadConfig } from '../../src/config';
import { hashPassword } from '../../src/platform/auth/passwords';
import { connectDatabase, type Database } from '../../src/platform/db/client';
import { entityTable } from '../../src/platform/db/entity-tables';
import { user } from '../../src/platform/db/schema';
import type { SmsProvider } from '../../src/platform/sms';
import { createDatabaseFromTemplate } from './database';

export type ApiResponse<T = any> = { status: number; body: T; headers: Headers };

export type ApiClient = {
  get<T = any>(path: string, query?: object): Promise<ApiResponse<T>>;
  post<T = any>(path: string, body?: unknown): Promise<ApiResponse<T>>;
  put<T = any>(path: string, body?: unknown): Promise<ApiResponse<T>>;
  delete<T = any>(path: string, query?: object): Promise<ApiResponse<T>>;
  /** Sends a raw body (malformed JSON tests). */
  raw<T = any>(method: string, path: string, body: string, contentType?: string): Promise<ApiResponse<T>>;
};

export type TestUser = { id: string; email: string; password: string; token: string; api: ApiClient };

export type TestApp = {
  app: FastifyInstance;
  baseUrl: string;
  database: Database;
  /** The test database's address (a worker process joins it). */
  databaseUrl: string;
  config: Config;
  /** An anonymous client; `.as(token)` for a signed-in one, `lang` for Accept-Language. */
  api: ApiClient;
  client(token?: string, language?: string): ApiClient;
  /** Creates a verified user holding the given predefined roles (or a role with exactly these permissions). */
  createUser(options?: {
    email?: string;
    password?: string;
    roles?: string[];
    permissions?: Permission[];
    allowedCompanies?: string[];
    emailVerified?: boolean;
    disabled?: boolean;
    phoneNumber?: string;
    firstName?: string;
    lastName?: string;
  }): Promise<TestUser>;
  roleId(name: string): Promise<string>;
  close(): Promise<void>;
};

let userCounter = 0;

export async function startTestApp(
  options: {
    smtpUrl?: string;
    smsProvider?: SmsProvider;
    env?: Record<string, string>;
    /** Receives the server log (JSON lines at info level); without it the app logs nothing. */
    logStream?: Writable;
    /** Connects the app through another address (a proxy the test controls) to its database. */
    databaseUrlOf?: (url: string) => string;
    /** Adds routes (a test-only entity declaration) before the app starts listening. */
    configure?: (app: FastifyInstance) => Promise<void> | void;
    /** Runs the app on this database (already migrated by the test) instead of a clone of the template. */
    databaseUrl?: string;
    /** Serves this folder as the built console (a test's own files rather than the real web build). */
    webDistDir?: string;
    /** Starts the terminal link (config from `env`: MQTT_PORT, or MQTT_URL and its admin user). */
    mqtt?: BuildAppOptions['mqtt'];
    /** Modules the test adds after the console's own (buildApp's `modules`). */
    modules?: BuildAppOptions['modules'];
  } = {},
): Promise<TestApp> {
  const url = options.databaseUrl ?? (await createDatabaseFromTemplate(inject('databaseAdminUrl'), inject('databaseTemplate')));
  const database = connectDatabase(options.databaseUrlOf ? options.databaseUrlOf(url) : url, 5);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ebox-data-'));
  const config: Config = {
    ...loadConfig({
      DATA_DIR: dataDir,
      JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256',
      JOBS_POLLING_SECONDS: '0.5',
      ...options.env,
    }),
    smtpUrl: options.smtpUrl,
    logLevel: 'silent',
    ...(options.webDistDir ? { webDistDir: options.webDistDir } : {}),
  };
  const app = await buildApp({
    db: database.db,
    config,
    smsProvider: options.smsProvider,
    logger: options.logStream ? { level: 'info', stream: options.logStream } : false,
    forceCloseConnections: true,
    mqtt: options.mqtt,
    modules: options.modules,
  });
  await options.configure?.(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const baseUrl = `http://127.0.0.1:${port}`;
  config.appUrl = baseUrl;

  const client = (token?: string, language?: string): ApiClient => {
    const send = async (method: string, p: string, body?: string, query?: object, contentType = 'application/json') => {
      const search = query ? qs.stringify(query, { arrayFormat: 'brackets', encodeValuesOnly: true }) : '';
      const headers: Record<string, string> = {};
      if (token) headers.authorization = `Bearer ${token}`;
      if (language) headers['accept-language'] = language;
      if (body !== undefined) headers['content-type'] = contentType;
      const response = await fetch(`${baseUrl}${API_PREFIX}${p}${search ? `?${search}` : ''}`, { method, headers, body });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        // binary or text answers stay as text
      }
      return { status: response.status, body: parsed as any, headers: response.headers };
    };
    return {
      get: (p, query) => send('GET', p, undefined, query),
      post: (p, body) => send('POST', p, JSON.stringify(body ?? {})),
      put: (p, body) => send('PUT', p, JSON.stringify(body ?? {})),
      delete: (p, query) => send('DELETE', p, undefined, query),
      raw: (method, p, body, contentType) => send(method, p, body, undefined, contentType),
    };
  };

  const roleTable = entityTable('role');
  const roleId = async (name: string) => {
    const [row] = (await database.db
      .select({ id: roleTable.id })
      .from(roleTable)
      .where(sql`lower(${roleTable.name}) = lower(${name})`)) as { id: string }[];
    if (!row) throw new Error(`role ${name} not found`);
    return row.id;
  };

  const createUser: TestApp['createUser'] = async (o = {}) => {
    userCounter += 1;
    const email = (o.email ?? `user${userCounter}.${Math.random().toString(36).slice(2, 7)}@test.local`).toLowerCase();
    const password = o.password ?? 'S3cure-pass';
    const roleIds: string[] = [];
    for (const name of o.roles ?? []) roleIds.push(await roleId(name));
    if (o.permissions) {
      const [row] = (await database.db
        .insert(roleTable)
        .values({ name: `custom-${email}`, permissions: o.permissions } as never)
        .returning({ id: roleTable.id })) as { id: string }[];
      if (row) roleIds.push(row.id);
    }
    const [created] = await database.db
      .insert(user)
      .values({
        email,
        passwordHash: await hashPassword(password),
        emailVerified: o.emailVerified ?? true,
        disabled: o.disabled ?? false,
        roles: roleIds,
        allowedCompanies: o.allowedCompanies ?? [],
        phoneNumber: o.phoneNumber ?? null,
        firstName: o.firstName ?? null,
        lastName: o.lastName ?? null,
        fullName: [o.firstName, o.lastName].filter(Boolean).join(' ') || null,
      })
      .returning({ id: user.id, tokenVersion: user.tokenVersion });
    if (!created) throw new Error('user not created');
    const token = await app.deps.tokens.sign({ sub: created.id, tv: created.tokenVersion });
    return { id: created.id, email, password, token, api: client(token) };
  };

  return {
    app,
    baseUrl,
    database,
    databaseUrl: url,
    config,
    api: client(),
    client,
    createUser,
    roleId,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** What many scope tests start from: an app, an owner, and two companies A and B of the owner's. */
export type TwoCompanies = { t: TestApp; owner: TestUser; companyA: string; companyB: string };

type CompanyOfTest = { name: string; type: 'carrier' | 'shipper'; maxDaysOverdueDateDelivery?: number };

export async function startWithTwoCompanies(
  a: CompanyOfTest,
  b: CompanyOfTest,
  owner: Parameters<TestApp['createUser']>[0] = {},
  app?: Parameters<typeof startTestApp>[0],
): Promise<TwoCompanies> {
  const t = await startTestApp(app);
  const ownerUser = await t.createUser({ roles: ['owner'], ...owner });
  const companyA = (await ownerUser.api.post('/company', { data: a })).body.id as string;
  const companyB = (await ownerUser.api.post('/company', { data: b })).body.id as string;
  return { t, owner: ownerUser, companyA, companyB };
}

export { eq, PREDEFINED_ROLES, user };
