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
import type { RetainedPersistence } from './aedes-internals';
import type { MqttCredentials } from './broker-admin';
import { findLiveCredential, liveCredentialIds } from './credential-repository';
import { enableSharedSubscriptions } from './shared-subscriptions';
import type { MqttPrincipal, TopicRights } from './topic-rights';

export const TERMINAL_CREDENTIAL_CHANNEL = 'ebox_terminal_credential';
const RECONNECT_MS = 2_000;
/** Credential lookups at once (each one query on the pool of 10). */
const CREDENTIAL_CHECKS = 3;
/** MQTT_MAX_PACKET_BYTES' default: a snapshot or a command is a few kB; 10 MB once went through. */
export const DEFAULT_MAX_PACKET_BYTES = 256 * 1024;

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

type EmbeddedBrokerOptions = {
  db: Db;
  port: number;
  host?: string;
  topicRights: TopicRights;
  service: MqttCredentials;
  log: FastifyBaseLogger;
  /** A connection announcing a larger packet is dropped before the packet is read (MQTT_MAX_PACKET_BYTES). */
  maxPacketBytes?: number;
};

/**
 * The embedded MQTT broker (aedes): TCP on `port` (when taken, a free port, said in the log),
 * WebSocket through `handleStream`. Connections authenticate against terminal_credential (or the
 * in-memory credentials of this process's own API client), and every publish and subscribe is
 * checked with `topicRights`. A change of terminal_credential by any process (NOTIFY) makes it
 * recheck that user's connections, so revoked credentials stop working at once.
 */
export async function startEmbeddedBroker(options: EmbeddedBrokerOptions): Promise<EmbeddedBroker> {
  const { db, log } = options;
  const sessions = new SessionRegistry();
  const broker = await createAuthorizingBroker(options, sessions);
  enableSharedSubscriptions(broker);
  indexRetainedByTopic(broker);
  broker.on('clientDisconnect', (client) => sessions.forget(client));
  broker.on('clientError', (client, error) => log.debug({ clientId: client.id, err: error }, 'mqtt: client error'));
  const recheck = (username: string) => recheckCredentials(db, sessions, username, log);

  // No Nagle: a command, its PUBACK and the answer are small packets that would each wait ~40 ms for
  // the peer's delayed ACK (measured by `npm run bench -- link`: 88 ms round trip between two clients, 0.4 ms without).
  const maxPacketBytes = options.maxPacketBytes ?? DEFAULT_MAX_PACKET_BYTES;
  const handle = (stream: Duplex, request?: IncomingMessage) =>
    capPacketSize(broker.handle(stream, request), maxPacketBytes, (clientId, bytes) =>
      log.warn({ clientId, bytes, maxPacketBytes }, 'mqtt: packet over the size allowed, connection dropped'),
    );
  const server = net.createServer({ noDelay: true }, (socket) => handle(socket));
  const { port, portFallback } = await listenOnPortOrFree(server, options.port, options.host ?? '0.0.0.0', log);

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
      handle(stream, request);
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

/** The session of each authenticated client, and the clients of each user name. */
class SessionRegistry {
  private readonly sessions = new WeakMap<Client, Session>();
  private readonly byUsername = new Map<string, Set<Client>>();

  get(client: Client): Session | undefined {
    return this.sessions.get(client);
  }

  add(client: Client, session: Session): void {
    this.sessions.set(client, session);
    const set = this.byUsername.get(session.principal.username) ?? new Set<Client>();
    set.add(client);
    this.byUsername.set(session.principal.username, set);
  }

  forget(client: Client): void {
    const session = this.sessions.get(client);
    if (!session) return;
    const set = this.byUsername.get(session.principal.username);
    set?.delete(client);
    if (set?.size === 0) this.byUsername.delete(session.principal.username);
  }

  clientsOf(username: string): Client[] {
    return [...(this.byUsername.get(username) ?? [])];
  }
}

/** An aedes broker that lets in only the sessions `authenticate` finds, each publishing and subscribing as `topicRights` allow. */
async function createAuthorizingBroker(options: EmbeddedBrokerOptions, sessions: SessionRegistry): Promise<Aedes> {
  const { topicRights, log } = options;
  const refuse = (message: string): AuthenticateError => Object.assign(new Error(message), { returnCode: 5 as const });
  // Thousands of terminals reconnecting together (a restart) would each wait on the pool for their
  // credential: a few at a time, the rest wait here, and the pool keeps room for everything else.
  const checkingCredentials = limitConcurrency(CREDENTIAL_CHECKS);

  const broker: Aedes = await Aedes.createBroker({
    authenticate: (client, username, password, done) => {
      checkingCredentials(() => authenticate(options, broker, sessions, client, username, password?.toString('utf8') ?? '')).then(
        (session) => {
          if (!session) return done(refuse('not authorized'), false);
          sessions.add(client, session);
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
  return broker;
}

async function authenticate(
  { db, service }: EmbeddedBrokerOptions,
  broker: Aedes,
  sessions: SessionRegistry,
  client: Client,
  username: string | undefined,
  password: string,
): Promise<Session | null> {
  if (!username) return null;
  if (username === service.username) {
    return sameText(password, service.password)
      ? { principal: { role: 'service', username, clientId: client.id }, credentialId: null }
      : null;
  }
  const credential = await findLiveCredential(db, username);
  if (!credential || !(await verifyPassword(credential.passwordHash, password))) return null;
  // A one-time enrolment user connects only with the client id it was made for, and not after its
  // token expired (the sweep deletes it later; this refuses it at once). Without a client id it is
  // the shared bootstrap user of earlier versions, which no longer enrols anyone.
  if (credential.role === 'bootstrap' && (credential.expired || !credential.clientId || credential.clientId !== client.id)) return null;
  // MQTT lets a new connection with a client id in use take over the old one: an enrolment user
  // must not cut a connected terminal off by borrowing its client id.
  const holder = broker.clients[client.id];
  const held = holder ? sessions.get(holder)?.principal : undefined;
  if (held && held.role === 'terminal' && held.username !== username) return null;
  return {
    principal: { role: credential.role, username, clientId: client.id, registerTokenHash: credential.registerTokenHash },
    credentialId: credential.id,
  };
}

/** Drops the clients of `username` whose credential is no longer live (revoked or replaced). */
async function recheckCredentials(db: Db, sessions: SessionRegistry, username: string, log: FastifyBaseLogger): Promise<void> {
  const clients = sessions.clientsOf(username);
  if (clients.length === 0) return;
  const ids = clients.map((client) => sessions.get(client)?.credentialId).filter((id): id is string => Boolean(id));
  const live = await liveCredentialIds(db, ids);
  for (const client of clients) {
    const credentialId = sessions.get(client)?.credentialId;
    if (credentialId && !live.has(credentialId)) {
      log.info({ username, clientId: client.id }, 'mqtt: credentials revoked, client disconnected');
      sessions.forget(client);
      client.close();
    }
  }
}

/** Listens on `requested`, or on a free port when that one is taken (said in the log). */
async function listenOnPortOrFree(
  server: net.Server,
  requested: number,
  host: string,
  log: FastifyBaseLogger,
): Promise<{ port: number; portFallback: boolean }> {
  let portFallback = false;
  try {
    await listen(server, requested, host);
  } catch (error) {
    if (!(error instanceof Error && 'code' in error && error.code === 'EADDRINUSE')) throw error;
    await listen(server, 0, host);
    portFallback = true;
  }
  const address = server.address();
  // A TCP server listening answers its address; a string is a pipe's or a Unix socket's path.
  if (address === null || typeof address === 'string') throw new Error(`the embedded MQTT broker is not listening on TCP: ${address}`);
  const port = address.port;
  if (portFallback)
    log.warn({ requestedPort: requested, port }, `MQTT port ${requested} is taken; the embedded broker listens on ${port} instead`);
  else log.info({ port }, `embedded MQTT broker listening on port ${port}`);
  return { port, portFallback };
}

/**
 * Refuses a packet larger than `maxBytes` as soon as its length is read (aedes 1 and mqtt-packet
 * have no such limit: a 10 MB publish was buffered whole, then handed to the link). The parser's
 * error makes aedes destroy the connection, so the rest of the packet is never buffered.
 */
function capPacketSize(client: Client, maxBytes: number, onRefused: (clientId: string, bytes: number) => void): void {
  const parser = client._parser;
  const parseLength = parser._parseLength.bind(parser);
  parser._parseLength = () => {
    const read = parseLength();
    if (read && parser.packet.length > maxBytes) {
      onRefused(client.id, parser.packet.length);
      parser._emitError(new Error(`packet of ${parser.packet.length} bytes, over the ${maxBytes} allowed`));
      return false;
    }
    return read;
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

/**
 * Retained messages for a subscription without wildcards, found by topic. aedes's memory store
 * tests every retained message against each new subscription's filter, and each terminal keeps a
 * retained door snapshot: 10,000 terminals connecting (a broker restart) cost 10,000 × 10,000
 * filter tests, minutes of CPU (the link bench's profile: qlobber, a tenth of the API's time while
 * 2,000 lockers connected). A terminal subscribes to its own command topic only, so an index by
 * exact topic answers it at once; a filter with `+` or `#` still goes to aedes's own search.
 */
function indexRetainedByTopic(broker: Aedes): void {
  const persistence: RetainedPersistence = broker.persistence;
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
