import type { EntityDeclaration } from '@ebox/domain';
import type { SQL } from 'drizzle-orm';
import { autocompleteUnits, labelUnits } from '../modules/building/unit-autocomplete';
import { clusterEboxPolicy, compartimentPolicy, eboxPolicy } from '../modules/ebox/policy';
import { orderPolicy } from '../modules/order/policy';
import { rolePolicy } from '../modules/role/policy';
import type { CompanyScope } from '../platform/access';
import type { ServiceContext, TxContext } from '../platform/context';
import type { Tx } from '../platform/db/client';
import type { Resource, Row } from './repository';

/**
 * Record-level rules of an entity, beyond its permissions and company scope (spec-given rules
 * only). The kit's service calls them inside the change's transaction, with the rows already
 * locked, whoever acts: a person, a job or a locker meets the same rules.
 */
export type EntityPolicy = {
  /** Before a create (`before` null) or an update is written; `data` is the validated input. */
  beforeWrite?: (ctx: TxContext, change: { before: Row | null; data: Record<string, unknown> }) => Promise<void> | void;
  /** After a new row is written (by a create or an import), in its transaction: what the entity records beside it. */
  afterCreate?: (ctx: TxContext, row: Row, how: 'create' | 'import') => Promise<void> | void;
  /** Before rows are deleted. */
  beforeDelete?: (ctx: TxContext, change: { rows: Row[] }) => Promise<void> | void;
  /** Before a list or an export runs: refuses a query the entity's rules do not allow (spec 5.3: orders' 31-day period). */
  beforeList?: (ctx: ServiceContext, query: { filter?: Record<string, unknown> }, kind: 'list' | 'export') => void;
  /**
   * A list's total the entity keeps itself for some filters (orders per status and company): an
   * expression reading it, then read in the page's own statement instead of counting; undefined
   * leaves the total to the kit.
   */
  maintainedTotal?: (query: { filter?: Record<string, unknown> }, scope: CompanyScope) => SQL | undefined;
};

/** One entry per entity that has rules; a plain import, so a worker process without routes has them too. */
const POLICIES: Record<string, EntityPolicy> = {
  role: rolePolicy,
  ebox: eboxPolicy,
  compartiment: compartimentPolicy,
  clusterEbox: clusterEboxPolicy,
  order: orderPolicy,
};

export function policyOf(entityName: string): EntityPolicy {
  return POLICIES[entityName] ?? {};
}

/**
 * The server side of an entity's declared action (`routes.actions` of its declaration): runs in the
 * transaction with the record locked (`before`); answers what the API returns (none: the record as
 * it is after the action). The kit audits the change under the action's name.
 */
export type EntityActionHandler = (
  ctx: TxContext,
  call: { entity: EntityDeclaration; resource: Resource; before: Row; data: unknown },
) => Promise<unknown>;

const ACTION_HANDLERS = new Map<string, EntityActionHandler>();

/** Called by the module that implements an action, at import time (a test may add its own). */
export function registerActionHandler(entityName: string, action: string, handler: EntityActionHandler): void {
  ACTION_HANDLERS.set(`${entityName}.${action}`, handler);
}

export function actionHandlerOf(entityName: string, action: string): EntityActionHandler | undefined {
  return ACTION_HANDLERS.get(`${entityName}.${action}`);
}

/**
 * An entity whose choices read differently from its label (spec-given): answers the autocomplete
 * call itself, with the same query, filter and caller scope the kit would use.
 */
export type AutocompleteSource = (
  db: Tx,
  query: { text: string | undefined; limit: number; filter: Record<string, unknown> | undefined; scope: CompanyScope },
) => Promise<{ id: string; label: string }[]>;

const AUTOCOMPLETE_SOURCES: Record<string, AutocompleteSource> = {
  buildingLevel2: autocompleteUnits,
};

export function autocompleteSourceOf(entityName: string): AutocompleteSource | undefined {
  return AUTOCOMPLETE_SOURCES[entityName];
}

/**
 * The labels an entity with its own autocomplete source presents its references with (a customer's
 * unit), read from the same place as its choices: a saved choice reads as the picker showed it.
 */
export type RecordLabelSource = (db: Tx, ids: string[], scope: CompanyScope) => Promise<Map<string, string>>;

const LABEL_SOURCES: Record<string, { labels: RecordLabelSource; notFrom?: string[] }> = {
  // A level 1 lists its own units: on its page the way up would only repeat it.
  buildingLevel2: { labels: labelUnits, notFrom: ['buildingLevel1'] },
};

/** `referrer`: the entity whose records hold the references (none: an audit entry, a label alone). */
export function labelSourceOf(entityName: string, referrer?: string): RecordLabelSource | undefined {
  const source = LABEL_SOURCES[entityName];
  return source && !(referrer && source.notFrom?.includes(referrer)) ? source.labels : undefined;
}
