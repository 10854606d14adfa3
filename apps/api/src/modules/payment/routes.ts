import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registerExportFileRoute } from '../../kit/mailed-export/routes';
import { exportQuery } from '../../kit/request-schemas';
import { contextOfRequest } from '../../platform/access';
import { systemContext } from '../../platform/context';
import { jsonObjectOf } from '../../platform/message-providers/provider-error';
import { requestPaymentExport } from './export-service';
import { takeGatewayNotification } from './service';

/** The notification's JSON, or nothing (its id is in the query too). */
function bodyOf(raw: unknown): { data?: { id?: unknown }; type?: unknown } {
  return jsonObjectOf(Buffer.isBuffer(raw) ? raw.toString('utf8') : '');
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

/** The payments picked on the list (ids=a&ids=b or ids=a,b). */
const idsSchema = z
  .union([z.array(z.uuid()), z.string()])
  .transform((value) => (Array.isArray(value) ? value : value.split(',').filter(Boolean)))
  .pipe(z.array(z.uuid()).max(1000));

/** GET /payment/export (spec 1, 7.4): the export by mail; GET /payment/export/file/...: its signed download. */
async function registerPaymentExportRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/payment/export',
    {
      schema: {
        tags: ['payment'],
        summary: "Exports the payments (the list's filters, or the ids picked): the download link is emailed",
        querystring: exportQuery.extend({ ids: idsSchema.optional() }),
        response: { 200: z.object({ success: z.boolean() }) },
      },
    },
    async (request) =>
      requestPaymentExport(contextOfRequest(request), {
        filter: request.query.filter,
        orderBy: request.query.orderBy,
        timezone: request.query.timezone,
        format: request.query.format,
        fields: request.query.fields,
        ids: request.query.ids,
      }),
  );
  registerExportFileRoute(app, 'payment', 'A payment export, for whoever holds its unexpired signed link');
}

/** The module's routes: the webhook in a scope of its own, so its raw-body parser stays there. */
export async function registerPaymentRoutes(app: FastifyInstance): Promise<void> {
  await app.register(registerMercadoPagoWebhook);
  await registerPaymentExportRoutes(app);
}
