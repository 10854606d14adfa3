/**
 * Group commit for imports (issue 9, item 4). The console sends an import as one row per request,
 * ten in flight; each row in its own transaction cost five round trips to the database (BEGIN, the
 * names it gives, the insert, its audit row, COMMIT), and the round trips, not the work, set the
 * rate. Rows of one entity that arrive while a batch is being written wait for the next batch and
 * are then written together in one transaction: the names they give looked up in one query, the
 * rows inserted in one statement, their audit rows in another, one COMMIT. Nobody waits for a batch
 * to fill: an idle entity writes a lone row at once.
 *
 * Each row still gets the answer it would have had alone, whoever sent it: the batch only decides
 * how rows reach the database, never whether one is accepted (see the entity service's import).
 */

export type BatchJob<In, Out> = { input: In; resolve: (value: Out) => void; reject: (error: unknown) => void };

/**
 * Batches written at once: while one waits for the database, another is being prepared or
 * committed. More would only split the rows into smaller batches.
 */
const WRITERS = 2;

/** At most this many rows per transaction: a batch's locks and its audit statement stay small. */
const MAX_ROWS_PER_BATCH = 100;

/**
 * A queue that hands what arrived to `write` a batch at a time, one batch at a time; `write` settles
 * every job it is given (it must not throw: a job it leaves unsettled is rejected with its error).
 */
export function createBatchQueue<In, Out>(write: (jobs: BatchJob<In, Out>[]) => Promise<void>) {
  let waiting: BatchJob<In, Out>[] = [];
  let writers = 0;

  async function drain(): Promise<void> {
    try {
      while (waiting.length) {
        const jobs = waiting.slice(0, MAX_ROWS_PER_BATCH);
        waiting = waiting.slice(MAX_ROWS_PER_BATCH);
        await write(jobs).catch((error: unknown) => {
          for (const job of jobs) job.reject(error);
        });
      }
    } finally {
      writers--;
    }
  }

  return {
    submit(input: In): Promise<Out> {
      return new Promise<Out>((resolve, reject) => {
        waiting.push({ input, resolve, reject });
        // Rows sent in the same turn of the event loop join one batch; while every writer is busy,
        // later ones wait for the next.
        if (writers < WRITERS) {
          writers++;
          setImmediate(() => void drain());
        }
      });
    },
  };
}
