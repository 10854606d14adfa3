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

/**
 * The demo's settled Pix payments (issue 32): charges of a few of its orders, one approved, one
 * refused and one paid after its end (a refund due), as the gateway would have left them, so the
 * payment list has something to show. Answers their ids and companies for the audit.
 */
export async function insertDemoPayments(tx: Tx): Promise<{ id: string; company: string }[]> {
  const { rows } = await tx.execute<{ id: string; company: string }>(sql`
    WITH picked AS (
      SELECT o.id, o.company_id, o.ebox_id, o.compartiment_number, o.compartiment_size, o.tracking_code, o.overdue_date, o.created_at,
             row_number() OVER (ORDER BY o.created_at, o.id) AS n
      FROM "order" o WHERE o.ebox_id IS NOT NULL ORDER BY o.created_at, o.id LIMIT 3
    )
    INSERT INTO payment (value, gateway, status, status_detail, order_id, company_id, ebox_id, cluster_id, compartiment_number,
                         compartiment_size, tracking_code, overdue_date, gateway_id, expires_at, approved_at, declined_at, refund_due, created_at)
    SELECT (ARRAY[16.50, 8.00, 5.50])[n], 'mercadopago',
           (ARRAY['APPROVED', 'DECLINED', 'DECLINED'])[n], (ARRAY['accredited', 'rejected_by_bank', 'approved_after_expiry'])[n],
           p.id, p.company_id, p.ebox_id,
           (SELECT ce.cluster_id FROM cluster_ebox ce WHERE ce.ebox_id = p.ebox_id ORDER BY ce.cluster_position LIMIT 1),
           p.compartiment_number, p.compartiment_size, p.tracking_code, p.overdue_date, 'demo-' || (90000000 + n)::text,
           p.created_at + interval '15 minutes', CASE WHEN n = 1 THEN p.created_at + interval '3 minutes' END,
           CASE WHEN n > 1 THEN p.created_at + interval '15 minutes' END, n = 3, p.created_at
    FROM picked p
    RETURNING id, company_id AS company`);
  return rows;
}
