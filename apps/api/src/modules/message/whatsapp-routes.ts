import type { FastifyInstance } from 'fastify';
import { systemContext } from '../../platform/context';
import { parseWhatsAppStatuses, verifyWhatsAppSignature } from '../../platform/message-providers/whatsapp-cloud';
import { recordWhatsAppStatuses } from './status-service';

/**
 * Meta's calls to the console (WhatsApp Cloud API webhooks): the subscription handshake (GET, the
 * verify token we chose answered with Meta's challenge) and the delivery statuses (POST), accepted
 * only when `X-Hub-Signature-256` is the app secret's HMAC-SHA256 of the exact bytes received. Both
 * are public (Meta signs in no other way) and refused outright without a WhatsApp configuration.
 */
export async function registerWhatsAppWebhookRoutes(app: FastifyInstance): Promise<void> {
  // The signature covers the raw bytes: this scope keeps them instead of parsing JSON first.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 1_000_000 }, (_request, body, done) => done(null, body));

  app.get(
    '/webhooks/whatsapp',
    { config: { public: true }, schema: { tags: ['webhooks'], summary: "Meta's subscription check (hub.challenge)", hide: false } },
    async (request, reply) => {
      const whatsapp = app.deps.config.whatsapp;
      const query = request.query as Record<string, unknown>;
      const mode = query['hub.mode'];
      const token = query['hub.verify_token'];
      const challenge = query['hub.challenge'];
      if (!whatsapp?.verifyToken || mode !== 'subscribe' || token !== whatsapp.verifyToken || typeof challenge !== 'string') {
        return reply.code(403).send({ error: { code: 'forbidden', message: 'verify token refused' } });
      }
      return reply.type('text/plain').send(challenge);
    },
  );

  app.post(
    '/webhooks/whatsapp',
    {
      config: { public: true },
      schema: { tags: ['webhooks'], summary: 'WhatsApp delivery statuses, signed by Meta (X-Hub-Signature-256)' },
    },
    async (request, reply) => {
      const whatsapp = app.deps.config.whatsapp;
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const header = request.headers['x-hub-signature-256'];
      if (!whatsapp?.appSecret || !verifyWhatsAppSignature(raw, typeof header === 'string' ? header : undefined, whatsapp.appSecret)) {
        request.log.warn('whatsapp webhook: signature refused');
        // 403, not 401: nobody signs in here; the body's signature is the only credential.
        return reply.code(403).send({ error: { code: 'forbidden', message: 'signature refused' } });
      }
      let payload: unknown;
      try {
        payload = JSON.parse(raw.toString('utf8'));
      } catch {
        return reply.code(400).send({ error: { code: 'validation', message: 'the body is not JSON' } });
      }
      const statuses = parseWhatsAppStatuses(payload);
      const moved = await recordWhatsAppStatuses(systemContext(app.deps, 'customerMessenger', { log: request.log }), statuses);
      return { received: statuses.length, moved };
    },
  );
}
