import type { FastifyInstance } from 'fastify';
import { systemContext } from '../../platform/context';
import { takeGatewayNotification } from './service';

/** The notification's JSON, or nothing (its id is in the query too). */
function bodyOf(raw: unknown): { data?: { id?: unknown }; type?: unknown } {
  try {
    const parsed: unknown = JSON.parse(Buffer.isBuffer(raw) ? raw.toString('utf8') : '');
    return parsed && typeof parsed === 'object' ? parsed : {};
  } catch {
    return {};
  }
}

const headerOf = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

/**
 * Mercado Pago's notifications (`POST ?data.id=<id>&type=payment`, signed `x-signature` over the
 * payment's id, `x-request-id` and a time): public, as Mercado Pago signs in no other way. A signed
 * one queues a check of the payment and answers 200 at once (Mercado Pago waits 22 s, then resends);
 * one signed by no secret we know answers 401 and is logged (docs/payments.md).
 */
async function registerMercadoPagoWebhook(app: FastifyInstance): Promise<void> {
  // The signature is checked before the body is read (it signs the query's id, not the body): this
  // scope keeps the bytes, so a malformed body from a stranger is a 401, not a parse error.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 100_000 }, (_request, body, done) => done(null, body));
  app.post(
    '/webhooks/mercadopago',
    {
      config: { public: true },
      schema: { tags: ['webhooks'], summary: "Mercado Pago's payment notifications, signed (x-signature)" },
    },
    async (request, reply) => {
      const query = request.query as Record<string, unknown>;
      const body = bodyOf(request.body);
      const fromQuery = query['data.id'];
      const dataId =
        typeof fromQuery === 'string' && fromQuery ? fromQuery : body.data?.id === undefined ? undefined : String(body.data.id);
      const type = query.type ?? body.type;
      if (type !== undefined && type !== 'payment') return { received: true, ignored: true };
      const ctx = systemContext(app.deps, 'paymentGateway', { log: request.log });
      const verdict = await takeGatewayNotification(ctx, {
        dataId,
        requestId: headerOf(request.headers['x-request-id']),
        signature: headerOf(request.headers['x-signature']),
      });
      if (verdict === 'refused') {
        request.log.warn({ dataId }, 'mercado pago notification: signature refused');
        return reply.code(401).send({ error: { code: 'unauthorized', message: 'signature refused' } });
      }
      return { received: true };
    },
  );
}

/** The module's routes: the webhook in a scope of its own, so its raw-body parser stays there. */
export async function registerPaymentRoutes(app: FastifyInstance): Promise<void> {
  await app.register(registerMercadoPagoWebhook);
}
