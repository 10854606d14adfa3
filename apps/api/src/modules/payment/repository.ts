import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client';

/** A payment as its service moves it (the columns the list shows are the kit's to read). */
export type PaymentRow = {
  id: string;
  status: 'PENDING' | 'APPROVED' | 'DECLINED';
  value: number;
  company: string;
  order: string | null;
  bot: string | null;
  waId: string | null;
  gatewayId: string | null;
  pixCode: string | null;
  ticketUrl: string | null;
  expiresAt: string | null;
  refundDue: boolean;
  trackingCode: string | null;
};

const PAYMENT_COLUMNS = sql`id, status, value::float8 AS value, company_id, order_id, bot_id, wa_id, gateway_id, pix_code, ticket_url,
  expires_at, refund_due, tracking_code`;

type RawPayment = {
  id: string;
  status: PaymentRow['status'];
  value: number;
  company_id: string;
  order_id: string | null;
  bot_id: string | null;
  wa_id: string | null;
  gateway_id: string | null;
  pix_code: string | null;
  ticket_url: string | null;
  expires_at: string | Date | null;
  refund_due: boolean;
  tracking_code: string | null;
};

const isoOf = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

function paymentRowOf(row: RawPayment): PaymentRow {
  return {
    id: row.id,
    status: row.status,
    value: row.value,
    company: row.company_id,
    order: row.order_id,
    bot: row.bot_id,
    waId: row.wa_id,
    gatewayId: row.gateway_id,
    pixCode: row.pix_code,
    ticketUrl: row.ticket_url,
    expiresAt: isoOf(row.expires_at),
    refundDue: row.refund_due,
    trackingCode: row.tracking_code,
  };
}

export type NewPayment = {
  value: number;
  gateway: string;
  orderId: string;
  botId: string;
  waId: string;
  expiresAt: string;
  createdById: string | null;
};

/** A booking's payment, PENDING, with what the list shows copied from its order (spec 7.4). */
export async function insertPayment(db: Tx, payment: NewPayment): Promise<PaymentRow> {
  const { rows } = await db.execute<RawPayment>(sql`
    INSERT INTO payment (value, gateway, status, order_id, company_id, ebox_id, cluster_id, compartiment_number, compartiment_size,
                         tracking_code, overdue_date, expires_at, bot_id, wa_id, created_by_id, updated_by_id)
    SELECT ${payment.value}, ${payment.gateway}, 'PENDING', o.id, o.company_id, o.ebox_id, b.cluster_id, o.compartiment_number,
           o.compartiment_size, o.tracking_code, o.overdue_date, ${payment.expiresAt}::timestamptz, b.id, ${payment.waId},
           ${payment.createdById}, ${payment.createdById}
    FROM "order" o, bot b WHERE o.id = ${payment.orderId} AND b.id = ${payment.botId}
    RETURNING ${PAYMENT_COLUMNS}`);
  const row = rows[0];
  if (!row) throw new Error(`payment: order ${payment.orderId} or bot ${payment.botId} not found`);
  return paymentRowOf(row);
}

/** A payment locked for its move (the webhook's check, the poll and the expiry take turns). */
export async function lockPayment(db: Tx, id: string): Promise<PaymentRow | undefined> {
  const { rows } = await db.execute<RawPayment>(sql`SELECT ${PAYMENT_COLUMNS} FROM payment WHERE id = ${id} FOR UPDATE`);
  return rows[0] ? paymentRowOf(rows[0]) : undefined;
}

export async function findPayment(db: Tx, id: string): Promise<PaymentRow | undefined> {
  const { rows } = await db.execute<RawPayment>(sql`SELECT ${PAYMENT_COLUMNS} FROM payment WHERE id = ${id}`);
  return rows[0] ? paymentRowOf(rows[0]) : undefined;
}

export async function findPaymentByGatewayId(db: Tx, gateway: string, gatewayId: string): Promise<PaymentRow | undefined> {
  const { rows } = await db.execute<RawPayment>(
    sql`SELECT ${PAYMENT_COLUMNS} FROM payment WHERE gateway = ${gateway} AND gateway_id = ${gatewayId}`,
  );
  return rows[0] ? paymentRowOf(rows[0]) : undefined;
}

export type PaymentChange = Partial<{
  status: PaymentRow['status'];
  gatewayId: string;
  statusDetail: string | null;
  pixCode: string | null;
  ticketUrl: string | null;
  expiresAt: string | null;
  approvedAt: string;
  declinedAt: string;
  refundDue: boolean;
}>;

const CHANGE_COLUMNS: Record<keyof PaymentChange, string> = {
  status: 'status',
  gatewayId: 'gateway_id',
  statusDetail: 'status_detail',
  pixCode: 'pix_code',
  ticketUrl: 'ticket_url',
  expiresAt: 'expires_at',
  approvedAt: 'approved_at',
  declinedAt: 'declined_at',
  refundDue: 'refund_due',
};

export async function updatePayment(db: Tx, id: string, change: PaymentChange, updatedById: string | null): Promise<void> {
  const sets = Object.entries(change).map(
    ([name, value]) => sql`${sql.identifier(CHANGE_COLUMNS[name as keyof PaymentChange])} = ${value}`,
  );
  if (!sets.length) return;
  await db.execute(sql`UPDATE payment SET ${sql.join(sets, sql`, `)}, updated_at = now(), updated_by_id = ${updatedById} WHERE id = ${id}`);
}

/**
 * PENDING payments to ask the gateway about: charged and silent for `silentSince`, or past their Pix's
 * end (they expire unless the gateway says they were paid).
 */
export async function findPaymentsToCheck(db: Tx, silentSince: string, limit: number): Promise<string[]> {
  const { rows } = await db.execute<{ id: string }>(sql`
    SELECT id FROM payment
    WHERE status = 'PENDING' AND (updated_at < ${silentSince}::timestamptz OR expires_at < now())
    ORDER BY expires_at LIMIT ${limit}`);
  return rows.map((row) => row.id);
}

/** A company's own gateway account (sealed secrets), if it has one enabled. */
export async function findCompanyGateway(
  db: Tx,
  companyId: string,
  gateway: string,
): Promise<{ accessToken: string | null; webhookSecret: string | null } | undefined> {
  const { rows } = await db.execute<{ access_token: string | null; webhook_secret: string | null }>(sql`
    SELECT access_token, webhook_secret FROM payment_gateway
    WHERE company_id = ${companyId} AND gateway = ${gateway} AND enable ORDER BY created_at LIMIT 1`);
  return rows[0] ? { accessToken: rows[0].access_token, webhookSecret: rows[0].webhook_secret } : undefined;
}

/** What the approved customer is told: the order's code, its locker and door, the booking's end. */
export async function findPaidBooking(
  db: Tx,
  orderId: string,
): Promise<{ accessCode: string; lockerName: string; compartmentNumber: number | null; until: string | null; status: string } | undefined> {
  const { rows } = await db.execute<{
    access_code: string | null;
    locker: string | null;
    compartiment_number: number | null;
    overdue_date: string | Date | null;
    status: string;
  }>(sql`
    SELECT o.access_code, coalesce(e.name, e.code) AS locker, o.compartiment_number, o.overdue_date, o.status
    FROM "order" o LEFT JOIN ebox e ON e.id = o.ebox_id WHERE o.id = ${orderId}`);
  const row = rows[0];
  if (!row) return undefined;
  return {
    accessCode: row.access_code ?? '',
    lockerName: row.locker ?? '',
    compartmentNumber: row.compartiment_number,
    until: isoOf(row.overdue_date),
    status: row.status,
  };
}
