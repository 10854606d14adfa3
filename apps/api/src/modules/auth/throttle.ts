import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { AppError } from '../../platform/errors';

/**
 * Throttles guessable auth calls (spec: sign-in, sign-up and password reset) with counters this
 * process keeps in memory: they start again on a restart, and each API process counts alone.
 *
 * - Sign-up, the reset calls and the verification mail count every request per client IP and per
 *   email; past either budget the call is refused (429) until its window ends.
 * - Sign-in counts attempts per IP across emails (`perIp`) and per email and IP pair (`perEmail`);
 *   past either the call is refused, right password or not, so one client cannot guess on. The
 *   per-email total across IPs never refuses: past `perEmail` every attempt on that email first
 *   waits `slowdownMs`, so failures from elsewhere slow its owner down without locking them out.
 *   An attempt counts when it starts (parallel guesses cannot outrun the count); one that signs in
 *   is given back.
 *
 * The client IP is Fastify's `request.ip`: the socket's address unless TRUST_PROXY names the proxy
 * whose X-Forwarded-For may say otherwise.
 */
export type ThrottleAction = 'signUp' | 'passwordReset' | 'verificationEmail';

type PreHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export type AuthThrottle = {
  /** The preHandler of an `action` route; `emailOf` names the account a request is about. */
  limit(action: ThrottleAction, emailOf: (request: FastifyRequest) => string | null | undefined): PreHandler;
  /** The preHandler of sign-in; the email comes from the body. */
  signIn: PreHandler;
  /** Gives back the attempt of a sign-in that succeeded. */
  signedIn(request: FastifyRequest): void;
};

/** Fixed windows per key; expired windows are swept at most once a window. */
class WindowCounters {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();
  private nextSweepAt = 0;

  constructor(private readonly windowMs: number) {}

  /** The count of the key's current window and the seconds until that window ends. */
  peek(key: string, now = Date.now()): { count: number; retryAfter: number } {
    const window = this.windows.get(key);
    if (!window || window.endsAt <= now) return { count: 0, retryAfter: 0 };
    return { count: window.count, retryAfter: Math.ceil((window.endsAt - now) / 1000) };
  }

  add(key: string, now = Date.now()): void {
    this.sweep(now);
    const window = this.windows.get(key);
    if (!window || window.endsAt <= now) this.windows.set(key, { count: 1, endsAt: now + this.windowMs });
    else window.count += 1;
  }

  takeBack(key: string): void {
    const window = this.windows.get(key);
    if (window && window.count > 0) window.count -= 1;
  }

  private sweep(now: number): void {
    if (now < this.nextSweepAt) return;
    for (const [key, window] of this.windows) if (window.endsAt <= now) this.windows.delete(key);
    this.nextSweepAt = now + this.windowMs;
  }
}

const normalized = (email: string | null | undefined) => email?.trim().toLowerCase() || null;

export function createAuthThrottle(config: Config['authThrottle']): AuthThrottle {
  const counters = new WindowCounters(config.windowMs);
  // The counters a sign-in attempt added, to give back when it succeeds.
  const attempts = new WeakMap<FastifyRequest, string[]>();

  /** Refuses when any key is at its budget; otherwise counts the request on every key. */
  const admit = (request: FastifyRequest, reply: FastifyReply, action: string, budgets: [string, number][], email: string | null) => {
    const exceeded = budgets.map(([key, max]) => ({ max, ...counters.peek(key) })).filter(({ count, max }) => count >= max);
    if (exceeded.length) {
      reply.header('retry-after', Math.max(...exceeded.map((entry) => entry.retryAfter)));
      request.log.warn({ action, ip: request.ip, email }, 'auth call throttled');
      throw new AppError(429, 'errors.tooManyRequests');
    }
    for (const [key] of budgets) counters.add(key);
  };

  return {
    limit(action, emailOf) {
      return async (request, reply) => {
        const email = normalized(emailOf(request));
        const budgets: [string, number][] = [[`${action}:ip:${request.ip}`, config.perIp]];
        if (email) budgets.push([`${action}:email:${email}`, config.perEmail]);
        admit(request, reply, action, budgets, email);
      };
    },

    async signIn(request, reply) {
      const email = normalized((request.body as { email?: string } | undefined)?.email);
      const budgets: [string, number][] = [[`signIn:ip:${request.ip}`, config.perIp]];
      if (email) budgets.push([`signIn:pair:${email}\n${request.ip}`, config.perEmail]);
      admit(request, reply, 'signIn', budgets, email);
      const keys = budgets.map(([key]) => key);
      attempts.set(request, keys);
      if (!email) return;
      const total = `signIn:email:${email}`;
      const slow = counters.peek(total).count >= config.perEmail;
      counters.add(total);
      keys.push(total);
      if (slow) await sleep(config.slowdownMs);
    },

    signedIn(request) {
      for (const key of attempts.get(request) ?? []) counters.takeBack(key);
    },
  };
}
