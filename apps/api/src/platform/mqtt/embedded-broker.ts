import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import net from 'node:net';
import { type Duplex, Readable } from 'node:stream';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import { verifyPassword } from '../auth/passwords';
import type { Db } from '../db/client';
import { listenToChannel } from '../db/listen';
import { limitConcurrency } from '../limit-concurrency';
import type { MqttCredentials } from './broker-admin';
import { findLiveCredential, liveCredentialIds } from './credential-repository';
import { enableSharedSubscriptions } from './shared-subscriptions';
import type { MqttPrincipal, TopicRights } from './topic-rights';

export const TERMINAL_CREDENTIAL_CHANNEL = 'ebox_terminal_credential';
const RECONNECT_MS = 2_000;
/** Credential lookups at once (each one query on the pool of 10). */
const CREDENTIAL_CHECKS = 3;

export type EmbeddedBroker = {
  /** The TCP port the broker listens on (MQTT_PORT, or a free one when that was taken). */
  readonly port: number;
  /** MQTT_PORT was taken and the broker took `port` instead. */
  readonly portFallback: boolean;
  /** Serves one MQTT-over-WebSocket connection (the console's /mqtt route). */
  handleStream(stream: Duplex, request?: IncomingMessage): void;
  /** Drops the clients of a user name whose credential is no longer live (revoked or replaced). */
  recheck(username: string): Promise<void>;
  /** How many clients are connected. */
  connectedClients(): number;
  close(): Promise<void>;
};

type Session = { principal: MqttPrincipal; credentialId: string | null };

/**
 * The embedded MQTT broker (aedes): TCP on `port` (when taken, a free port, said in the log),
 * WebSocket through `handleStream`. Connections authenticate against terminal_credential (or the
 * in-memory credentials of this process's own API client), and every publish and subscribe is
 * checked with `topicRights`. A change of terminal_credential by any process (NOTIFY) makes it
 * recheck that user's connections, so revoked credentials stop working at once.
 */
export async function startEmbeddedBroker(options: {
  db: Db;
  port: number;
  host?: string;
  topicRights: TopicRights;
  service: MqttCredentials;
  log: FastifyBaseLogger;
}): Promise<EmbeddedBroker> {
  const { db, topicRights, service, log } = options;
  const sessions = new WeakMap<Client, Session>();
  const byUsername = new Map<string, Set<Client>>();

  const refuse = (message: string): AuthenticateError => Object.assign(new Error(message), { returnCode: 5 as const });
  // Thousands of terminals reconnecting together (a restart) would each wait on the pool for their
  // credential: a few at a time, the rest wait here, and the pool keeps room for everything else.
  const checkingCredentials = limitConcurrency(CREDENTIAL_CHECKS);

  const broker = await Aedes.createBroker({
    authenticate: (client, username, password, done) => {
      checkingCredentials(() => authenticate(client, username, password?.toString('utf8') ?? '')).then(
        (session) => {
          if (!session) return done(refuse('not authorized'), false);
          sessions.set(client, session);
          const set = byUsername.get(session.principal.username) ?? new Set<Client>();
          set.add(client);
          byUsername.set(session.principal.username, set);
          done(null, true);
        },
        (error: unknown) => {
          log.warn({ err: error }, 'mqtt: could not check credentials');
          done(Object.assign(new Error('server unavailable'), { returnCode: 3 as const }), false);
        },
      );
    },
    authorizePublish: (client, packet, done) => {
      if (!client) return done(null); // the broker's own messages ($SYS)
      const session = sessions.get(client);
      if (session && topicRights(session.principal, 'publish', packet.topic)) return done(null);
      log.debug({ clientId: client.id, topic: packet.topic }, 'mqtt: publish refused');
      done(new Error('publish not authorized'));
    },
    authorizeSubscribe: (client, subscription, done) => {
      const session = sessions.get(client);
      if (session && topicRights(session.principal, 'subscribe', subscription.topic)) return done(null, subscription);
      log.debug({ clientId: client.id, topic: subscription.topic }, 'mqtt: subscribe refused');
      done(null, null);
    },
  });
  enableSharedSubscriptions(broker);
  indexRetainedByTopic(broker);
  broker.on('clientDisconnect', (client) => forget(client));
  broker.on('clientError', (client, error) => log.debug({ clientId: client.id, err: error }, 'mqtt: client error'));

  function forget(client: Client): void {
    const session = sessions.get(client);
    if (!session) return;
    const set = byUsername.get(session.principal.username);
    set?.delete(client);
    if (set?.size === 0) byUsername.delete(session.principal.username);
  }

  async function authenticate(client: Client, username: string | undefined, password: string): Promise<Session | null> {
    if (!username) return null;
    if (username === service.username) {
      return sameText(password, service.password)
        ? { principal: { role: 'service', username, clientId: client.id }, credentialId: null }
        : null;
    }
    const credential = await findLiveCredential(db, username);
    if (!credential || !(await verifyPassword(credential.passwordHash, password))) return null;
    // MQTT lets a new connection with a client id in use take over the old one: a bootstrap user (whose
    // password every device holds) must not cut a connected terminal off by borrowing its client id.
    const holder = (broker as unknown as { clients: Record<string, Client | undefined> }).clients[client.id];
    const held = holder ? sessions.get(holder)?.principal : undefined;
    if (held && held.role === 'terminal' && held.username !== username) return null;
    return { principal: { role: credential.role, username, clientId: client.id }, credentialId: credential.id };
  }

  async function recheck(username: string): Promise<void> {
    const clients = [...(byUsername.get(username) ?? [])];
    if (clients.length === 0) return;
    const ids = clients.map((client) => sessions.get(client)?.credentialId).filter((id): id is string => Boolean(id));
    const live = await liveCredentialIds(db, ids);
    for (const client of clients) {
      const credentialId = sessions.get(client)?.credentialId;
      if (credentialId && !live.has(credentialId)) {
        log.info({ username, clientId: client.id }, 'mqtt: credentials revoked, client disconnected');
        forget(client);
        client.close();
      }
    }
  }

  // No Nagle: a command, its PUBACK and the answer are small packets that would each wait ~40 ms for
  // the peer's delayed ACK (measured by `npm run bench -- link`: 88 ms round trip between two clients, 0.4 ms without).
  const server = net.createServer({ noDelay: true }, (socket) => broker.handle(socket));
  const requested = options.port;
  const host = options.host ?? '0.0.0.0';
  let portFallback = false;
  try {
    await listen(server, requested, host);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    await listen(server, 0, host);
    portFallback = true;
  }
  const port = (server.address() as net.AddressInfo).port;
  if (portFallback)
    log.warn({ requestedPort: requested, port }, `MQTT port ${requested} is taken; the embedded broker listens on ${port} instead`);
  else log.info({ port }, `embedded MQTT broker listening on port ${port}`);

  // Credential changes made by any process (NOTIFY from migration 0010's trigger).
  const revocations = listenToChannel(db, {
    channel: TERMINAL_CREDENTIAL_CHANNEL,
    onPayload: (username) => void recheck(username).catch((e: unknown) => log.warn({ err: e }, 'mqtt: recheck failed')),
    log,
    reconnectMs: RECONNECT_MS,
  });

  return {
    port,
    portFallback,
    handleStream: (stream, request) => {
      broker.handle(stream, request);
    },
    recheck,
    connectedClients: () => broker.connectedClients,
    async close() {
      await revocations.close();
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function listen(server: net.Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve();
    });
  });
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

type RetainedPersistence = {
  storeRetained(packet: { topic: string; payload: Buffer }, done?: (error: Error | null) => void): unknown;
  createRetainedStreamCombi(patterns: string[]): Readable;
};

/**
 * Retained messages for a subscription without wildcards, found by topic. aedes's memory store
 * tests every retained message against each new subscription's filter, and each terminal keeps a
 * retained door snapshot: 10,000 terminals connecting (a broker restart) cost 10,000 × 10,000
 * filter tests, minutes of CPU (the link bench's profile: qlobber, a tenth of the API's time while
 * 2,000 lockers connected). A terminal subscribes to its own command topic only, so an index by
 * exact topic answers it at once; a filter with `+` or `#` still goes to aedes's own search.
 */
function indexRetainedByTopic(broker: Aedes): void {
  const persistence = (broker as unknown as { persistence: RetainedPersistence }).persistence;
  const byTopic = new Map<string, { topic: string; payload: Buffer }>();
  const storeRetained = persistence.storeRetained.bind(persistence);
  const search = persistence.createRetainedStreamCombi.bind(persistence);
  persistence.storeRetained = (packet, done) => {
    // As the store itself: an empty retained message clears the topic.
    if (packet.payload.length === 0) byTopic.delete(packet.topic);
    else byTopic.set(packet.topic, { ...packet });
    return storeRetained(packet, done);
  };
  persistence.createRetainedStreamCombi = (patterns) => {
    if (patterns.some((pattern) => pattern.includes('+') || pattern.includes('#'))) return search(patterns);
    return Readable.from(patterns.flatMap((topic) => byTopic.get(topic) ?? []));
  };
}
