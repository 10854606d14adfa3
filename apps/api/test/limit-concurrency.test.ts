import { describe, expect, it } from 'vitest';
import { limitConcurrency } from '../src/platform/limit-concurrency';

/**
 * limitConcurrency (platform/limit-concurrency.ts) guards the database pool from bursts (the
 * terminal link's transactions, the embedded broker's credential checks): one task too many
 * running is a burst the pool was meant to be spared, so the count is held exactly, task by task.
 */

type Held = { started: boolean; release(value: string): void; fail(error: Error): void };

/** Tasks that start when the limiter lets them and end only when the test says so. */
function heldTasks(count: number) {
  const held: Held[] = [];
  const startOrder: number[] = [];
  let running = 0;
  let most = 0;
  const tasks = Array.from({ length: count }, (_, index) => {
    let release!: (value: string) => void;
    let fail!: (error: Error) => void;
    const done = new Promise<string>((resolve, reject) => {
      release = resolve;
      fail = reject;
    });
    const entry: Held = { started: false, release, fail };
    held.push(entry);
    return async () => {
      entry.started = true;
      startOrder.push(index);
      running += 1;
      most = Math.max(most, running);
      try {
        return await done;
      } finally {
        running -= 1;
      }
    };
  });
  return { tasks, held, startOrder, running: () => running, most: () => most };
}

/** Lets the awaits between one task's end and the next one's start settle (promise jobs only, no timer). */
async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}

describe('limitConcurrency', () => {
  it('runs exactly `limit` tasks at once; each one that ends lets the next in line start, in arrival order', async () => {
    const limit = 3;
    const limited = limitConcurrency(limit);
    const { tasks, held, startOrder, running, most } = heldTasks(limit + 3);
    const results = tasks.map((task) => limited(task));
    await settle();
    expect(running()).toBe(limit);
    expect(startOrder).toEqual([0, 1, 2]);
    expect(held.map((entry) => entry.started)).toEqual([true, true, true, false, false, false]);

    // One ends: the first waiter, and only it, takes its place.
    held[1]?.release('r1');
    await settle();
    expect(startOrder).toEqual([0, 1, 2, 3]);
    expect(running()).toBe(limit);

    // A failing task frees its place too, and its caller gets its error.
    held[0]?.fail(new Error('the database refused'));
    await settle();
    expect(startOrder).toEqual([0, 1, 2, 3, 4]);
    expect(running()).toBe(limit);

    for (const index of [2, 3, 4, 5]) {
      held[index]?.release(`r${index}`);
      await settle();
      expect(running()).toBeLessThanOrEqual(limit);
    }
    expect(startOrder).toEqual([0, 1, 2, 3, 4, 5]);
    expect(most()).toBe(limit);
    const settled = await Promise.allSettled(results);
    expect(settled).toEqual([
      { status: 'rejected', reason: new Error('the database refused') },
      { status: 'fulfilled', value: 'r1' },
      { status: 'fulfilled', value: 'r2' },
      { status: 'fulfilled', value: 'r3' },
      { status: 'fulfilled', value: 'r4' },
      { status: 'fulfilled', value: 'r5' },
    ]);
    expect(running()).toBe(0);
  });

  it('frees every place once the burst is over: a later burst runs `limit` at once again', async () => {
    const limited = limitConcurrency(2);
    const first = heldTasks(3);
    const firstResults = first.tasks.map((task) => limited(task));
    await settle();
    for (const [index, entry] of first.held.entries()) {
      entry.release(`a${index}`);
      await settle();
    }
    expect(await Promise.all(firstResults)).toEqual(['a0', 'a1', 'a2']);

    const second = heldTasks(4);
    const secondResults = second.tasks.map((task) => limited(task));
    await settle();
    expect(second.running()).toBe(2);
    expect(second.startOrder).toEqual([0, 1]);
    for (const [index, entry] of second.held.entries()) {
      entry.release(`b${index}`);
      await settle();
      expect(second.running()).toBeLessThanOrEqual(2);
    }
    expect(await Promise.all(secondResults)).toEqual(['b0', 'b1', 'b2', 'b3']);
    expect(second.most()).toBe(2);
  });
});
