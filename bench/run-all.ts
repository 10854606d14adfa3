/** Runs `work(i)` for i in [0, count) with `concurrency` in flight; answers the elapsed seconds. */
export async function runAll(count: number, concurrency: number, work: (i: number) => Promise<void>): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next;
        next += 1;
        await work(i);
      }
    }),
  );
  return (performance.now() - started) / 1000;
}
