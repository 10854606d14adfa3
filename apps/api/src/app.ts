import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { type Language, pickLanguage } from '@ebox/domain';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyRequest } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import qs from 'qs';
import { createWebSocketStream } from 'ws';
import type { Config } from './config';
import { registerKitRoutes } from './kit/routes';
import { registerAuditLogRoutes } from './modules/audit-log/routes';
import { registerAuthRoutes } from './modules/auth/routes';
import { registerNetworkSummaryRoute } from './modules/ebox/network-summary';
import { registerEboxRoutes } from './modules/ebox/routes';
import { registerEnrolmentRoutes } from './modules/enrolment/routes';
import { startEnrolment } from './modules/enrolment/service';
import { registerFileRoutes } from './modules/files/routes';
import { registerIamRoutes } from './modules/iam/routes';
import { registerJobRoutes } from './modules/jobs/routes';
// Registers the order's actions (cancel: what DELETE /order does) for the API and the worker alike.
import './modules/order/actions';
import { registerOrderExportRoutes } from './modules/order/export/routes';
import { registerOrderRoutes } from './modules/order/routes';
import { registerOrderTagRoutes } from './modules/order/tags/routes';
import { registerOutboxRoutes } from './modules/outbox/routes';
import { registerSettingsRoutes } from './modules/settings/routes';
import { registerTerminalCommandRoutes } from './modules/terminal-commands/routes';
import { startTerminalLink, type TerminalLink } from './modules/terminal-link/service';
import type { CurrentUser } from './platform/auth/current-user';
import { createSessionCache } from './platform/auth/session-cache';
import { createTokenService, type TokenService, type VerifiedToken } from './platform/auth/tokens';
import type { Db } from './platform/db/client';
import { type AppError, notFound, registerErrorHandler, unauthorized } from './platform/errors';
import { JOBS } from './platform/jobs/registry';
import { startJobWorker } from './platform/jobs/worker';
import { acceptEmptyJsonBody } from './platform/json-body';
import { createLiveHub } from './platform/live/live-hub';
import { registerLiveRoutes } from './platform/live/routes';
import { ApiRequestLog, loggerOptionsOf } from './platform/logger';
import { createMailer, type Mailer } from './platform/mail';
import { MQTT_WEBSOCKET_PATH, type MqttLink, startMqttLink } from './platform/mqtt';
import type { TopicRights } from './platform/mqtt/topic-rights';
import { withSecretsMaskedInLog } from './platform/secrets';
import { createSmsSender, type SmsProvider, type SmsSender } from './platform/sms';
import { createConfiguredSmsProvider } from './platform/sms-providers/configured-provider';
import { createStorage, type Storage } from './platform/storage';

type SecurityHeaders = (request: IncomingMessage, response: ServerResponse, next: () => void) => void;
/** helmet, the one @fastify/helmet (our dependency) depends on and sets its headers with. */
const helmetOfPlugin = createRequire(createRequire(import.meta.url).resolve('@fastify/helmet'))('helmet') as (
  options: Record<string, unknown>,
) => SecurityHeaders;

export const API_PREFIX = '/io/api/v1';

/** What services need from the outside world; tests build the same object against their own DB. */
export type AppDeps = {
  db: Db;
  config: Config;
  tokens: TokenService;
  mailer: Mailer;
  sms: SmsSender;
  storage: Storage;
  /** The process logger; a request's context carries the request's own child logger instead. */
  log: FastifyBaseLogger;
  /** The terminal link (broker, credentials, commands); null when the app runs without it. */
  mqtt?: MqttLink | null;
  /** What the lockers report (status, heartbeats, versions, doors); null without the link. */
  terminalLink?: TerminalLink | null;
};

declare module 'fastify' {
  interface FastifyRequest {
    language: Language;
    currentUser: CurrentUser | null;
    /** The verified bearer token of the current user (sign-out ends it). */
    sessionToken: VerifiedToken | null;
    authError: AppError | null;
  }
  interface FastifyInstance {
    deps: AppDeps;
    /** Every API route as registered, and whether anyone may call it (tests walk them). */
    apiRoutes: ApiRoute[];
  }
}

/** The services' outside world, for the API and for `npm run worker` alike. */
export function createAppDeps(options: { db: Db; config: Config; smsProvider?: SmsProvider; log: FastifyBaseLogger }): AppDeps {
  const { db, config, log } = options;
  return {
    db,
    config,
    tokens: createTokenService(config.jwtSecret),
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom }),
    sms: createSmsSender({ provider: options.smsProvider ?? createConfiguredSmsProvider(config.sms) }),
    storage: createStorage(config),
    log,
  };
}

export type ApiRoute = { method: string; url: string; public: boolean };

export type BuildAppOptions = {
  db: Db;
  config: Config;
  /** Replaces the provider SMS_PROVIDER configures (tests record messages with one of their own). */
  smsProvider?: SmsProvider;
  logger?: boolean | object;
  /** Tests close every connection at once; a server drains idle keep-alive ones (the default). */
  forceCloseConnections?: boolean | 'idle';
  /**
   * Starts the terminal link (config.mqtt: the embedded broker, or MQTT_URL's). `npm start` does;
   * tests ask for it, so the others run without a broker.
   */
  mqtt?: boolean | { topicRights?: TopicRights };
};

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { db, config } = options;
  const app = Fastify({
    logger: withSecretsMaskedInLog(options.logger ?? (await loggerOptionsOf(config))),
    logController: new ApiRequestLog(API_PREFIX),
    genReqId: (req) => (req.headers['x-request-id'] as string) || randomUUID(),
    requestIdHeader: 'x-request-id',
    // X-Forwarded-For decides the client IP the sign-in throttle counts: trusted from named proxies only.
    trustProxy: config.trustProxy,
    forceCloseConnections: options.forceCloseConnections ?? 'idle',
    bodyLimit: 2_000_000,
    routerOptions: {
      querystringParser: (str: string) => qs.parse(str, { arrayLimit: 1000, depth: 5, parameterLimit: 2000 }),
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  acceptEmptyJsonBody(app);

  const deps = createAppDeps({ db, config, smsProvider: options.smsProvider, log: app.log });
  app.decorate('deps', deps);
  const apiRoutes: ApiRoute[] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(API_PREFIX)) return;
    // The API's own documentation is for anyone, like the spec it shows.
    if (route.url.startsWith(`${API_PREFIX}/docs`)) route.config = { ...route.config, public: true };
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') apiRoutes.push({ method, url: route.url, public: Boolean(route.config?.public) });
    }
  });
  app.decorateRequest('language', 'pt-BR');
  app.decorateRequest('currentUser', null);
  app.decorateRequest('sessionToken', null);
  app.decorateRequest('authError', null);

  const sessions = createSessionCache({ db, tokens: deps.tokens, log: app.log });
  app.addHook('onClose', () => sessions.close());
  const liveHub = createLiveHub({ db, log: app.log });
  app.addHook('onClose', () => liveHub.close());

  app.addHook('onRequest', async (request, reply) => {
    request.language = pickLanguage(request.headers['accept-language']);
    reply.header('x-request-id', request.id);
    await authenticate(request);
    // Authentication comes before anything reads the body: an anonymous call of a route that needs
    // a session is 401 whatever it sends. A route anyone may call says so (`config: { public: true }`);
    // unknown API paths go on to their 404.
    const route = request.routeOptions;
    if (!request.currentUser && route.url?.startsWith(API_PREFIX) && !route.config?.public) {
      throw request.authError ?? unauthorized();
    }
  });

  async function authenticate(request: FastifyRequest): Promise<void> {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) return;
    // A disabled user, an older token version or a signed-out token is no session (session-cache.ts).
    const session = await sessions.authenticate(header.slice(7));
    if (!session) {
      request.authError = unauthorized('errors.sessionExpired');
      return;
    }
    request.currentUser = session.user;
    request.sessionToken = session.claims;
  }

  registerErrorHandler(app);

  // The API runs the jobs itself unless JOBS_WORKER=false leaves them to `npm run worker`.
  if (config.jobs.worker) {
    const worker = await startJobWorker(deps, { jobs: JOBS });
    app.addHook('onClose', () => worker.stop());
  }

  if (options.mqtt) {
    const link = await startMqttLink({
      db,
      config: config.mqtt,
      log: app.log,
      topicRights: typeof options.mqtt === 'object' ? options.mqtt.topicRights : undefined,
    });
    deps.mqtt = link;
    const terminalLink = await startTerminalLink(deps, link).catch(async (error: unknown) => {
      await link.close();
      throw error;
    });
    deps.terminalLink = terminalLink;
    await startEnrolment(deps, link).catch(async (error: unknown) => {
      await terminalLink.stop();
      await link.close();
      throw error;
    });
    app.addHook('onClose', async () => {
      // The last heartbeats are written before the connection goes.
      await terminalLink.stop();
      await link.close();
    });
    const broker = link.broker;
    if (broker) {
      // MQTT over WebSocket on the console's own port, for terminals that only get out over HTTP(S).
      await app.register(fastifyWebsocket, { options: { handleProtocols: (protocols) => (protocols.has('mqtt') ? 'mqtt' : false) } });
      app.get(MQTT_WEBSOCKET_PATH, { websocket: true, config: { public: true }, schema: { hide: true } }, (socket, request) => {
        broker.handleStream(createWebSocketStream(socket), request.raw);
      });
    }
  }

  // Helmet's headers, built once: @fastify/helmet builds its middleware again on every request,
  // parsing the policy each time (a few percent of a cheap list request's CPU; issue 9).
  const securityHeaders = helmetOfPlugin({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, () => done()));
  await app.register(swagger, {
    openapi: {
      info: { title: 'Ebox Console API', version: '1.0.0', description: 'Back-office API for smart parcel lockers (spec section 7).' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: `${API_PREFIX}/docs` });

  app.get('/health', { config: { public: true }, schema: { hide: true } }, async (_request, reply) => {
    try {
      await deps.db.execute('select 1');
      return { status: 'ok' };
    } catch {
      return reply.status(503).send({ status: 'unavailable' });
    }
  });

  await app.register(
    async (api) => {
      await registerAuthRoutes(api);
      await registerIamRoutes(api);
      await registerSettingsRoutes(api);
      await registerAuditLogRoutes(api);
      await registerOutboxRoutes(api);
      await registerJobRoutes(api);
      await registerFileRoutes(api);
      await registerEboxRoutes(api);
      await registerEnrolmentRoutes(api);
      await registerNetworkSummaryRoute(api);
      await registerLiveRoutes(api, liveHub);
      await registerTerminalCommandRoutes(api);
      await registerOrderRoutes(api);
      await registerOrderTagRoutes(api);
      await registerOrderExportRoutes(api);
      await registerKitRoutes(api);
      api.setNotFoundHandler((_request, _reply) => {
        throw notFound('errors.routeNotFound');
      });
    },
    { prefix: API_PREFIX },
  );

  // The built console is served by the API; unknown paths get index.html so client routes work.
  // The web build writes .br and .gz files beside each asset; they are sent to a browser that
  // accepts them, so the first screen costs its compressed size without compressing per request.
  if (existsSync(config.webDistDir)) {
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      wildcard: false,
      preCompressed: true,
      // the compressed siblings are reached through the file they compress, not by their own URL
      globIgnore: ['**/*.br', '**/*.gz'],
      cacheControl: false,
      setHeaders: (response, filePath) => {
        response.setHeader('cache-control', cacheControlOf(path.relative(config.webDistDir, filePath)));
        response.setHeader('vary', 'accept-encoding');
      },
    });
    app.setNotFoundHandler((request, reply) => {
      if (request.method !== 'GET' || request.url.startsWith(API_PREFIX)) {
        return reply.status(404).send({ error: { code: 'routeNotFound', message: 'Not found' } });
      }
      return reply.sendFile('index.html');
    });
  }

  return app;
}

/**
 * index.html names the hashed files of the current build, so a browser must ask again each time
 * (a conditional request, answered 304 when unchanged); the hashed files under /assets never change
 * under their name and are kept for a year; anything else (favicon) is kept briefly.
 */
function cacheControlOf(relativePath: string): string {
  const file = relativePath
    .split(path.sep)
    .join('/')
    .replace(/\.(br|gz)$/, '');
  if (file === 'index.html') return 'no-cache';
  if (file.startsWith('assets/')) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}
