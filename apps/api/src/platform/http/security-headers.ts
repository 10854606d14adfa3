import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';

type SecurityHeaders = (request: IncomingMessage, response: ServerResponse, next: () => void) => void;
type Helmet = (options: Record<string, unknown>) => SecurityHeaders;

/**
 * helmet, the one @fastify/helmet (our dependency) depends on and sets its headers with. It is not
 * our own dependency, so it is loaded through the plugin's require and its type is declared here.
 */
const helmetOfPlugin: Helmet = createRequire(createRequire(import.meta.url).resolve('@fastify/helmet'))('helmet');

/**
 * Helmet's headers, built once: @fastify/helmet builds its middleware again on every request,
 * parsing the policy each time (a few percent of a cheap list request's CPU; issue 9).
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const securityHeaders = helmetOfPlugin({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, () => done()));
}
