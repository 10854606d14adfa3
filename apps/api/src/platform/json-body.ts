import type { FastifyInstance } from 'fastify';

/**
 * A request that says it sends JSON but sends nothing (an API client's POST without fields, such
 * as a sign-out through a helper that always names JSON) has no body, as it would without the
 * header: Fastify's own parser refuses it as malformed (400). Anything else is parsed by Fastify's
 * parser, with its guards against prototype poisoning.
 */
export function acceptEmptyJsonBody(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    return parseJson(request, text, done);
  });
}
