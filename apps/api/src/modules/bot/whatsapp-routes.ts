import type { FastifyInstance } from 'fastify';
import { systemContext } from '../../platform/context';
import { acceptWhatsAppNotification, isKnownVerifyToken, signersOf } from './inbound-service';

/**
 * Meta's calls to the console (WhatsApp Cloud API webhooks), for the bots' numbers and the
 * console's own: the subscription handshake (GET: a verify token we gave Meta answered with its
 * challenge) and the notifications (POST: the customers' messages and our messages' receipts),
 * taken only when `X-Hub-Signature-256` is a known app secret's HMAC-SHA256 of the exact bytes
 * received, then recorded and queued. Both are public: Meta signs in no other way (docs/whatsapp-bot.md).
 */
export async function registerWhatsAppWebhookRoutes(app: FastifyInstance): Promise<void> {
  // The signature covers the raw bytes (Meta escapes non-ASCII as \uXXXX): this scope keeps them
  // instead of parsing JSON first, so what is verified is exactly what was received.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 1_000_000 }, (_request, body, done) => done(null, body));

  app.get(
    '/webhooks/whatsapp',
    { config: { public: true }, schema: { tags: ['webhooks'], summary: "Meta's subscription check (hub.challenge)", hide: false } },
    async (request, reply) => {
      const query = request.query as Record<string, unknown>;
      const token = query['hub.verify_token'];
      const challenge = query['hub.challenge'];
      const ctx = systemContext(app.deps, 'whatsAppBot', { log: request.log });
      if (
        query['hub.mode'] !== 'subscribe' ||
        typeof token !== 'string' ||
        typeof challenge !== 'string' ||
        !(await isKnownVerifyToken(ctx, token))
      ) {
        request.log.warn('whatsapp webhook: verify token refused');
        return reply.code(403).send({ error: { code: 'forbidden', message: 'verify token refused' } });
      }
      return reply.type('text/plain').send(challenge);
    },
  );

  app.post(
    '/webhooks/whatsapp',
    {
      config: { public: true },
      schema: { tags: ['webhooks'], summary: "The bots' messages and the delivery receipts, signed by Meta (X-Hub-Signature-256)" },
    },
    async (request, reply) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const header = request.headers['x-hub-signature-256'];
      const ctx = systemContext(app.deps, 'whatsAppBot', { log: request.log });
      const signed = await signersOf(ctx, raw, typeof header === 'string' ? header : undefined);
      if (!signed) {
        request.log.warn({ bytes: raw.length }, 'whatsapp webhook: signature refused');
        return reply.code(401).send({ error: { code: 'unauthorized', message: 'signature refused' } });
      }
      let notification: unknown;
      try {
        notification = JSON.parse(raw.toString('utf8'));
      } catch {
        return reply.code(400).send({ error: { code: 'validation', message: 'the body is not JSON' } });
      }
      await acceptWhatsAppNotification(ctx, { notification, signers: signed.signers }, signed.bots);
      return { received: true };
    },
  );
}

/** The module's routes: the webhook in a scope of its own, so its raw-body parser stays there. */
export async function registerBotRoutes(app: FastifyInstance): Promise<void> {
  await app.register(registerWhatsAppWebhookRoutes);
}
