import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';

/**
 * Request coalescing for costly reads that many callers ask at once (the home dashboard: every
 * operator of a network opens it in the morning, and it reads again on each live change). Callers
 * asking the same key share one computation, with one rule that keeps reads fresh: a caller only
 * joins a computation that reads after it asked. While one runs, later callers wait for the next
 * one, which starts when the running one ends and serves all of them; so every answer reflects
 * everything committed before its caller asked, and N callers at once cost at most two computations.
 *
 * With `openUntilSealed`, a computation is joined until it calls `seal`, which it does just before
 * it takes its snapshot (the dashboard's first statement): callers who ask while it still waits for
 * its connection and transaction are served by it rather than by the next one. Without it, a
 * computation is sealed as it starts.
 *
 * With `gatherMs` as well, a computation of a key that is busy (one ended within the last second, or
 * callers waited for this one) waits, open, for as many callers as asked during the last one, and at
 * most `gatherMs`. Callers of a busy key come in bursts (the pages a live change refreshes, the
 * callers a reading has just answered asking again): one computation then serves the burst, where
 * without it the burst split in two and each half waited for the other's computation, twice the
 * time. A burst as large as the last starts once its last caller asks; a key asked alone, at once.
 */
export type Coalescer<T> = {
  (key: string, compute: (seal: () => void) => Promise<T>): Promise<T>;
  /** Whether a caller of `key` asking now would join a running computation (one not yet sealed). */
  isOpen(key: string): boolean;
};

/**
 * A computation: `callers` joined it; `asked` callers asked while it ran (joined or waiting for the
 * next one), the burst the next one expects; `gathered` starts it before its wait ends.
 */
type Running<T> = { promise: Promise<T>; open: boolean; callers: number; asked: number; gathered: (() => void) | null };
type Lane<T> = { running: Running<T> | null; next: { promise: Promise<T>; start: (callers: number) => void; callers: number } | null };

/** How long after its last computation a key counts as busy. */
const BUSY_MS = 1000;

export function createCoalescer<T>(options: { openUntilSealed?: boolean; gatherMs?: number } = {}): Coalescer<T> {
  const lanes = new Map<string, Lane<T>>();
  // When each key's last computation ended and how many asked during it, oldest first; only those within BUSY_MS matter.
  const ended = new Map<string, { at: number; asked: number }>();

  const finish = (key: string, lane: Lane<T>, running: Running<T>) => {
    const next = lane.next;
    lane.next = null;
    lane.running = null;
    const now = Date.now();
    ended.delete(key);
    ended.set(key, { at: now, asked: running.asked });
    for (const [oldKey, { at }] of ended) {
      if (now - at < BUSY_MS) break;
      ended.delete(oldKey);
    }
    if (next) next.start(next.callers);
    else lanes.delete(key);
  };

  const launch = (key: string, lane: Lane<T>, compute: (seal: () => void) => Promise<T>, waited: number): Promise<T> => {
    const callers = Math.max(waited, 1);
    const running: Running<T> = {
      promise: Promise.resolve() as Promise<T>,
      open: Boolean(options.openUntilSealed),
      callers,
      asked: callers,
      gathered: null,
    };
    const seal = () => {
      running.open = false;
    };
    lane.running = running;
    // A key is busy while its last computation ended within BUSY_MS (always so for callers who waited).
    const last = ended.get(key);
    const expected = last && Date.now() - last.at < BUSY_MS ? last.asked : 0;
    const gatherMs = running.open && callers < expected ? (options.gatherMs ?? 0) : 0;
    if (gatherMs > 0) {
      const gathered = new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, gatherMs);
        running.gathered = () => {
          if (running.callers < expected) return;
          clearTimeout(timer);
          resolve();
        };
      });
      running.promise = gathered.then(() => {
        running.gathered = null;
        return compute(seal);
      });
    } else running.promise = compute(seal);
    // The next computation starts whether this one answered or failed.
    running.promise.then(
      () => finish(key, lane, running),
      () => finish(key, lane, running),
    );
    return running.promise;
  };

  const coalesced = (key: string, compute: (seal: () => void) => Promise<T>) => {
    let lane = lanes.get(key);
    if (!lane) {
      lane = { running: null, next: null };
      lanes.set(key, lane);
    }
    const running = lane.running;
    if (!running) return launch(key, lane, compute, 0);
    running.asked += 1;
    if (running.open) {
      running.callers += 1;
      running.gathered?.();
      return running.promise;
    }
    if (lane.next) {
      lane.next.callers += 1;
      return lane.next.promise;
    }
    const current = lane;
    let start = (_callers: number) => {};
    const promise = new Promise<T>((resolve, reject) => {
      start = (callers) => launch(key, current, compute, callers).then(resolve, reject);
    });
    lane.next = { promise, start, callers: 1 };
    return promise;
  };
  return Object.assign(coalesced, { isOpen: (key: string) => Boolean(lanes.get(key)?.running?.open) });
}

/**
 * Answers kept for a while after their reading, each with the check of its freshness (the dashboard:
 * nothing changed since the reading's snapshot). `find` serves a kept answer before its `expiresAt`
 * when its check says so; the callers asking the same key at once share one check, started after
 * they asked, as they share readings. At most `limit` answers are kept, the oldest dropped first.
 *
 * Past its `refreshAt`, a kept answer is still served, and the first caller served it is told it is
 * `due`: that caller starts the reading that replaces it, which nobody waits for. A key asked
 * without pause is then read again before its answer expires, and its callers never wait for a
 * reading but when something they see has changed (the dashboard: every second, the eight callers of
 * a key all waited for its reading, 40 to 60 ms beside a writer, four times a kept answer's time).
 */
export type Keeper<T> = {
  find(key: string): Promise<{ value: T; due: boolean } | undefined>;
  keep(key: string, kept: KeptAnswer<T>): void;
};

export type KeptAnswer<T> = { value: T; readAt: number; refreshAt?: number; expiresAt: number; isUnchanged: () => Promise<boolean> };

export function createKeeper<T>(limit = 1000): Keeper<T> {
  const answers = new Map<string, KeptAnswer<T> & { refreshAt: number; refreshing: boolean; id: number }>();
  const checks = createCoalescer<boolean>();
  let kept = 0;
  return {
    async find(key) {
      const entry = answers.get(key);
      if (!entry) return undefined;
      if (Date.now() >= entry.expiresAt) {
        answers.delete(key);
        return undefined;
      }
      if (!(await checks(`${key} ${entry.id}`, entry.isUnchanged))) return undefined;
      // One refresh per kept answer: the caller told is the one that starts it.
      const due = !entry.refreshing && Date.now() >= entry.refreshAt;
      if (due) entry.refreshing = true;
      return { value: entry.value, due };
    },
    keep(key, answer) {
      // A slower reading that started earlier never replaces a newer one.
      if ((answers.get(key)?.readAt ?? Number.NEGATIVE_INFINITY) > answer.readAt) return;
      answers.delete(key);
      kept += 1;
      answers.set(key, { ...answer, refreshAt: answer.refreshAt ?? answer.expiresAt, refreshing: false, id: kept });
      if (answers.size > limit) answers.delete(answers.keys().next().value as string);
    },
  };
}

/**
 * A route's serializer for answers that coalesced requests share: the 200 answer is checked against
 * its schema and written once per answer object, and the same text sent to every request that shares
 * it; other statuses as the app serializes them.
 */
export function sharedAnswerSerializerCompiler(): FastifySerializerCompiler<unknown> {
  return (route) => {
    const serialize = serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);
    if (route.httpStatus !== '200') return serialize;
    const written = new WeakMap<object, string>();
    return (data: unknown) => {
      if (typeof data !== 'object' || data === null) return serialize(data);
      let text = written.get(data);
      if (text === undefined) {
        text = serialize(data);
        written.set(data, text);
      }
      return text;
    };
  };
}
