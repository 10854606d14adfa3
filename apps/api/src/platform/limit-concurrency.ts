/**
 * Runs at most `limit` of the given tasks at once; the others wait here, in the order they came.
 * For bursts that would otherwise all wait on the database pool (where a wait longer than its
 * connection time-out fails, and people's requests queue behind the burst).
 */
export function limitConcurrency(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  const waiters: (() => void)[] = [];
  let running = 0;
  return async (task) => {
    if (running >= limit) await new Promise<void>((resolve) => waiters.push(resolve));
    else running += 1;
    try {
      return await task();
    } finally {
      // The place passes straight to the next waiter, or is freed.
      const next = waiters.shift();
      if (next) next();
      else running -= 1;
    }
  };
}
