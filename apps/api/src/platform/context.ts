import {
  hasPermission,
  type Language,
  type Permission,
  SYSTEM_ACTOR_RIGHTS,
  type SystemActorName,
  TERMINAL_PERMISSIONS,
} from '@ebox/domain';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from './app-deps';
import type { CurrentUser } from './auth/current-user';
import type { Db, Tx } from './db/client';
import { forbidden, unauthorized } from './errors';

/**
 * The service context: what every service call carries, whoever makes it (an HTTP route, an MQTT
 * handler, a job, the demo seed). Services never look at a request; they ask the context who acts,
 * what that actor may do and see, and which transaction to work in.
 */

/** Who acts. Every kind answers the same questions through `principalOf`. */
export type Actor =
  | { kind: 'user'; user: CurrentUser }
  | { kind: 'system'; name: SystemActorName; companyIds?: string[] | null }
  /**
   * A locker's terminal; `operator`: the person signed in at its screen whose session a report
   * carries (docs/terminal-people.md). The terminal's rights still decide; the person is who acted.
   */
  | {
      kind: 'terminal';
      eboxId: string;
      terminalId: string;
      companyId: string | null;
      operator?: { id: string; email: string };
    }
  /** Nobody signed in (sign-up, sign-in, password reset): may call only services meant for anyone. */
  | { kind: 'anonymous' };

/** What authorization needs of an actor, the same shape for people, the system and lockers. */
export type Principal = {
  /** The user id for people; null for the system and terminals (audit rows say who by `label`). */
  userId: string | null;
  /** An email for people, `system:<name>` or `terminal:<terminalId>` otherwise. */
  label: string;
  permissions: readonly Permission[];
  /** null: every company; otherwise the companies the actor may see and touch. */
  companyIds: string[] | null;
  /** The `distributionLogistic` companies among `companyIds`: they also operate the orders they carry. */
  operatorIds: string[];
  /** People with an unverified email pass only authenticated routes (spec 4.1). */
  verified: boolean;
};

export function principalOf(actor: Actor): Principal {
  switch (actor.kind) {
    case 'user':
      return {
        userId: actor.user.id,
        label: actor.user.email,
        permissions: actor.user.permissions,
        companyIds: actor.user.allowedCompanyIds.length ? actor.user.allowedCompanyIds : null,
        // An unlimited user already sees every order.
        operatorIds: actor.user.allowedCompanyIds.length ? actor.user.operatorCompanyIds : [],
        verified: actor.user.emailVerified,
      };
    case 'system':
      return {
        userId: null,
        label: `system:${actor.name}`,
        permissions: SYSTEM_ACTOR_RIGHTS[actor.name],
        companyIds: actor.companyIds ?? null,
        operatorIds: [],
        verified: true,
      };
    case 'anonymous':
      return { userId: null, label: 'anonymous', permissions: [], companyIds: [], operatorIds: [], verified: false };
    case 'terminal':
      return {
        userId: actor.operator?.id ?? null,
        label: actor.operator?.email ?? `terminal:${actor.terminalId}`,
        permissions: TERMINAL_PERMISSIONS,
        companyIds: actor.companyId ? [actor.companyId] : [],
        operatorIds: [],
        verified: true,
      };
  }
}

export type ServiceContext = {
  actor: Actor;
  language: Language;
  log: FastifyBaseLogger;
  deps: AppDeps;
  /** The open transaction when the caller composes several services in one; null otherwise. */
  tx: Tx | null;
  /** Run after the outermost transaction commits (events, live updates); dropped on rollback. */
  afterCommit: (() => Promise<void> | void)[];
  /**
   * A job's transactions commit without waiting for the write-ahead log's flush (jobs/worker.ts
   * runJob; docs/architecture.md "Jobs"): nobody is answered on the strength of them, and a crash
   * that loses one loses the job's completion with it, so the job runs again.
   */
  lazyCommit?: boolean;
};

/** The context of a call nobody is signed in for (sign-in, sign-up, a password reset). */
export function anonymousContext(deps: AppDeps, options: { language?: Language; log?: FastifyBaseLogger } = {}): ServiceContext {
  return contextOf(deps, { kind: 'anonymous' }, options);
}

/** A context inside an open transaction: what `inTransaction` hands its callback. */
export type TxContext = ServiceContext & { tx: Tx };

/** Reads go to the caller's transaction when there is one, so they see its uncommitted writes. */
export function dbOf(ctx: ServiceContext): Tx {
  return ctx.tx ?? ctx.deps.db;
}

/**
 * Runs reads that must agree with one another (a page and its total, a dashboard's figures) in one
 * snapshot: a read-only repeatable-read transaction, or the caller's own when it has one. Two
 * statements outside a transaction each see their own moment: a row that changed between them is
 * counted in the total but missing from the page.
 */
export function readInOneSnapshot<T>(ctx: ServiceContext, read: (tx: Tx) => Promise<T>): Promise<T> {
  return ctx.tx ? read(ctx.tx) : (ctx.deps.db as Db).transaction(read, { isolationLevel: 'repeatable read', accessMode: 'read only' });
}

/** Steps of a transaction `inTransaction` opened, run after its work, just before it commits. */
const beforeCommitSteps = new WeakMap<Tx, (() => Promise<void>)[]>();

/**
 * Runs `step` in the caller's transaction once its work is done, just before the commit (a step
 * that fails rolls the whole transaction back). False when the caller's transaction was not opened
 * by `inTransaction` (a context made by hand, or none): the caller then does the work at once.
 */
export function beforeCommit(ctx: Partial<Pick<ServiceContext, 'tx'>>, step: () => Promise<void>): boolean {
  const steps = ctx.tx ? beforeCommitSteps.get(ctx.tx) : undefined;
  if (!steps) return false;
  steps.push(step);
  return true;
}

/**
 * Runs `work` in the caller's transaction, or in a new one when the caller has none. Steps queued
 * with `beforeCommit` run after `work`, in that transaction; callbacks queued on `afterCommit` run
 * once the outermost transaction has committed, never after a rollback.
 */
export async function inTransaction<T>(ctx: ServiceContext, work: (ctx: TxContext) => Promise<T>): Promise<T> {
  if (ctx.tx) return work(ctx as TxContext);
  const afterCommit: ServiceContext['afterCommit'] = [];
  const result = await (ctx.deps.db as Db).transaction(async (tx) => {
    if (ctx.lazyCommit) await tx.execute(sql`SET LOCAL synchronous_commit TO off`);
    const steps: (() => Promise<void>)[] = [];
    beforeCommitSteps.set(tx, steps);
    try {
      const answer = await work({ ...ctx, tx, afterCommit });
      // A step may queue another: each runs, in the order queued.
      for (let step = steps.shift(); step; step = steps.shift()) await step();
      return answer;
    } finally {
      beforeCommitSteps.delete(tx);
    }
  });
  for (const callback of afterCommit) {
    try {
      await callback();
    } catch (error) {
      ctx.log.error({ err: error }, 'after-commit handler failed');
    }
  }
  return result;
}

export function contextOf(deps: AppDeps, actor: Actor, options: { language?: Language; log?: FastifyBaseLogger } = {}): ServiceContext {
  return { actor, deps, language: options.language ?? 'pt-BR', log: options.log ?? deps.log, tx: null, afterCommit: [] };
}

export function systemContext(deps: AppDeps, name: SystemActorName, options: { language?: Language; log?: FastifyBaseLogger } = {}) {
  return contextOf(deps, { kind: 'system', name }, options);
}

/** True when the actor holds `permission` (and, for people, has verified their email). */
export function can(ctx: ServiceContext, permission: Permission): boolean {
  const principal = principalOf(ctx.actor);
  return principal.verified && hasPermission(principal.permissions, permission);
}

/** The authorization check every service makes before it reads or changes anything. */
export function authorize(ctx: ServiceContext, permission: Permission): void {
  // Nobody signed in: the answer is "sign in" (401), not "you may not" (403).
  if (ctx.actor.kind === 'anonymous') throw unauthorized();
  if (!can(ctx, permission)) throw forbidden();
}

/** Passes when the actor holds any of `permissions` (an autocomplete several permissions open). */
export function authorizeAny(ctx: ServiceContext, permissions: readonly Permission[]): void {
  if (ctx.actor.kind === 'anonymous') throw unauthorized();
  if (!permissions.some((permission) => can(ctx, permission))) throw forbidden();
}

/** The signed-in person acting; services that exist only for people (profile, password) ask this. */
export function userOf(ctx: ServiceContext): CurrentUser {
  if (ctx.actor.kind !== 'user') throw unauthorized();
  return ctx.actor.user;
}
