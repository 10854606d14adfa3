import { type CompanySettingAnswer, isCompanySettingType } from '@ebox/domain/company-settings';
import { scopeOfActor } from '../../platform/access';
import { authorizeAny, type ServiceContext } from '../../platform/context';
import { badRequest } from '../../platform/errors';
import { findCompanySettings } from './repository';

/**
 * GET /company-setting/{type}: one setting of the companies the caller may see (spec 7.4), for a
 * form that picks a company and then needs its order types or overdue days. Whoever may read or
 * pick companies may ask; a limited user gets only their own companies'.
 */
export async function readCompanySetting(
  ctx: ServiceContext,
  type: string,
  query: { query?: string; limit?: number },
): Promise<CompanySettingAnswer> {
  authorizeAny(ctx, ['companyRead', 'companyAutocomplete']);
  if (!isCompanySettingType(type)) throw badRequest('errors.companySetting.unknownType', { type });
  const scope = scopeOfActor(ctx.actor);
  const found = await findCompanySettings(ctx.deps.db, type, { companyIds: scope.companyIds, text: query.query, limit: query.limit ?? 10 });
  return { rows: found.rows.map((row) => ({ company: { id: row.id, label: row.name }, type, value: row.value })), count: found.count };
}
