import { z } from 'zod';
import { company } from './entities/company';
import type { ObjectField } from './kit/field';

/**
 * GET /company-setting/{type} (spec 7.4, issue 33 item 4): one kind of a company's settings, for
 * the forms that need it (an order form's order types, an SMS form's gateway, the overdue days).
 * The types are the company's `companySettings` entries and its two settings outside them.
 */
const SETTINGS_FIELDS = Object.keys((company.fields.companySettings as ObjectField).fields);
export const COMPANY_SETTING_TYPES = [...SETTINGS_FIELDS, 'maxDaysOverdueDateDelivery', 'allowCollectExpiredOrder'] as const;

export function isCompanySettingType(type: string): boolean {
  return (COMPANY_SETTING_TYPES as readonly string[]).includes(type);
}

/** One company's value of the setting (null: not set, the console's default applies). */
export const companySettingRowSchema = z.object({
  company: z.object({ id: z.string(), label: z.string() }),
  type: z.string(),
  value: z.unknown(),
});

export const companySettingAnswerSchema = z.object({ rows: z.array(companySettingRowSchema), count: z.number().int() });
export type CompanySettingAnswer = z.infer<typeof companySettingAnswerSchema>;
