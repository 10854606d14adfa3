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

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
