import { EVENTS, type EventName, type EventPayload, LIVE_EVENTS, type SystemActorName } from '@ebox/domain';
import { sql } from 'drizzle-orm';
import type { ServiceContext, TxContext } from './context';
import { defineJob, type JobAttempt, type JobDeclaration } from './jobs/job';
import { enqueueJob, enqueueJobs } from './jobs/queue';

/**
 * After-commit domain events. A service publishes an event inside its transaction, beside its
 * audit row (`publishEvent(ctx, name, payload)`); nothing is delivered unless that transaction
 * commits:
 * - durable handlers (`declareEventHandler`) each get a job, enqueued in the same transaction, so a
 *   committed event reaches them even if the process dies right after, with the job's retries;
 * - in-process listeners (`onEvent`, for live browser updates) are called once it has committed,
 *   through `ctx.afterCommit`; they are best effort (a crash in between skips them).
 * Names and payloads are declared once in packages/domain/src/events.ts.
 */

type EventHandler<N extends EventName> = (ctx: ServiceContext, payload: EventPayload<N>, attempt: JobAttempt) => Promise<void>;

const durableHandlers = new Map<EventName, JobDeclaration[]>();

/**
 * Declares a durable handler of an event: a job named `event.<event>.<handler>` acting as `actor`.
 * Call it at module level of a file the job registry (platform/jobs/registry.ts) imports, so every
 * process knows it before anything is published; the returned job goes into JOBS.
 */
export function declareEventHandler<N extends EventName>(
  event: N,
  handler: {
    name: string;
    actor: SystemActorName;
    retry?: JobDeclaration['retry'];
    concurrency?: JobDeclaration['concurrency'];
    /** Lazily loaded, as every job handler. */
    run: () => Promise<EventHandler<N>>;
  },
): JobDeclaration {
  const job = defineJob({
    name: `event.${event}.${handler.name}`,
    payload: EVENTS[event],
    actor: handler.actor,
    retry: handler.retry ?? { limit: 5, delaySeconds: 10 },
    concurrency: handler.concurrency,
    handler: handler.run as JobDeclaration['handler'],
  });
  durableHandlers.set(event, [...(durableHandlers.get(event) ?? []).filter((other) => other.name !== job.name), job]);
  return job;
}

/** The NOTIFY channel of the events pushed to browsers (GET /live). */
export const LIVE_CHANNEL = 'ebox_live';

type Listener = (event: { name: EventName; payload: unknown }) => void | Promise<void>;
const listeners = new WeakMap<ServiceContext['deps'], Set<Listener>>();

/** Calls `listener` after each commit that published an event in this app; answers how to stop. */
export function onEvent(deps: ServiceContext['deps'], listener: Listener): () => void {
  const set = listeners.get(deps) ?? new Set<Listener>();
  set.add(listener);
  listeners.set(deps, set);
  return () => set.delete(listener);
}

/** Publishes an event inside the caller's transaction (see above). The payload is checked here. */
export async function publishEvent<N extends EventName>(ctx: TxContext, name: N, payload: EventPayload<N>): Promise<void> {
  const checked = EVENTS[name].parse(payload) as EventPayload<N>;
  for (const job of durableHandlers.get(name) ?? []) await enqueueJob(ctx, job, checked);
  // Browsers may be connected to another API process: PostgreSQL delivers a NOTIFY to every
  // listener once (and only if) this transaction commits (platform/live/live-hub.ts).
  if ((LIVE_EVENTS as readonly string[]).includes(name)) {
    await ctx.tx.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify({ name, payload: checked })})`);
  }
  // one callback per listener: a listener that throws is logged and the others still run
  for (const listener of listeners.get(ctx.deps) ?? []) ctx.afterCommit.push(() => listener({ name, payload: checked }));
}

/**
 * The same event for many records in the caller's transaction, as publishEvent for each but in a
 * few statements: one job INSERT per durable handler and one NOTIFY statement for them all.
 */
export async function publishEvents<N extends EventName>(ctx: TxContext, name: N, payloads: readonly EventPayload<N>[]): Promise<void> {
  if (payloads.length <= 1) {
    for (const payload of payloads) await publishEvent(ctx, name, payload);
    return;
  }
  const checked = payloads.map((payload) => EVENTS[name].parse(payload) as EventPayload<N>);
  for (const job of durableHandlers.get(name) ?? []) await enqueueJobs(ctx, job, checked);
  if ((LIVE_EVENTS as readonly string[]).includes(name)) {
    const texts = checked.map((payload) => JSON.stringify({ name, payload }));
    await ctx.tx.execute(sql`select pg_notify(${LIVE_CHANNEL}, text) from unnest(${sql.param(texts)}::text[]) as texts(text)`);
  }
  for (const listener of listeners.get(ctx.deps) ?? []) {
    for (const payload of checked) ctx.afterCommit.push(() => listener({ name, payload }));
  }
}
