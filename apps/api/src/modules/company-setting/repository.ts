import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client';

const TOP_LEVEL = new Set(['maxDaysOverdueDateDelivery', 'allowCollectExpiredOrder']);
const COLUMN: Record<string, string> = {
  maxDaysOverdueDateDelivery: 'max_days_overdue_date_delivery',
  allowCollectExpiredOrder: 'allow_collect_expired_order',
};

/**
 * One setting of the companies `companyIds` allows (null: every one), those whose name contains
 * `text` or whose id it is, by name: the page asked and the total.
 */
export async function findCompanySettings(
  db: Tx,
  type: string,
  filter: { companyIds: readonly string[] | null; text?: string; limit: number },
): Promise<{ rows: { id: string; name: string; value: unknown }[]; count: number }> {
  const value = TOP_LEVEL.has(type) ? sql`to_jsonb(${sql.identifier(COLUMN[type] ?? type)})` : sql`company_settings -> ${type}`;
  const scope = filter.companyIds === null ? sql`true` : sql`id = ANY(${`{${filter.companyIds.join(',')}}`}::uuid[])`;
  const text = filter.text?.trim();
  const match = !text
    ? sql`true`
    : /^[0-9a-f-]{36}$/i.test(text)
      ? sql`id = ${text}::uuid`
      : sql`name ILIKE ${`%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`;
  const { rows } = await db.execute<{ id: string; name: string; value: unknown; total: number }>(sql`
    SELECT id, name, ${value} AS value, count(*) OVER ()::int AS total FROM company
    WHERE ${scope} AND ${match} ORDER BY name, id LIMIT ${filter.limit}`);
  return { rows: rows.map(({ id, name, value: setting }) => ({ id, name, value: setting ?? null })), count: rows[0]?.total ?? 0 };
}
