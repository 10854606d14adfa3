/**
 * Issue 25, item 4: one terminal cannot flood the link. Each terminal has a token bucket (refilled
 * at `perSecond`, holding at most `burst`); a message that finds it empty is dropped before it is
 * read, queued or sent to the database. A flood is reported once when it starts and once when it
 * ends (`quietMs` without a drop), never once per message: 8,000 messages once made 3,008 warning
 * lines and kept the link busy for minutes.
 *
 * Buckets live in this process's memory (with two API processes each takes its share of the
 * shared subscription, so each sees about half a terminal's rate: the limit is per process). A
 * bucket that has refilled to full is the same as none, so the sweep forgets it: lockers that went
 * quiet cost nothing.
 */

export type FloodStart = { key: string; at: Date };
export type FloodEnd = { key: string; startedAt: Date; endedAt: Date; dropped: number };

export type FloodGuard = {
  /** Takes a token for this terminal: true to handle the message, false to drop it. */
  admit(key: string, now?: number): boolean;
  /** Ends the floods quiet for `quietMs` and forgets full buckets (the link's timer runs it every second). */
  sweep(now?: number): void;
  /** Buckets held (for tests: idle ones are evicted). */
  size(): number;
  /** Terminals flooding now. */
  flooding(): number;
};

type Flood = { startedAt: number; lastDropAt: number; dropped: number };
type Bucket = { tokens: number; at: number; flood?: Flood };

export function createFloodGuard(options: {
  perSecond: number;
  burst: number;
  quietMs: number;
  onFloodStart(start: FloodStart): void;
  onFloodEnd(end: FloodEnd): void;
}): FloodGuard {
  const { perSecond, burst, quietMs } = options;
  const buckets = new Map<string, Bucket>();

  function refill(bucket: Bucket, now: number): void {
    const elapsed = Math.max(0, now - bucket.at);
    bucket.tokens = Math.min(burst, bucket.tokens + (elapsed / 1000) * perSecond);
    bucket.at = now;
  }

  return {
    admit(key, now = Date.now()) {
      let bucket = buckets.get(key);
      if (!bucket) {
        bucket = { tokens: burst, at: now };
        buckets.set(key, bucket);
      } else refill(bucket, now);
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return true;
      }
      if (bucket.flood) {
        bucket.flood.dropped += 1;
        bucket.flood.lastDropAt = now;
      } else {
        bucket.flood = { startedAt: now, lastDropAt: now, dropped: 1 };
        options.onFloodStart({ key, at: new Date(now) });
      }
      return false;
    },
    sweep(now = Date.now()) {
      for (const [key, bucket] of buckets) {
        refill(bucket, now);
        const flood = bucket.flood;
        if (flood && now - flood.lastDropAt >= quietMs) {
          bucket.flood = undefined;
          options.onFloodEnd({ key, startedAt: new Date(flood.startedAt), endedAt: new Date(flood.lastDropAt), dropped: flood.dropped });
        }
        if (!bucket.flood && bucket.tokens >= burst) buckets.delete(key);
      }
    },
    size: () => buckets.size,
    flooding: () => [...buckets.values()].filter((bucket) => bucket.flood).length,
  };
}

/**
 * Warning lines for refused messages, at most one per key (locker and reason) per `intervalMs`:
 * the first is written at once, the ones after it are counted and summed up in one line when the
 * interval ends (`sweep`), so a terminal sending garbage cannot fill the log.
 */
export type LogThrottle = {
  /** true: write this line; false: it was counted for the summary. */
  admit(key: string, now?: number): boolean;
  /** Calls `summarize` for each key whose interval ended with lines held back, and starts over. */
  sweep(summarize: (key: string, held: number, since: Date) => void, now?: number): void;
};

export function createLogThrottle(intervalMs: number): LogThrottle {
  const windows = new Map<string, { since: number; held: number }>();
  return {
    admit(key, now = Date.now()) {
      const window = windows.get(key);
      if (!window) {
        windows.set(key, { since: now, held: 0 });
        return true;
      }
      window.held += 1;
      return false;
    },
    sweep(summarize, now = Date.now()) {
      for (const [key, window] of windows) {
        if (now - window.since < intervalMs) continue;
        windows.delete(key);
        if (window.held > 0) summarize(key, window.held, new Date(window.since));
      }
    },
  };
}
