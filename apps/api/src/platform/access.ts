import { hasPermission, type Permission } from '@ebox/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CurrentUser } from './auth/current-user';
import { contextOf, type ServiceContext } from './context';
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
 */
export type CompanyScope = { companyIds: string[] | null };

export function scopeOf(user: CurrentUser): CompanyScope {
  return { companyIds: user.allowedCompanyIds.length ? user.allowedCompanyIds : null };
}

/** The service context of an HTTP call: the signed-in user, in the request's language and log. */
export function contextOfRequest(request: FastifyRequest): ServiceContext {
  return contextOf(request.server.deps, { kind: 'user', user: requireUser(request) }, { language: request.language, log: request.log });
}
