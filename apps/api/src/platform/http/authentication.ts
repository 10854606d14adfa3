import { type Language, pickLanguage } from '@ebox/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CurrentUser } from '../auth/current-user';
import type { SessionCache } from '../auth/session-cache';
import type { VerifiedToken } from '../auth/tokens';
import { type AppError, unauthorized } from '../errors';

declare module 'fastify' {
  interface FastifyRequest {
    language: Language;
    currentUser: CurrentUser | null;
    /** The verified bearer token of the current user (sign-out ends it). */
    sessionToken: VerifiedToken | null;
    authError: AppError | null;
  }
}

/**
 * Every request's language and session, from its headers. Authentication comes before anything
 * reads the body: an anonymous call of a route under `apiPrefix` that needs a session is 401
 * whatever it sends. A route anyone may call says so (`config: { public: true }`); unknown API
 * paths go on to their 404.
 */
export function registerAuthentication(app: FastifyInstance, sessions: SessionCache, apiPrefix: string): void {
  app.decorateRequest('language', 'pt-BR');
  app.decorateRequest('currentUser', null);
  app.decorateRequest('sessionToken', null);
  app.decorateRequest('authError', null);
  app.addHook('onRequest', async (request, reply) => {
    request.language = pickLanguage(request.headers['accept-language']);
    reply.header('x-request-id', request.id);
    await authenticate(sessions, request);
    const route = request.routeOptions;
    if (!request.currentUser && route.url?.startsWith(apiPrefix) && !route.config?.public) {
      throw request.authError ?? unauthorized();
    }
  });
}

async function authenticate(sessions: SessionCache, request: FastifyRequest): Promise<void> {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return;
  // A disabled user, an older token version or a signed-out token is no session (session-cache.ts).
  const session = await sessions.authenticate(header.slice(7));
  if (!session) {
    request.authError = unauthorized('errors.sessionExpired');
    return;
  }
  request.currentUser = session.user;
  request.sessionToken = session.claims;
}
