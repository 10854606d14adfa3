import {
  EVENTS,
  type EventName,
  type EventPayload,
  LIVE_EVENTS,
  type LiveEvent,
  type LiveEventName,
  type SystemActorName,
} from '@ebox/domain';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ServiceContext, TxContext } from './context';
import { defineJob, type JobAttempt, type JobDeclaration } from './jobs/job';
import { enqueueJob, enqueueJobs } from './jobs/queue';
import type { EventRecorder } from './modules';

/**
 * After-commit domain events. A service publishes an event inside its transaction, beside its
 * audit row (`publishEvent(ctx, name, payload)`); nothing is delivered unless that transaction
 * commits:
 * - durable handlers (`declareEventHandler`) each get a job, enqueued in the same transaction, so a
 *   committed event reaches them even if the process dies right after, with the job's retries;
 * - in-transaction recorders (a module's `eventRecorders`) write what the event means for their
 *   area in the same transaction, in commit order (a webhook's deliveries);
 * - in-process listeners (`onEvent`, for live browser updates) are called once it has committed,
 *   through `ctx.afterCommit`; they are best effort (a crash in between skips them).
 * Names and payloads are declared once in packages/domain/src/events.ts.
 */

type EventHandler<N extends EventName> = (ctx: ServiceContext, payload: EventPayload<N>, attempt: JobAttempt) => Promise<void>;

/**
 * Declares a durable handler of an event: a job named `event.<event>.<handler>` acting as `actor`.
 * The module's manifest lists the returned job among its jobs; the registry (AppDeps.modules) then
 * knows it for every process before anything is published.
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
  return defineJob({
    name: `event.${event}.${handler.name}`,
    payload: EVENTS[event],
    actor: handler.actor,
    retry: handler.retry ?? { limit: 5, delaySeconds: 10 },
    concurrency: handler.concurrency,
    handler: handler.run,
    event,
  });
}

/** EVENTS seen as one schema per name, so a generic name finds its own payload's schema (TS follows a mapped type, not a lookup in the object's union). */
const PAYLOAD_SCHEMAS: { [N in EventName]: z.ZodType<EventPayload<N>> } = EVENTS;

function payloadSchemaOf<N extends EventName>(name: N): z.ZodType<EventPayload<N>> {
  return PAYLOAD_SCHEMAS[name];
}

/** Whether browsers receive this event (GET /live). */
export function isLiveEventName(name: string): name is LiveEventName {
  return LIVE_EVENTS.some((live) => live === name);
}

function liveEventOf<N extends LiveEventName>(name: N, payload: unknown): LiveEvent {
  // A name and the payload its own schema parsed are one member of the LiveEvent union, but TS
  // cannot relate the two through a generic name (a correlated union, microsoft/TypeScript#30581).
  return { name, payload: payloadSchemaOf(name).parse(payload) } as LiveEvent;
}

/** A live event read back from its NOTIFY: null when the name is none; throws when its schema refuses the payload. */
export function parseLiveEvent(name: unknown, payload: unknown): LiveEvent | null {
  return typeof name === 'string' && isLiveEventName(name) ? liveEventOf(name, payload) : null;
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

/** Runs the event's in-transaction recorders (platform/modules.ts EventRecorder), in manifest order. */
async function recordEvent<N extends EventName>(ctx: TxContext, name: N, payload: EventPayload<N>): Promise<void> {
  const recorders = ctx.deps.modules.eventRecorders.get(name) ?? [];
  // The map is keyed by the recorder's own event: each one of `name` takes `name`'s payload.
  for (const recorder of recorders as readonly EventRecorder<N>[]) await recorder.record(ctx, payload);
}

/** Publishes an event inside the caller's transaction (see above). The payload is checked here. */
export async function publishEvent<N extends EventName>(ctx: TxContext, name: N, payload: EventPayload<N>): Promise<void> {
  const checked = payloadSchemaOf(name).parse(payload);
  await recordEvent(ctx, name, checked);
  for (const job of ctx.deps.modules.eventHandlers.get(name) ?? []) await enqueueJob(ctx, job, checked);
  // Browsers may be connected to another API process: PostgreSQL delivers a NOTIFY to every
  // listener once (and only if) this transaction commits (platform/live/live-hub.ts).
  if (isLiveEventName(name)) {
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
  const schema = payloadSchemaOf(name);
  const checked = payloads.map((payload) => schema.parse(payload));
  for (const recorder of (ctx.deps.modules.eventRecorders.get(name) ?? []) as readonly EventRecorder<N>[]) {
    if (recorder.recordAll) await recorder.recordAll(ctx, checked);
    else for (const payload of checked) await recorder.record(ctx, payload);
  }
  for (const job of ctx.deps.modules.eventHandlers.get(name) ?? []) await enqueueJobs(ctx, job, checked);
  if (isLiveEventName(name)) {
    const texts = checked.map((payload) => JSON.stringify({ name, payload }));
    await ctx.tx.execute(sql`select pg_notify(${LIVE_CHANNEL}, text) from unnest(${sql.param(texts)}::text[]) as texts(text)`);
  }
  for (const listener of listeners.get(ctx.deps) ?? []) {
    for (const payload of checked) ctx.afterCommit.push(() => listener({ name, payload }));
  }
}
