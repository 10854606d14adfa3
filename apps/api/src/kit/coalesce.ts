import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';

/**
 * Request coalescing for costly reads that many callers ask at once (the home dashboard: every
 * operator of a network opens it in the morning, and it reads again on each live change). Callers
 * asking the same key share one computation, with one rule that keeps reads fresh: a caller only
 * joins a computation that starts after it asked. While one runs, later callers wait for the next
 * one, which starts when the running one ends and serves all of them; so every answer reflects
 * everything committed before its caller asked, and N callers at once cost at most two computations.
 */
export type Coalescer<T> = (key: string, compute: () => Promise<T>) => Promise<T>;

type Lane<T> = { running: boolean; next: { promise: Promise<T>; start: () => void } | null };

export function createCoalescer<T>(): Coalescer<T> {
  const lanes = new Map<string, Lane<T>>();

  const finish = (key: string, lane: Lane<T>) => {
    const next = lane.next;
    lane.next = null;
    if (next) next.start();
    else {
      lane.running = false;
      lanes.delete(key);
    }
  };

  const launch = (key: string, lane: Lane<T>, compute: () => Promise<T>): Promise<T> => {
    lane.running = true;
    const promise = compute();
    // The next computation starts whether this one answered or failed.
    promise.then(
      () => finish(key, lane),
      () => finish(key, lane),
    );
    return promise;
  };

  return (key, compute) => {
    let lane = lanes.get(key);
    if (!lane) {
      lane = { running: false, next: null };
      lanes.set(key, lane);
    }
    if (!lane.running) return launch(key, lane, compute);
    if (lane.next) return lane.next.promise;
    const current = lane;
    let start = () => {};
    const promise = new Promise<T>((resolve, reject) => {
      start = () => launch(key, current, compute).then(resolve, reject);
    });
    lane.next = { promise, start };
    return promise;
  };
}

/**
 * Answers kept for a while after their reading, each with the token its freshness is checked by (the
 * dashboard: the reading's snapshot). `find` serves a kept answer before its `expiresAt` when
 * `isUnchanged(token)` says so; the callers asking the same key at once share one check, started
 * after they asked, as they share readings. At most `limit` answers are kept, the oldest dropped first.
 */
export type Keeper<T> = {
  find(key: string, isUnchanged: (token: string) => Promise<boolean>): Promise<T | undefined>;
  keep(key: string, kept: { value: T; token: string; readAt: number; expiresAt: number }): void;
};

export function createKeeper<T>(limit = 1000): Keeper<T> {
  const answers = new Map<string, { value: T; token: string; readAt: number; expiresAt: number }>();
  const checks = createCoalescer<boolean>();
  return {
    async find(key, isUnchanged) {
      const entry = answers.get(key);
      if (!entry) return undefined;
      if (Date.now() >= entry.expiresAt) {
        answers.delete(key);
        return undefined;
      }
      const unchanged = await checks(`${key} ${entry.token}`, () => isUnchanged(entry.token));
      return unchanged ? entry.value : undefined;
    },
    keep(key, kept) {
      // A slower reading that started earlier never replaces a newer one.
      if ((answers.get(key)?.readAt ?? Number.NEGATIVE_INFINITY) > kept.readAt) return;
      answers.delete(key);
      answers.set(key, kept);
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
