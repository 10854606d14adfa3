import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client';
import { settings } from '../../platform/db/schema';

/** The single settings row ('default'), created by the seed; SQL of the settings module. */
const ROW_ID = 'default';

export type SettingsRow = typeof settings.$inferSelect;

export async function findSettings(db: Tx, lock = false): Promise<SettingsRow | null> {
  const query = db.select().from(settings).where(eq(settings.id, ROW_ID));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Inserts the row when a database was never seeded, so saving always works. */
export async function saveSettings(tx: Tx, values: { theme: string }): Promise<SettingsRow> {
  const [row] = await tx
    .insert(settings)
    .values({ id: ROW_ID, ...values })
    .onConflictDoUpdate({ target: settings.id, set: { ...values, updatedAt: sql`now()` } })
    .returning();
  if (!row) throw new Error('settings not saved');
  return row;
}
