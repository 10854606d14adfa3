import { LIVE_EVENT_PERMISSIONS, LIVE_EVENTS, type LiveEvent } from '@ebox/domain';
import type { FastifyInstance } from 'fastify';
import { contextOfRequest, scopeOf } from '../access';
import { authorizeAny, can } from '../context';
import type { LiveHub } from './live-hub';

/** A comment line now and then keeps proxies and the browser from closing a quiet stream. */
const HEARTBEAT_MS = 20_000;
/**
 * A stream ends after this time and the browser connects again, so a user's lost permission or
 * scope, or a signed-out token, stops its pushes within minutes.
 */
const MAX_STREAM_MS = 10 * 60_000;

/**
 * GET /live: Server-Sent Events of the lockers (eboxRead) and orders (orderRead) the caller sees in
 * its company scope; each event kind only to the holders of its permission. The web
 * reads it with fetch (the Bearer header, which EventSource cannot send). Each message is
 * `event: <domain event name>` and `data: <payload JSON>`; a first `ready` tells the browser it may
 * reload what it missed while away.
 */
export async function registerLiveRoutes(app: FastifyInstance, hub: LiveHub): Promise<void> {
  const open = new Set<() => void>();
  // The streams never go idle: end them before the server waits for its connections.
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });

  app.get(
    '/live',
    { schema: { tags: ['live'], summary: 'Server-Sent Events of the lockers and orders the caller sees (door, status)' } },
    async (request, reply) => {
      const ctx = contextOfRequest(request);
      const events = new Set(LIVE_EVENTS.filter((name) => can(ctx, LIVE_EVENT_PERMISSIONS[name])));
      authorizeAny(ctx, [...new Set(Object.values(LIVE_EVENT_PERMISSIONS))]);
      const user = request.currentUser;
      if (!user) return;
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
      });
      const write = (text: string) => {
        if (!raw.writableEnded) raw.write(text);
      };
      write(`retry: 2000\nevent: ready\ndata: {}\n\n`);
      const unsubscribe = hub.subscribe({
        scope: scopeOf(user),
        events,
        send: (event: LiveEvent) => write(`event: ${event.name}\ndata: ${JSON.stringify(event.payload)}\n\n`),
      });
      const heartbeat = setInterval(() => write(`: heartbeat ${Date.now()}\n\n`), HEARTBEAT_MS);
      const lifetime = setTimeout(() => end(), MAX_STREAM_MS);
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        open.delete(end);
        unsubscribe();
        clearInterval(heartbeat);
        clearTimeout(lifetime);
        if (!raw.writableEnded) raw.end();
      };
      open.add(end);
      request.raw.on('close', end);
      raw.on('close', end);
      raw.on('error', end);
    },
  );
}
