import { inArray } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client';
import { user } from '../../platform/db/schema';

/** The names of the people who wrote entries, by their email (unique, and kept in each entry). */
export async function authorNamesOf(db: Tx, emails: string[]): Promise<Map<string, string>> {
  const result = new Map<string, string>();
  if (!emails.length) return result;
  const rows = await db
    .select({ email: user.email, fullName: user.fullName })
    .from(user)
    .where(inArray(user.email, [...new Set(emails)]));
  for (const row of rows) if (row.fullName) result.set(row.email, row.fullName);
  return result;
}
