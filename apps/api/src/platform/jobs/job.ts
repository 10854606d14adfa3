import type { EventName, SystemActorName } from '@ebox/domain';
import type { z } from 'zod';
import type { ServiceContext } from '../context';

/** Which run of a job this is: a handler records attempts and knows when no retry will follow. */
export type JobAttempt = { jobId: string; number: number; last: boolean };

/** Declared with method syntax so a handler of a narrower payload still counts as a job's handler. */
type Handler<P> = { run(ctx: ServiceContext, payload: P, attempt: JobAttempt): Promise<void> }['run'];

/**
 * A declared job: its queue name, the payload it accepts (checked when enqueued and again when run),
 * the system actor it acts as (its rights are declared in packages/domain/src/actors.ts), how it
 * retries, and its handler, loaded only when a worker first runs it so neither the API's start-up
 * nor a process that only enqueues pays for the handler's imports. A `schedule` makes it a cron job.
 */
export type JobDeclaration<S extends z.ZodType = z.ZodType> = {
  name: string;
  payload: S;
  actor: SystemActorName;
  /** Attempts after the first (`limit`), the first retry's delay, doubled (with jitter) each time. */
  retry: { limit: number; delaySeconds: number };
  /**
   * 'stately': at most one queued and one running job per `singletonKey` (EnqueueOptions): a burst of
   * enqueues for one key while one waits is that one job, which reads the state when it runs.
   */
  policy?: 'stately';
  /**
   * How many of its jobs one worker runs side by side, fetched together (1 by default). For jobs that
   * mostly wait on someone else (a terminal's answer): a backlog of thousands (a whole network coming
   * back online) drains in a minute instead of ten, and one fetch, which sorts the queue's waiting
   * jobs, serves that many. Each job still completes, retries or fails on its own. Past 4 they
   * are fetched by several loops (worker.ts fetchShapeOf).
   */
  concurrency?: number;
  /**
   * Each of the `concurrency` places fetches its own job, one at a time, instead of batches of up to
   * 4 that end with their slowest job: for jobs that sleep a long while (a WhatsApp send waiting for
   * its number's slot a second ahead, bot.send), which in a batch held three finished places idle.
   */
  fetchOneAtATime?: boolean;
  /** A run still active after this long counts as failed (a worker died): 15 minutes by default. */
  expireInSeconds?: number;
  /** Cron (5 fields, UTC) and the payload each run gets; one run per tick across all workers. */
  schedule?: { cron: string; payload: z.input<S> };
  handler: () => Promise<Handler<z.output<S>>>;
  /** A durable handler of this event (platform/events.ts declareEventHandler): publishing it enqueues this job. */
  event?: EventName;
};

export type AnyJob = JobDeclaration<any>;

/**
 * The handler's module is loaded on the first run and kept: an `import()` per run is a trip through
 * the module loader's hooks (a message to their thread under tsx), 1.4 s of the API's main thread
 * in the bot bench's 40 s at 100 jobs a second. A failed load is tried again on the next run.
 */
export function defineJob<S extends z.ZodType>(job: JobDeclaration<S>): JobDeclaration<S> {
  let loaded: Promise<Handler<z.output<S>>> | undefined;
  const loadHandler = () => {
    loaded ??= job.handler().catch((error: unknown) => {
      loaded = undefined;
      throw error;
    });
    return loaded;
  };
  return { ...job, handler: loadHandler };
}
