import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOfRequest } from '../../platform/access';
import { issueTerminalQrToken, readTerminalPin, setTerminalPin } from './service';

/** The signed-in person's own credentials at the lockers' screens (their profile): any signed-in user. */
export async function registerTerminalPeopleRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/auth/terminal-pin',
    {
      schema: {
        tags: ['auth'],
        summary: "Whether the signed-in person has a PIN for the lockers' screens",
        response: { 200: z.object({ hasPin: z.boolean() }) },
      },
    },
    async (request) => readTerminalPin(contextOfRequest(request)),
  );

  api.put(
    '/auth/terminal-pin',
    {
      schema: {
        tags: ['auth'],
        summary: "Sets the signed-in person's PIN for the lockers' screens (4 to 8 digits); their earlier QR codes stop working",
        body: z.object({ pin: z.string().max(8) }),
        response: { 200: z.object({ hasPin: z.literal(true) }) },
      },
    },
    async (request) => setTerminalPin(contextOfRequest(request), request.body.pin),
  );

  api.post(
    '/auth/terminal-qr',
    {
      schema: {
        tags: ['auth'],
        summary: "A short-lived signed token for the QR code the person shows a locker's scanner to sign in there",
        response: { 200: z.object({ token: z.string(), expiresAt: z.string() }) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return issueTerminalQrToken(contextOfRequest(request));
    },
  );
}
