import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Db } from '../db/client';
import { type CurrentUser, loadCurrentUser } from './current-user';
import { isTokenRevoked } from './revoked-tokens';
import type { TokenService, VerifiedToken } from './tokens';

/**
 * Who a session token belongs to, kept in memory per token so a request does not verify the token
 * and reload the user, their roles and the sign-out list each time (three queries and two round
 * trips before any work; issue 9). A kept session is dropped by any change to users, roles or ended
 * sessions, in whichever process or tool it is made:
 *
 * - a trigger on those tables (migration 0007) sends a NOTIFY at commit; every pool connection
 *   listens, so the process that made the change hears it before its own commit returns (the
 *   caller's next request cannot see the old session), and a dedicated connection per process hears
 *   every other process's changes a few milliseconds after their commit;
 * - while that dedicated connection is not listening (not yet connected, lost, database down),
 *   nothing is kept: every request loads its session as before;
 * - a session loaded while a change was announced is not kept, and none is kept longer than
 *   SESSION_MAX_AGE_MS after its load started: the bound should a notice ever be missed.
 */

export const PRINCIPAL_CHANGE_CHANNEL = 'ebox_principal_change';
/** The longest a kept session is trusted, whatever happens to the notices. */
export const SESSION_MAX_AGE_MS = 1000;
const MAX_SESSIONS = 10_000;
const RECONNECT_MS = 1000;

export type Session = { user: CurrentUser; claims: VerifiedToken };
type Kept = { session: Session; loadedAt: number };

export type SessionCache = {
  /** The session of `token`, or null when it is no (longer a) valid session. */
  authenticate(token: string): Promise<Session | null>;
  close(): Promise<void>;
};

export function createSessionCache(options: { db: Db; tokens: TokenService; log: FastifyBaseLogger }): SessionCache {
  const { db, tokens, log } = options;
  const kept = new Map<string, Kept>();
  // Bumped by every notice: a load that saw another generation may have read the old state.
  let generation = 0;
  let listener: pg.Client | null = null;
  let reconnect: NodeJS.Timeout | null = null;
  let closed = false;

  const forgetAll = () => {
    generation += 1;
    kept.clear();
  };

  const pool = '$client' in db ? db.$client : undefined;
  if (pool instanceof pg.Pool) {
    void listenOnPoolConnections(pool, forgetAll).then(
      () => listen(pool),
      (error: unknown) => log.warn({ err: error }, 'session cache off: the pool connections cannot listen'),
    );
  }

  async function listen(from: pg.Pool): Promise<void> {
    const client = new pg.Client(from.options);
    const lost = () => {
      if (listener !== client) return;
      listener = null;
      forgetAll();
      client.end().catch(() => {});
      if (!closed) reconnect = setTimeout(() => void listen(from), RECONNECT_MS).unref();
    };
    client.on('notification', forgetAll);
    client.on('error', lost);
    client.on('end', lost);
    try {
      await client.connect();
      await client.query(`LISTEN ${PRINCIPAL_CHANGE_CHANNEL}`);
      if (closed) {
        await client.end();
        return;
      }
      // Changes made while nobody listened are unknown: start from nothing.
      forgetAll();
      listener = client;
    } catch (error) {
      log.debug({ err: error }, 'session cache: not listening yet; sessions are loaded on every request');
      client.end().catch(() => {});
      if (!closed) reconnect = setTimeout(() => void listen(from), RECONNECT_MS).unref();
    }
  }

  async function load(token: string): Promise<Session | null> {
    const claims = await tokens.verify(token);
    if (!claims) return null;
    const [user, revoked] = await Promise.all([loadCurrentUser(db, claims.sub), isTokenRevoked(db, claims.jti)]);
    if (!user || user.disabled || user.tokenVersion !== claims.tv || revoked) return null;
    return { user, claims };
  }

  return {
    async authenticate(token) {
      const now = Date.now();
      const hit = kept.get(token);
      if (hit && listener && now - hit.loadedAt < SESSION_MAX_AGE_MS && hit.session.claims.expiresAt.getTime() > now) return hit.session;
      if (hit) kept.delete(token);
      const seen = generation;
      const session = await load(token);
      if (session && listener && generation === seen) {
        // The oldest goes first (a Map keeps insertion order); expired ones go as they are met.
        const oldest = kept.keys().next();
        if (kept.size >= MAX_SESSIONS && !oldest.done) kept.delete(oldest.value);
        kept.set(token, { session, loadedAt: now });
      }
      return session;
    },
    async close() {
      closed = true;
      if (reconnect) clearTimeout(reconnect);
      const client = listener;
      listener = null;
      forgetAll();
      await client?.end().catch(() => {});
    },
  };
}

/**
 * Every connection of the pool listens too: PostgreSQL delivers a transaction's own notice to its
 * connection before the COMMIT answers, so a change made by this process drops kept sessions before
 * the code that made it goes on. New connections listen before the pool hands them out (its
 * `onConnect` hook); the ones opened before (migrations, seed) are taken in turn and made to listen.
 */
async function listenOnPoolConnections(pool: pg.Pool, onNotice: () => void): Promise<void> {
  const listening = new WeakSet<pg.ClientBase>();
  const makeListen = async (client: pg.ClientBase) => {
    if (listening.has(client)) return;
    listening.add(client);
    client.on('notification', (message) => {
      if (message.channel === PRINCIPAL_CHANGE_CHANNEL) onNotice();
    });
    await client.query(`LISTEN ${PRINCIPAL_CHANGE_CHANNEL}`);
  };
  // pg-pool awaits onConnect before it hands the connection out (its type says `void`).
  const options = pool.options;
  const before = options.onConnect;
  options.onConnect = async (client) => {
    await before?.(client);
    await makeListen(client);
  };
  const idle = await Promise.all(Array.from({ length: pool.idleCount }, () => pool.connect()));
  await Promise.all(
    idle.map(async (client) => {
      try {
        await makeListen(client);
      } finally {
        client.release();
      }
    }),
  );
}
