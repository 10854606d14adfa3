import type { EntityDeclaration } from '@ebox/domain';
import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { CompanyScope } from './access';
import type { ServiceContext, TxContext } from './context';
import type { Tx } from './db/client';

/**
 * The shapes of what a module adds to a declared entity (its manifest's `entities`), read by the
 * kit through AppDeps.modules: the kit serves every entity and never imports the module that has
 * rules for one.
 */

/** A declared entity's table and its columns by field name. */
export type Resource = { entity: EntityDeclaration; table: PgTable; columns: Record<string, PgColumn> };

/**
 * A row as read from a kit table: the id, the declared fields as stored (relations as ids; see
 * `EntityRow` in packages/domain for a declaration's own row type) and the timestamps.
 */
export type Row = Record<string, unknown> & { id: string };

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
  /**
   * After a create (not an import), in its transaction: values added to the create's answer and
   * never shown again (a webhook's signing secret).
   */
  shownOnceOnCreate?: (ctx: TxContext, row: Row) => Promise<Record<string, string>>;
  /** Before rows are deleted. */
  beforeDelete?: (ctx: TxContext, change: { rows: Row[] }) => Promise<void> | void;
  /** Before a list or an export runs: refuses a query the entity's rules do not allow (spec 5.3: orders' 31-day period). */
  beforeList?: (ctx: ServiceContext, query: { filter?: Record<string, unknown>; orderBy?: string }, kind: 'list' | 'export') => void;
  /**
   * A list's total the entity keeps itself for some filters (orders per status and company): an
   * expression reading it, then read in the page's own statement instead of counting; undefined
   * leaves the total to the kit.
   */
  maintainedTotal?: (query: { filter?: Record<string, unknown> }, scope: CompanyScope) => SQL | undefined;
  /**
   * Whether the caller sees the secret fields (see TextField.secret) of this one record: its
   * record answer (GET /{path}/{id}, create, update, actions). Lists, imports and exports never
   * show them. Without it, nobody sees them.
   */
  revealSecrets?: (ctx: ServiceContext, row: Row) => boolean;
};

/**
 * The server side of an entity's declared action (`routes.actions` of its declaration): runs in the
 * transaction with the record locked (`before`); answers what the API returns (none: the record as
 * it is after the action). The kit audits the change under the action's name, unless the handler
 * says it audits itself (`auditsItself`: an order move writes the order's own audit row).
 */
export type EntityActionHandler = {
  run: (ctx: TxContext, call: { entity: EntityDeclaration; resource: Resource; before: Row; data: unknown }) => Promise<unknown>;
  auditsItself?: boolean;
};

/**
 * An entity whose choices read differently from its label (spec-given): answers the autocomplete
 * call itself, with the same query, filter and caller scope the kit would use.
 */
export type AutocompleteSource = (
  db: Tx,
  query: { text: string | undefined; limit: number; filter: Record<string, unknown> | undefined; scope: CompanyScope },
) => Promise<{ id: string; label: string }[]>;

/**
 * The labels an entity with its own autocomplete source presents its references with (a customer's
 * unit), read from the same place as its choices: a saved choice reads as the picker showed it.
 * `notFrom`: entities whose records read the label the kit's way (a level 1 lists its own units).
 */
export type RecordLabelSource = {
  labels: (db: Tx, ids: string[], scope: CompanyScope) => Promise<Map<string, string>>;
  notFrom?: string[];
};

/** What a module adds to declared entities, each keyed by entity name (actions by `entity.action`). */
export type EntityRules = {
  policies: ReadonlyMap<string, EntityPolicy>;
  actions: ReadonlyMap<string, EntityActionHandler>;
  autocompleteSources: ReadonlyMap<string, AutocompleteSource>;
  labelSources: ReadonlyMap<string, RecordLabelSource>;
};

const NO_POLICY: EntityPolicy = {};

export function policyOf(rules: EntityRules, entityName: string): EntityPolicy {
  return rules.policies.get(entityName) ?? NO_POLICY;
}

export function actionHandlerOf(rules: EntityRules, entityName: string, action: string): EntityActionHandler | undefined {
  return rules.actions.get(`${entityName}.${action}`);
}

export function autocompleteSourceOf(rules: EntityRules, entityName: string): AutocompleteSource | undefined {
  return rules.autocompleteSources.get(entityName);
}

/** `referrer`: the entity whose records hold the references (none: an audit entry, a label alone). */
export function labelSourceOf(rules: EntityRules, entityName: string, referrer?: string): RecordLabelSource['labels'] | undefined {
  const source = rules.labelSources.get(entityName);
  return source && !(referrer && source.notFrom?.includes(referrer)) ? source.labels : undefined;
}
