import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Db } from './client';

export type ChannelListener = { close(): Promise<void> };

/**
 * LISTENs on one PostgreSQL channel over a connection of its own (a pooled one would drop the
 * LISTEN when returned), calling `onPayload` for each NOTIFY any process sends; reconnects after
 * `reconnectMs` when the connection drops. A database handle that is not node-postgres's pool
 * (none in practice) listens to nothing.
 */
export function listenToChannel(
  db: Db,
  options: { channel: string; onPayload: (payload: string) => void; log: FastifyBaseLogger; reconnectMs: number },
): ChannelListener {
  const { channel, onPayload, log, reconnectMs } = options;
  const pool = (db as unknown as { $client?: unknown }).$client;
  let closed = false;
  let client: pg.Client | null = null;
  let timer: NodeJS.Timeout | null = null;
  if (!(pool instanceof pg.Pool)) return { close: async () => {} };
  const retry = () => {
    if (!closed) timer = setTimeout(() => void connect(), reconnectMs).unref();
  };
  const connect = async () => {
    const next = new pg.Client(pool.options);
    const lost = () => {
      if (client !== next) return;
      client = null;
      next.end().catch(() => {});
      retry();
    };
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload) onPayload(message.payload);
    });
    next.on('error', lost);
    next.on('end', lost);
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
      if (closed) return void (await next.end());
      client = next;
    } catch (error) {
      log.debug({ err: error, channel }, 'not listening yet');
      next.end().catch(() => {});
      retry();
    }
  };
  void connect();
  return {
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}
