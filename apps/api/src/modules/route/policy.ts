import { principalOf, type TxContext } from '../../platform/context';
import type { EntityPolicy } from '../../platform/entity-rules';
import { fieldError } from '../../platform/errors';
import { findOperatorCandidate, type OperatorCandidate } from './repository';

/**
 * Spec 6's operator roles: holding one makes a user someone who may drive a route. A permission would
 * not tell them apart (viewer and editor read operations too); the roles are stored by identifier.
 */
const OPERATOR_ROLES = new Set(['operator', 'operatorAdmin']);

/**
 * The user a route is operated by (docs/decisions.md "Routes (issue 30)"): one the caller may see
 * (IAM's rule: sharing one of the caller's companies), who holds one of spec 6's operator roles
 * (operator or operatorAdmin) and works for the route's company
 * (it is among their companies, or they have none, i.e. all). A user the caller may not see is
 * answered as one that does not exist. An unchanged operator on an unchanged company is not checked
 * again: a route keeps its driver when that user's roles change later.
 */
export const routePolicy: EntityPolicy = {
  beforeWrite: async (ctx, { before, data }) => {
    const operatedBy = 'operatedBy' in data ? data.operatedBy : before?.operatedBy;
    const company = 'company' in data ? data.company : before?.company;
    if (typeof operatedBy !== 'string' || !operatedBy) return;
    if (before && before.operatedBy === operatedBy && before.company === company) return;
    const candidate = await findOperatorCandidate(ctx.tx, operatedBy);
    if (!candidate || !isVisibleTo(ctx, candidate)) throw fieldError('operatedBy', 'errors.relationNotFound');
    const worksThere = !candidate.allowedCompanies.length || (typeof company === 'string' && candidate.allowedCompanies.includes(company));
    const isOperator = candidate.roles.some((role) => OPERATOR_ROLES.has(role.name));
    if (!worksThere || !isOperator) throw fieldError('operatedBy', 'entities.route.errors.notAnOperator');
  },
};

function isVisibleTo(ctx: TxContext, candidate: OperatorCandidate): boolean {
  const { companyIds } = principalOf(ctx.actor);
  return !companyIds || candidate.allowedCompanies.some((id) => companyIds.includes(id));
}
