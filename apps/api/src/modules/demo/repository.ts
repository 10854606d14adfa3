import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client';
import { entityTable } from '../../platform/db/entity-tables';

/** The demo seed's own reads: whether the database is fresh, and one seed at a time. */

/** Held until the transaction ends: a second replica starting at the same moment waits, then finds data. */
export async function lockDemoSeed(tx: Tx, lock: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${lock})`);
}

export async function hasCompanies(tx: Tx): Promise<boolean> {
  const company = entityTable('company');
  const rows = await tx.select({ id: company.id }).from(company).limit(1);
  return rows.length > 0;
}

/** The demo's orders and invoices happened over the last weeks: their creation time (and an order's creation entry) says when. */
export async function backdateCreation(tx: Tx, entityName: 'order' | 'invoice', id: string, at: Date): Promise<void> {
  await tx.execute(sql`UPDATE ${entityTable(entityName)} SET created_at = ${at.toISOString()} WHERE id = ${id}`);
  if (entityName === 'order') {
    await tx.execute(sql`UPDATE order_history SET at = ${at.toISOString()} WHERE order_id = ${id} AND from_status IS NULL`);
  }
}
