import type { EventName } from '@ebox/domain';
import type { FastifyInstance } from 'fastify';
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
  /**
   * Registers the area's HTTP routes under the API prefix, loaded only by a process that serves
   * HTTP: `npm run worker` never loads Fastify or a route module.
   */
  routes?: () => Promise<RouteRegistrar>;
};

export type RouteRegistrar = (api: FastifyInstance) => Promise<void> | void;

/** Every module's additions, gathered once: what AppDeps.modules answers. */
export type ModuleRegistry = EntityRules & {
  modules: readonly AppModule[];
  /** Every job of the console, in manifest order: a job missing here cannot be enqueued. */
  jobs: readonly AnyJob[];
  /** The durable handlers of each event, each a job (platform/events.ts publishes to them). */
  eventHandlers: ReadonlyMap<EventName, readonly AnyJob[]>;
};

/** Gathers manifests into one registry; a name two modules claim is a start-up error, not a silent override. */
export function composeModules(modules: readonly AppModule[]): ModuleRegistry {
  const policies = new Map<string, EntityPolicy>();
  const actions = new Map<string, EntityActionHandler>();
  const autocompleteSources = new Map<string, AutocompleteSource>();
  const labelSources = new Map<string, RecordLabelSource>();
  const jobs = new Map<string, AnyJob>();
  const eventHandlers = new Map<EventName, AnyJob[]>();
  for (const module of modules) {
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
  return { modules, policies, actions, autocompleteSources, labelSources, jobs: [...jobs.values()], eventHandlers };
}

function addAll<T>(into: Map<string, T>, entries: Record<string, T> | undefined, what: string): void {
  for (const [key, value] of Object.entries(entries ?? {})) {
    if (into.has(key)) throw new Error(`${what} ${key} is declared twice`);
    into.set(key, value);
  }
}
