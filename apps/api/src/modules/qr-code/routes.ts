import { QRCODE_TEMPLATE_TYPES } from '@ebox/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOfRequest } from '../../platform/access';
import { anonymousContext } from '../../platform/context';
import { drawOrderQrCode, drawQrCodeOfLink, renderOrderQrCodePage } from './service';

/** A page holding a customer's code: nothing runs, nothing loads but its own data: images and inline styles. */
const PAGE_POLICY = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'";

function sendPng(reply: FastifyReply, png: Buffer) {
  // The image is the access code: neither a shared cache nor the browser's history keeps it.
  return reply.type('image/png').header('cache-control', 'private, no-store').send(png);
}

/** An order's QR code: its image, its template page, and the image behind a message's signed link (issue 27). */
export async function registerQrCodeRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/order/:id/qrcode',
    {
      schema: {
        tags: ['order'],
        summary: "The order's QR code as a PNG: EBOX1:<access code>, accepted by the locker as the typed code (orderQrcode)",
        params: z.object({ id: z.uuid() }),
      },
    },
    async (request, reply) => sendPng(reply, await drawOrderQrCode(contextOfRequest(request), request.params.id)),
  );

  api.get(
    '/order/:id/qrcode/page',
    {
      schema: {
        tags: ['order'],
        summary: "The company's enabled QR-code template of a type, rendered for the order as HTML with the image (orderQrcode)",
        params: z.object({ id: z.uuid() }),
        querystring: z.object({ type: z.enum(QRCODE_TEMPLATE_TYPES) }),
      },
    },
    async (request, reply) => {
      const html = await renderOrderQrCodePage(contextOfRequest(request), request.params.id, request.query.type);
      return reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', PAGE_POLICY)
        .header('cache-control', 'private, no-store')
        .send(html);
    },
  );

  api.get(
    '/order/qrcode/:token',
    {
      config: { public: true },
      schema: {
        tags: ['order'],
        summary: "An order's QR code as a PNG, for whoever holds the signed link its messages give (qrCodeUrl)",
        params: z.object({ token: z.string().max(200) }),
      },
    },
    async (request, reply) => {
      const ctx = anonymousContext(app.deps, { language: request.language, log: request.log });
      return sendPng(reply, await drawQrCodeOfLink(ctx, request.params.token));
    },
  );
}
