import { describe, expect, it, vi } from 'vitest';
import { createCoalescer, createKeeper } from '../src/kit/coalesce';

/** A computation the test finishes by hand, counting how many were started. */
function startedReadings() {
  const finishers: ((value: number) => void)[] = [];
  return {
    compute: () =>
      new Promise<number>((resolve) => {
        finishers.push(resolve);
      }),
    get started() {
      return finishers.length;
    },
    finish(index: number, value: number) {
      finishers[index]?.(value);
    },
  };
}

describe('request coalescing (kit/coalesce.ts: the dashboard read by many at once)', () => {
  it('shares one reading among callers who asked while another ran, and never serves a reading started before the call', async () => {
    const coalesced = createCoalescer<number>();
    const readings = startedReadings();
    const first = coalesced('k', readings.compute);
    // Asked while the first runs: they must not get its answer (it may predate their writes).
    const second = coalesced('k', readings.compute);
    const third = coalesced('k', readings.compute);
    expect(readings.started).toBe(1);
    readings.finish(0, 1);
    expect(await first).toBe(1);
    // The next reading started only once the first ended, and serves both later callers.
    expect(readings.started).toBe(2);
    readings.finish(1, 2);
    expect([await second, await third]).toEqual([2, 2]);
    // Nothing running: the next caller starts its own.
    const fourth = coalesced('k', readings.compute);
    expect(readings.started).toBe(3);
    readings.finish(2, 3);
    expect(await fourth).toBe(3);
  });

  it('keeps different keys apart, and a failed reading fails only its own callers', async () => {
    const coalesced = createCoalescer<number>();
    let calls = 0;
    const failing = () => {
      calls += 1;
      return Promise.reject(new Error('database gone'));
    };
    const other = coalesced('other', async () => 7);
    await expect(coalesced('k', failing)).rejects.toThrow('database gone');
    expect(await other).toBe(7);
    // The lane is free again after the failure.
    expect(await coalesced('k', async () => 5)).toBe(5);
    expect(calls).toBe(1);
  });
});

describe('readings open until their snapshot (the dashboard: callers who ask before it is taken share it)', () => {
  it('lets callers join a reading until it seals, and sends later ones to the next reading', async () => {
    const coalesced = createCoalescer<number>({ openUntilSealed: true });
    const seals: (() => void)[] = [];
    const readings = startedReadings();
    const compute = (seal: () => void) => {
      seals.push(seal);
      return readings.compute();
    };
    const first = coalesced('k', compute);
    // Its connection and transaction still to come: the snapshot will be taken after this call.
    expect(coalesced.isOpen('k')).toBe(true);
    const joined = coalesced('k', compute);
    seals[0]?.();
    expect(coalesced.isOpen('k')).toBe(false);
    const later = coalesced('k', compute);
    expect(readings.started).toBe(1);
    readings.finish(0, 1);
    expect([await first, await joined]).toEqual([1, 1]);
    expect(readings.started).toBe(2);
    readings.finish(1, 2);
    expect(await later).toBe(2);
  });

  it("gathers a busy key's burst as large as the last into one reading, waits at most gatherMs for a smaller one, and starts a key asked alone at once", async () => {
    vi.useFakeTimers();
    try {
      const coalesced = createCoalescer<number>({ openUntilSealed: true, gatherMs: 10 });
      let started = 0;
      const finishers: (() => void)[] = [];
      const compute = async (seal: () => void) => {
        started += 1;
        const reading = started;
        seal();
        await new Promise<void>((resolve) => finishers.push(resolve));
        return reading;
      };
      const finishLast = async () => {
        finishers.shift()?.();
        await vi.advanceTimersByTimeAsync(0);
      };
      // Asked alone: no wait. Two more ask while it runs: they wait for the next reading.
      const first = coalesced('k', compute);
      expect(started).toBe(1);
      const waiting = [coalesced('k', compute), coalesced('k', compute)];
      await finishLast();
      expect(await first).toBe(1);
      // Three asked during the first reading, two waited: the next one waits, open, for a third caller…
      expect(started).toBe(1);
      await vi.advanceTimersByTimeAsync(2);
      const third = coalesced('k', compute);
      // …and starts as it asks, not at the end of the 10 ms.
      await vi.advanceTimersByTimeAsync(0);
      expect(started).toBe(2);
      await finishLast();
      expect(await Promise.all([...waiting, third])).toEqual([2, 2, 2]);
      // A smaller burst (one caller of the three) waits the whole 10 ms, then starts.
      const alone = coalesced('k', compute);
      await vi.advanceTimersByTimeAsync(9);
      expect(started).toBe(2);
      await vi.advanceTimersByTimeAsync(1);
      expect(started).toBe(3);
      await finishLast();
      expect(await alone).toBe(3);
      // The last reading had one caller: one caller asking again starts at once.
      const again = coalesced('k', compute);
      expect(started).toBe(4);
      await finishLast();
      expect(await again).toBe(4);
      // A second later the key is quiet again.
      await vi.advanceTimersByTimeAsync(1000);
      const quiet = coalesced('k', compute);
      expect(started).toBe(5);
      await finishLast();
      expect(await quiet).toBe(5);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('kept answers (kit/coalesce.ts: a dashboard served again while nothing it read changed)', () => {
  /** An answer whose check counts its calls and answers what `unchanged` says at the time. */
  const answer = (value: number, readAt: number, options: { expiresAt?: number; refreshAt?: number } = {}) => {
    const checks = { count: 0, unchanged: true };
    const kept = {
      value,
      readAt,
      expiresAt: options.expiresAt ?? Date.now() + 60_000,
      refreshAt: options.refreshAt,
      isUnchanged: async () => {
        checks.count += 1;
        return checks.unchanged;
      },
    };
    return { kept, checks };
  };

  it('serves a kept answer only while its check says nothing changed, and only before it expires', async () => {
    const keeper = createKeeper<number>();
    expect(await keeper.find('k')).toBeUndefined();
    const first = answer(1, 1);
    keeper.keep('k', first.kept);
    expect(await keeper.find('k')).toEqual({ value: 1, due: false });
    first.checks.unchanged = false;
    expect(await keeper.find('k')).toBeUndefined();
    expect(first.checks.count).toBe(2);
    // Expired: not even checked.
    const expired = answer(2, 2, { expiresAt: Date.now() - 1 });
    keeper.keep('k', expired.kept);
    expect(await keeper.find('k')).toBeUndefined();
    expect(expired.checks.count).toBe(0);
  });

  it('past its refresh time, still serves the answer and tells one caller only that it is due, until a newer reading is kept', async () => {
    const keeper = createKeeper<number>();
    keeper.keep('k', answer(1, 1, { refreshAt: Date.now() - 1 }).kept);
    expect(await keeper.find('k')).toEqual({ value: 1, due: true });
    expect(await keeper.find('k')).toEqual({ value: 1, due: false });
    // The refresh's reading replaces it, and is due in its turn.
    keeper.keep('k', answer(2, 2, { refreshAt: Date.now() - 1 }).kept);
    expect(await keeper.find('k')).toEqual({ value: 2, due: true });
    // A change is never served, due or not.
    const changed = answer(3, 3, { refreshAt: Date.now() - 1 });
    changed.checks.unchanged = false;
    keeper.keep('k', changed.kept);
    expect(await keeper.find('k')).toBeUndefined();
  });

  it('never lets an older reading replace a newer one, shares one check among callers at once, and keeps at most its limit', async () => {
    const keeper = createKeeper<number>(2);
    let checks = 0;
    let release = (_: boolean) => {};
    const isUnchanged = () => {
      checks += 1;
      return new Promise<boolean>((resolve) => {
        release = resolve;
      });
    };
    keeper.keep('k', { value: 2, readAt: 200, expiresAt: Date.now() + 60_000, isUnchanged });
    keeper.keep('k', answer(1, 100).kept);
    const first = keeper.find('k');
    const second = keeper.find('k');
    // The first check started before the second caller asked: it waits for its own, started next.
    await Promise.resolve();
    release(true);
    expect((await first)?.value).toBe(2);
    await Promise.resolve();
    release(true);
    expect((await second)?.value).toBe(2);
    expect(checks).toBe(2);
    keeper.keep('a', answer(3, 300).kept);
    keeper.keep('b', answer(4, 400).kept);
    // 'k' was the oldest kept: dropped.
    expect(await keeper.find('k')).toBeUndefined();
    expect((await keeper.find('b'))?.value).toBe(4);
  });
});
