import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { AppError } from '../../platform/errors';

/**
 * Throttles guessable auth calls per client IP and per email address (spec: sign-in, sign-up and
 * password reset). It runs as a preHandler, after the body is parsed and validated, because the
 * email comes from the body; @fastify/rate-limit's per-route option allows one key per route, so
 * the two counters are kept with its `createRateLimit` limiters, one pair per action (routes of
 * the same action, like the two reset calls, share their counters).
 */
export type ThrottleAction = 'signIn' | 'signUp' | 'passwordReset' | 'verificationEmail';

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;
type LimitResult = Awaited<ReturnType<Limiter>>;
type Exceeded = Extract<LimitResult, { isAllowed: false }>;

export type AuthThrottle = (
  action: ThrottleAction,
  emailOf: (request: FastifyRequest) => string | null | undefined,
) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export function createAuthThrottle(app: FastifyInstance, config: Config['authThrottle']): AuthThrottle {
  // The email of the request being counted; the limiter's key generator only receives the request.
  const emails = new WeakMap<FastifyRequest, string>();
  const limiters = new Map<ThrottleAction, { byIp: Limiter; byEmail: Limiter }>();
  const limitersOf = (action: ThrottleAction) => {
    let pair = limiters.get(action);
    if (!pair) {
      pair = {
        byIp: app.createRateLimit({ max: config.perIp, timeWindow: config.windowMs, keyGenerator: (request) => `ip:${request.ip}` }),
        byEmail: app.createRateLimit({
          max: config.perEmail,
          timeWindow: config.windowMs,
          keyGenerator: (request) => `email:${emails.get(request) ?? ''}`,
        }),
      };
      limiters.set(action, pair);
    }
    return pair;
  };

  return (action, emailOf) => {
    const { byIp, byEmail } = limitersOf(action);
    return async (request, reply) => {
      const results: LimitResult[] = [await byIp(request)];
      const email = emailOf(request)?.trim().toLowerCase();
      if (email) {
        emails.set(request, email);
        results.push(await byEmail(request));
      }
      const exceeded = results.filter((result): result is Exceeded => !result.isAllowed && result.isExceeded);
      if (!exceeded.length) return;
      reply.header('retry-after', Math.max(...exceeded.map((result) => result.ttlInSeconds)));
      request.log.warn({ action, ip: request.ip, email }, 'auth call throttled');
      throw new AppError(429, 'errors.tooManyRequests');
    };
  };
}
