import type { AppDeps } from '../../platform/app-deps';
import { principalOf, type ServiceContext } from '../../platform/context';
import { rateLimited } from '../../platform/errors';

/**
 * Code changes per user (issue 25): each "new code" and each supplied code refused as taken counts
 * in a fixed window (config.accessCodeThrottle); past its budget the user's next one is refused
 * (429) until the window ends, so nobody can probe a locker's live codes by trying them. Counted in
 * this process's memory, as the auth throttle is: each API process counts alone.
 */
type Window = { count: number; endsAt: number };

const windowsOf = new WeakMap<AppDeps, Map<string, Window>>();

function keyOf(ctx: ServiceContext): string {
  const principal = principalOf(ctx.actor);
  return principal.userId ?? principal.label;
}

function windowOf(ctx: ServiceContext, now: number): { windows: Map<string, Window>; window: Window | undefined } {
  let windows = windowsOf.get(ctx.deps);
  if (!windows) {
    windows = new Map();
    windowsOf.set(ctx.deps, windows);
  }
  const window = windows.get(keyOf(ctx));
  return { windows, window: window && window.endsAt > now ? window : undefined };
}

/** Refuses (429) a user whose code changes of this window are used up. */
export function checkAccessCodeBudget(ctx: ServiceContext, now = Date.now()): void {
  const { window } = windowOf(ctx, now);
  if (window && window.count >= ctx.deps.config.accessCodeThrottle.max) {
    ctx.log.warn({ user: keyOf(ctx) }, 'access code changes throttled');
    throw rateLimited('entities.order.errors.accessCodeThrottled');
  }
}

/** Counts one code change (or one refused code) of the user. */
export function countAccessCodeChange(ctx: ServiceContext, now = Date.now()): void {
  const { windows, window } = windowOf(ctx, now);
  if (window) window.count += 1;
  else windows.set(keyOf(ctx), { count: 1, endsAt: now + ctx.deps.config.accessCodeThrottle.windowMs });
  // A user's window past its end is dropped when it is read; the rest are swept now and then.
  if (windows.size > 10_000) for (const [key, entry] of windows) if (entry.endsAt <= now) windows.delete(key);
}
