import { randomUUID } from 'node:crypto';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_HEADERS, webhookBodySchemaOf } from '@ebox/domain';
import swagger, { type FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import qs from 'qs';
import { createWebSocketStream } from 'ws';
import { z } from 'zod';
import { APP_MODULES } from './composition';
import type { Config } from './config';
import { registerKitRoutes } from './kit/routes';
import { startEnrolment } from './modules/enrolment/service';
import { startTerminalLink } from './modules/terminal-link/service';
import { type AppDeps, createAppDeps } from './platform/app-deps';
import { createSessionCache } from './platform/auth/session-cache';
import type { Db } from './platform/db/client';
import { notFound, registerErrorHandler } from './platform/errors';
import { registerAuthentication } from './platform/http/authentication';
import { serveConsole } from './platform/http/console';
import { registerSecurityHeaders } from './platform/http/security-headers';
import { type JobWorker, startJobWorkerOnceReachable } from './platform/jobs/worker';
import { acceptEmptyJsonBody } from './platform/json-body';
import { createLiveHub, type LiveHub } from './platform/live/live-hub';
import { registerLiveRoutes } from './platform/live/routes';
import { loggerOptionsOf } from './platform/logger';
import { type AppModule, composeModules } from './platform/modules';
import { MQTT_WEBSOCKET_PATH, type MqttLink, startMqttLink } from './platform/mqtt';
import type { TopicRights } from './platform/mqtt/topic-rights';
import { ApiRequestLog } from './platform/request-log';
import { withSecretsMaskedInLog } from './platform/secrets';
import type { SmsProvider } from './platform/sms';

export const API_PREFIX = '/io/api/v1';

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** Every API route as registered, and whether anyone may call it (tests walk them). */
    apiRoutes: ApiRoute[];
    /** Starts the job worker (JOBS_WORKER) if it has not started; buildApp's `deferJobs` leaves it to the caller. */
    startJobs(): Promise<void>;
  }
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
  /** Modules a test adds after the console's own (a test-only action handler or job). */
  modules?: readonly AppModule[];
  /**
   * Leaves the job worker to `app.startJobs()` (`npm start` calls it once it listens): a backlog of
   * jobs left by the last run (the demo's messages, webhooks, access codes) ran beside the start
   * and held the first answer back by seconds.
   */
  deferJobs?: boolean;
};

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { db, config } = options;
  const app = await createServer(options);
  const modules = composeModules([...APP_MODULES, ...(options.modules ?? [])]);
  const deps = createAppDeps({ db, config, modules, smsProvider: options.smsProvider, log: app.log });
  app.decorate('deps', deps);
  collectApiRoutes(app);

  const sessions = createSessionCache({ db, tokens: deps.tokens, log: app.log });
  app.addHook('onClose', () => sessions.close());
  const liveHub = createLiveHub({ db, log: app.log });
  app.addHook('onClose', () => liveHub.close());
  registerAuthentication(app, sessions, API_PREFIX);
  registerErrorHandler(app);

  // The API runs the jobs itself unless JOBS_WORKER=false leaves them to `npm run worker`.
  let worker: Promise<JobWorker | null> | undefined;
  let closing = false;
  app.decorate('startJobs', async () => {
    if (!config.jobs.worker) return;
    worker ??= startJobWorkerOnceReachable(deps, { jobs: deps.modules.jobs, stopped: () => closing });
    await worker;
  });
  app.addHook('onClose', async () => {
    closing = true;
    // A worker still starting is stopped once started (it drains before the database closes).
    await worker?.then(
      (started) => started?.stop(),
      () => {},
    );
  });
  if (!options.deferJobs) await app.startJobs();
  if (options.mqtt) await startTerminalLinks(app, deps, options.mqtt);

  registerSecurityHeaders(app);
  await registerApiDocs(app);
  registerHealthCheck(app, deps);
  await registerApiRoutes(app, deps, liveHub);
  await serveConsole(app, config.webDistDir, API_PREFIX);
  return app;
}

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;

/**
 * zod validates and serialises every route. Given as the server's compilers rather than set after
 * (setValidatorCompiler), Fastify never loads its own, ajv and fast-json-stringify (~0.1 s of a
 * start). Their types name ajv's signatures, which zod's compilers need not match.
 */
const ZOD_COMPILERS = { buildValidator: () => validatorCompiler, buildSerializer: () => serializerCompiler } as unknown as CompilersFactory;

async function createServer(options: BuildAppOptions) {
  const app = Fastify({
    logger: withSecretsMaskedInLog(options.logger ?? (await loggerOptionsOf(options.config))),
    logController: new ApiRequestLog(API_PREFIX),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && given ? given : randomUUID();
    },
    requestIdHeader: 'x-request-id',
    // X-Forwarded-For decides the client IP the sign-in throttle counts: trusted from named proxies only.
    trustProxy: options.config.trustProxy,
    forceCloseConnections: options.forceCloseConnections ?? 'idle',
    bodyLimit: 2_000_000,
    routerOptions: {
      querystringParser: (str: string) => qs.parse(str, { arrayLimit: 1000, depth: 5, parameterLimit: 2000 }),
    },
    schemaController: { compilersFactory: ZOD_COMPILERS },
  }).withTypeProvider<ZodTypeProvider>();
  acceptEmptyJsonBody(app);
  return app;
}

/** Records every API route as registered in `app.apiRoutes`, and whether anyone may call it. */
function collectApiRoutes(app: FastifyInstance): void {
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
}

/**
 * The broker link, the terminal link and enrolment over it, stopped in the reverse order when the
 * app closes (a failed start stops what had started). With the embedded broker, MQTT over
 * WebSocket is served on the console's own port too.
 */
async function startTerminalLinks(app: FastifyInstance, deps: AppDeps, mqtt: true | { topicRights?: TopicRights }): Promise<void> {
  const link = await startMqttLink({
    db: deps.db,
    config: deps.config.mqtt,
    log: app.log,
    topicRights: typeof mqtt === 'object' ? mqtt.topicRights : undefined,
  });
  deps.mqtt = link;
  const terminalLink = await startTerminalLink(deps, link).catch(async (error: unknown) => {
    await link.close();
    throw error;
  });
  deps.terminalLink = terminalLink;
  const enrolment = await startEnrolment(deps, link).catch(async (error: unknown) => {
    await terminalLink.stop();
    await link.close();
    throw error;
  });
  app.addHook('onClose', async () => {
    enrolment.stop();
    // The last heartbeats are written before the connection goes.
    await terminalLink.stop();
    await link.close();
  });
  await serveMqttOverWebSocket(app, link);
}

/** MQTT over WebSocket on the console's own port, for terminals that only get out over HTTP(S). */
async function serveMqttOverWebSocket(app: FastifyInstance, link: MqttLink): Promise<void> {
  const broker = link.broker;
  if (!broker) return;
  await app.register(fastifyWebsocket, { options: { handleProtocols: (protocols) => (protocols.has('mqtt') ? 'mqtt' : false) } });
  app.get(MQTT_WEBSOCKET_PATH, { websocket: true, config: { public: true }, schema: { hide: true } }, (socket, request) => {
    broker.handleStream(createWebSocketStream(socket), request.raw);
  });
}

type WebhookDocs = NonNullable<Extract<NonNullable<FastifyDynamicSwaggerOptions['openapi']>, { webhooks?: unknown }>['webhooks']>;

/** A JSON Schema as the document's JSON (zod's own type names what the OpenAPI types also describe). */
const jsonOf = (schema: object) => JSON.parse(JSON.stringify(schema));

/**
 * Each Standard Webhooks event a shipper's receiver gets (issue 27): its body, declared once in the
 * domain, and the headers that sign it (docs/webhooks.md).
 */
function webhooksOfApiDocs(): WebhookDocs {
  const header = (name: string, description: string) => ({
    name,
    in: 'header' as const,
    required: true,
    description,
    schema: { type: 'string' as const },
  });
  return Object.fromEntries(
    WEBHOOK_EVENT_TYPES.map((type) => [
      type,
      {
        post: {
          summary: `${type}, as Standard Webhooks 1.0`,
          parameters: [
            header(WEBHOOK_HEADERS.id, 'The same on every retry of one event'),
            header(WEBHOOK_HEADERS.timestamp, 'Unix seconds of the attempt'),
            header(
              WEBHOOK_HEADERS.signature,
              'v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">, space-separated during a secret rotation',
            ),
          ],
          requestBody: {
            required: true,
            content: { 'application/json': { schema: jsonOf(z.toJSONSchema(webhookBodySchemaOf(type))) } },
          },
          responses: { '2XX': { description: 'Received; anything else is retried (410 Gone switches the webhook off)' } },
        },
      },
    ]),
  );
}

/** The OpenAPI spec of every route, shown under /docs. */
async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      // 3.1: the document carries what the console sends to the shippers' receivers (`webhooks`).
      openapi: '3.1.0',
      info: { title: 'Ebox Console API', version: '1.0.0', description: 'Back-office API for smart parcel lockers (spec section 7).' },
      webhooks: webhooksOfApiDocs(),
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: `${API_PREFIX}/docs` });
}

function registerHealthCheck(app: FastifyInstance, deps: AppDeps): void {
  app.get('/health', { config: { public: true }, schema: { hide: true } }, async (_request, reply) => {
    try {
      await deps.db.execute('select 1');
      return { status: 'ok' };
    } catch {
      return reply.status(503).send({ status: 'unavailable' });
    }
  });
}

async function registerApiRoutes(app: FastifyInstance, deps: AppDeps, liveHub: LiveHub): Promise<void> {
  await app.register(
    async (api) => {
      // Each module's routes, in the composition's order; then the console's own and the kit's generic ones.
      for (const module of deps.modules.modules) if (module.routes) await (await module.routes())(api);
      await registerLiveRoutes(api, liveHub);
      await registerKitRoutes(api);
      api.setNotFoundHandler((_request, _reply) => {
        throw notFound('errors.routeNotFound');
      });
    },
    { prefix: API_PREFIX },
  );
}
