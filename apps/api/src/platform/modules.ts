import type { EventName, EventPayload } from '@ebox/domain';
import type { FastifyInstance } from 'fastify';
import type { TxContext } from './context';
import type { AutocompleteSource, EntityActionHandler, EntityPolicy, EntityRules, RecordLabelSource } from './entity-rules';
import type { AnyJob } from './jobs/job';

/**
 * A module's manifest (`modules/<area>/index.ts`): everything the area adds to the console, in one
 * place. The composition root (src/composition.ts) gathers the manifests into one ModuleRegistry
 * that AppDeps carries; the kit and platform read the registry and never import a module.
 */
export type AppModule = {
  name: string;
  /** Rules of declared entities, keyed by entity name; actions by `entity.action`. */
  entities?: {
    policies?: Record<string, EntityPolicy>;
    actions?: Record<string, EntityActionHandler>;
    autocompleteSources?: Record<string, AutocompleteSource>;
    labelSources?: Record<string, RecordLabelSource>;
  };
  /** The area's jobs, durable event handlers (declareEventHandler) among them. */
  jobs?: readonly AnyJob[];
  /** What the area writes in the publishing transaction of an event (see EventRecorder). */
  eventRecorders?: readonly AnyEventRecorder[];
  /**
   * Registers the area's HTTP routes under the API prefix, loaded only by a process that serves
   * HTTP: `npm run worker` never loads Fastify or a route module.
   */
  routes?: () => Promise<RouteRegistrar>;
};

export type RouteRegistrar = (api: FastifyInstance) => Promise<void> | void;

/**
 * Writes what an event means for the area inside the transaction that publishes it, so the rows
 * exist exactly when the event does and in the order the events committed (a webhook's deliveries
 * of one order follow the order's own moves). For a few quick statements only: it runs in the
 * publisher's transaction; slow or outside work belongs to a durable handler (a job).
 */
export type EventRecorder<N extends EventName> = {
  event: N;
  name: string;
  record: (ctx: TxContext, payload: EventPayload<N>) => Promise<void>;
  /**
   * The same for many records published together (publishEvents: thousands of lockers online in one
   * heartbeat batch), in a few statements instead of one set per record. Without it, `record` runs
   * for each.
   */
  recordAll?: (ctx: TxContext, payloads: readonly EventPayload<N>[]) => Promise<void>;
};
export type AnyEventRecorder = { [N in EventName]: EventRecorder<N> }[EventName];

/** Declares a recorder of `event` (typed by its payload), for a manifest's `eventRecorders`. */
export function declareEventRecorder<N extends EventName>(recorder: EventRecorder<N>): EventRecorder<N> {
  return recorder;
}

/** Every module's additions, gathered once: what AppDeps.modules answers. */
export type ModuleRegistry = EntityRules & {
  modules: readonly AppModule[];
  /** Every job of the console, in manifest order: a job missing here cannot be enqueued. */
  jobs: readonly AnyJob[];
  /** The durable handlers of each event, each a job (platform/events.ts publishes to them). */
  eventHandlers: ReadonlyMap<EventName, readonly AnyJob[]>;
  /** The in-transaction recorders of each event. */
  eventRecorders: ReadonlyMap<EventName, readonly AnyEventRecorder[]>;
};

/** Gathers manifests into one registry; a name two modules claim is a start-up error, not a silent override. */
export function composeModules(modules: readonly AppModule[]): ModuleRegistry {
  const policies = new Map<string, EntityPolicy>();
  const actions = new Map<string, EntityActionHandler>();
  const autocompleteSources = new Map<string, AutocompleteSource>();
  const labelSources = new Map<string, RecordLabelSource>();
  const jobs = new Map<string, AnyJob>();
  const eventHandlers = new Map<EventName, AnyJob[]>();
  const eventRecorders = new Map<EventName, AnyEventRecorder[]>();
  for (const module of modules) {
    for (const recorder of module.eventRecorders ?? []) {
      eventRecorders.set(recorder.event, [...(eventRecorders.get(recorder.event) ?? []), recorder]);
    }
    addAll(policies, module.entities?.policies, `${module.name}: policy`);
    addAll(actions, module.entities?.actions, `${module.name}: action`);
    addAll(autocompleteSources, module.entities?.autocompleteSources, `${module.name}: autocomplete source`);
    addAll(labelSources, module.entities?.labelSources, `${module.name}: label source`);
    for (const job of module.jobs ?? []) {
      if (jobs.has(job.name)) throw new Error(`${module.name}: job ${job.name} is declared twice`);
      jobs.set(job.name, job);
      if (job.event) eventHandlers.set(job.event, [...(eventHandlers.get(job.event) ?? []), job]);
    }
  }
  return { modules, policies, actions, autocompleteSources, labelSources, jobs: [...jobs.values()], eventHandlers, eventRecorders };
}

function addAll<T>(into: Map<string, T>, entries: Record<string, T> | undefined, what: string): void {
  for (const [key, value] of Object.entries(entries ?? {})) {
    if (into.has(key)) throw new Error(`${what} ${key} is declared twice`);
    into.set(key, value);
  }
}
