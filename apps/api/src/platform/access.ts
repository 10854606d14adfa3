import { hasPermission, type Permission } from '@ebox/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CurrentUser } from './auth/current-user';
import { type Actor, contextOf, type Principal, principalOf, type ServiceContext } from './context';
import { forbidden, unauthorized } from './errors';

/**
 * Route guards. Every route declares what it needs: `authenticated` (any signed-in user) or a
 * permission; an unverified email or a user without roles passes only `authenticated` routes.
 */
export function requireUser(request: FastifyRequest): CurrentUser {
  if (!request.currentUser) throw request.authError ?? unauthorized();
  return request.currentUser;
}

export function requirePermission(permission: Permission) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const user = requireUser(request);
    if (!user.emailVerified || !hasPermission(user.permissions, permission)) throw forbidden();
  };
}

export async function requireAuthenticated(request: FastifyRequest): Promise<void> {
  requireUser(request);
}

/**
 * The caller's company scope (spec 5.5): `null` means every company; otherwise the ids of the
 * allowed companies. Applied by the data layer to every query of a company-scoped entity.
 * `operatorIds`: the `distributionLogistic` companies among them, which also see the records they
 * operate (an entity's `operatedBy`: the orders they carry). A scope without it reads and writes
 * only its companies' records: writes are always checked against `companyIds` alone.
 */
export type CompanyScope = { companyIds: string[] | null; operatorIds?: readonly string[] };

export function scopeOf(user: CurrentUser): CompanyScope {
  return scopeOfPrincipal(principalOf({ kind: 'user', user }));
}

/** What a principal may read: its companies' records and those its distribution companies operate. */
export function scopeOfPrincipal(principal: Principal): CompanyScope {
  return principal.operatorIds.length
    ? { companyIds: principal.companyIds, operatorIds: principal.operatorIds }
    : { companyIds: principal.companyIds };
}

/** The reading scope of whoever acts (see `scopeOfPrincipal`). */
export function scopeOfActor(actor: Actor): CompanyScope {
  return scopeOfPrincipal(principalOf(actor));
}

/** The service context of an HTTP call: the signed-in user, in the request's language and log. */
export function contextOfRequest(request: FastifyRequest): ServiceContext {
  return contextOf(request.server.deps, { kind: 'user', user: requireUser(request) }, { language: request.language, log: request.log });
}
