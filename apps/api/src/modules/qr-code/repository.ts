import type { OrderStatus, OrderType } from '@ebox/domain';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client';

/** What deciding on an order's QR code needs: its code, and whether that code opens its locker now. */
export type OrderForQrCode = {
  id: string;
  type: OrderType;
  status: OrderStatus;
  accessCode: string | null;
  overdueDate: string | null;
  /** The company's setting a late pickup needs (lockerAccessOf). */
  allowCollectExpiredOrder: boolean;
};

export async function findOrderForQrCode(tx: Tx, orderId: string): Promise<OrderForQrCode | null> {
  const result = await tx.execute<Record<string, unknown>>(sql`
    select o.id, o.type, o.status, o.access_code, o.overdue_date,
           coalesce(co.allow_collect_expired_order, false) as allow_late
      from "order" o
      left join company co on co.id = o.company_id
     where o.id = ${orderId}`);
  const row = result.rows[0];
  if (!row) return null;
  return {
    id: String(row.id),
    type: String(row.type) as OrderType,
    status: String(row.status ?? 'CREATED') as OrderStatus,
    accessCode: row.access_code ? String(row.access_code) : null,
    overdueDate: row.overdue_date ? new Date(String(row.overdue_date)).toISOString() : null,
    allowCollectExpiredOrder: row.allow_late === true,
  };
}

/** The company's enabled QR-code template of a type: the order's cluster's first, else one for every cluster. */
export async function findQrCodeTemplate(
  tx: Tx,
  match: { companyId: string; clusterId: string | null; type: string },
): Promise<string | null> {
  const result = await tx.execute<{ hbs_content: string }>(sql`
    select hbs_content
      from qrcode_template
     where company_id = ${match.companyId} and enable and type = ${match.type}
       and (cluster_id is null or cluster_id = ${match.clusterId})
     order by (cluster_id is null), created_at desc
     limit 1`);
  return result.rows[0]?.hbs_content ?? null;
}
