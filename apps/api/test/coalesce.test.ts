import { describe, expect, it } from 'vitest';
import { createCoalescer } from '../src/kit/coalesce';

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
