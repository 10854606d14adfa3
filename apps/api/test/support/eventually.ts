/**
 * Polls `probe` until `accept` takes its answer (jobs run on their worker's time, not the request's):
 * resolves with that answer, or fails with the last one seen after `timeoutMs`.
 */
export async function eventually<T>(probe: () => Promise<T>, accept: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T;
  for (;;) {
    last = await probe();
    if (accept(last)) return last;
    if (Date.now() > deadline) throw new Error(`still not there after ${timeoutMs} ms: ${JSON.stringify(last)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A session that can run a query: a pg Pool, PoolClient or Client. */
type Queryable = { query<R extends object>(text: string, values?: unknown[]): Promise<{ rows: R[] }> };

/**
 * Resolves once another session waits on a lock `holder` holds (read through `observer`): the
 * request that session serves cannot answer before the holder lets go.
 */
export async function waitUntilBlocking(holder: Queryable, observer: Queryable): Promise<void> {
  const pid = (await holder.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]?.pid;
  await eventually(
    async () =>
      (await observer.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))', [pid]))
        .rows[0]?.n ?? 0,
    (waiting) => waiting > 0,
  );
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
