import type { Language, MessageChannel, MessageStatus } from '@ebox/domain';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client';
import { orderMessage, providerStatusReport } from '../../platform/db/schema';

export type OrderMessageRow = typeof orderMessage.$inferSelect;

/** What a message about an order is made of: the order, its customer, its locker and its company. */
export type OrderForMessages = {
  id: string;
  companyId: string | null;
  clusterId: string | null;
  type: string;
  status: string;
  trackingCode: string | null;
  referenceNumber: string | null;
  compartimentNumber: number | null;
  overdueDate: string | null;
  accessCode: string | null;
  customer: {
    name: string | null;
    email: string | null;
    phone: string | null;
    language: Language | null;
    /** The customer's most recently registered device for push. */
    pushDevice: { id: string; token: string } | null;
  };
  locker: {
    name: string | null;
    street: string | null;
    number: string | null;
    complement: string | null;
    neighborhood: string | null;
    city: string | null;
    state: string | null;
    postalCode: string | null;
    workingHours: string | null;
  };
  company: { name: string | null; settings: Record<string, unknown> };
};

/** The order with what its messages name; the order's own customer fields win over its customer record's. */
export async function findOrderForMessages(tx: Tx, orderId: string): Promise<OrderForMessages | null> {
  const result = await tx.execute<Record<string, unknown>>(sql`
    select o.id, o.company_id, o.cluster_id, o.type, o.status, o.tracking_code, o.reference_number,
           o.compartiment_number, o.overdue_date, o.access_code,
           coalesce(o.customer_name, c.name) as customer_name,
           coalesce(o.customer_email, c.email) as customer_email,
           coalesce(o.customer_phone, c.cellphone) as customer_phone,
           c.language as customer_language,
           d.id as push_device_id, d.token as push_token,
           e.name as locker_name, e.street, e.number, e.complement, e.neighborhood, e.city, e.state,
           e.postal_code, e.working_hours,
           co.name as company_name, co.company_settings
      from "order" o
      left join customer c on c.id = o.to_customer_id
      left join lateral (
        select id, token from customer_device
         where customer_id = c.id order by registered_at desc, id desc limit 1) d on true
      left join ebox e on e.id = o.ebox_id
      left join company co on co.id = o.company_id
     where o.id = ${orderId}`);
  const row = result.rows[0];
  if (!row) return null;
  const text = (value: unknown) => (value === null || value === undefined ? null : String(value));
  return {
    id: String(row.id),
    companyId: text(row.company_id),
    clusterId: text(row.cluster_id),
    type: String(row.type),
    status: String(row.status),
    trackingCode: text(row.tracking_code),
    referenceNumber: text(row.reference_number),
    compartimentNumber: row.compartiment_number === null ? null : Number(row.compartiment_number),
    overdueDate: row.overdue_date ? new Date(String(row.overdue_date)).toISOString() : null,
    accessCode: text(row.access_code),
    customer: {
      name: text(row.customer_name),
      email: text(row.customer_email),
      phone: text(row.customer_phone),
      language: row.customer_language === 'en' || row.customer_language === 'pt-BR' ? row.customer_language : null,
      pushDevice: row.push_device_id ? { id: String(row.push_device_id), token: String(row.push_token) } : null,
    },
    locker: {
      name: text(row.locker_name),
      street: text(row.street),
      number: text(row.number),
      complement: text(row.complement),
      neighborhood: text(row.neighborhood),
      city: text(row.city),
      state: text(row.state),
      postalCode: text(row.postal_code),
      workingHours: text(row.working_hours),
    },
    company: {
      name: text(row.company_name),
      settings: row.company_settings && typeof row.company_settings === 'object' ? (row.company_settings as Record<string, unknown>) : {},
    },
  };
}

/** Whether the company has an enabled template for a trigger, on any sub type, cluster or channel. */
export async function hasEnabledTemplateFor(tx: Tx, companyId: string, trigger: string): Promise<boolean> {
  const result = await tx.execute<{ found: boolean }>(sql`
    select exists (select 1 from ccm where company_id = ${companyId} and enable and trigger = ${trigger}) as found`);
  return result.rows[0]?.found === true;
}

export type TemplateRow = {
  id: string;
  channel: MessageChannel;
  language: Language | null;
  clusterId: string | null;
  subject: string | null;
  content: string;
};

/** The enabled templates of a company for a sub type and trigger, on the order's cluster or on every cluster. */
export async function findMatchingTemplates(
  tx: Tx,
  match: { companyId: string; subType: string; trigger: string; clusterId: string | null },
): Promise<TemplateRow[]> {
  const result = await tx.execute<Record<string, unknown>>(sql`
    select id, type, language, cluster_id, subject, content
      from ccm
     where company_id = ${match.companyId} and enable and sub_type = ${match.subType} and trigger = ${match.trigger}
       and (cluster_id is null or cluster_id = ${match.clusterId})`);
  return result.rows.map(templateOf);
}

function templateOf(row: Record<string, unknown>): TemplateRow {
  return {
    id: String(row.id),
    channel: String(row.type) as MessageChannel,
    language: row.language === 'en' || row.language === 'pt-BR' ? row.language : null,
    clusterId: row.cluster_id ? String(row.cluster_id) : null,
    subject: row.subject ? String(row.subject) : null,
    content: String(row.content ?? ''),
  };
}

export async function findTemplate(tx: Tx, templateId: string): Promise<TemplateRow | null> {
  const result = await tx.execute<Record<string, unknown>>(sql`
    select id, type, language, cluster_id, subject, content from ccm where id = ${templateId}`);
  const row = result.rows[0];
  return row ? templateOf(row) : null;
}

export type NewOrderMessage = {
  company: string | null;
  order: string;
  template: string;
  trigger: string;
  occasion: string;
  channel: MessageChannel;
  language: Language;
  recipient: string | null;
  device?: string | null;
  fallbackOf?: string | null;
  notBefore?: string | null;
};

/** Adds the messages not added before (the unique (order, template, trigger, occasion)); answers those added. */
export async function insertOrderMessages(tx: Tx, rows: readonly NewOrderMessage[]): Promise<OrderMessageRow[]> {
  if (!rows.length) return [];
  return tx
    .insert(orderMessage)
    .values([...rows])
    .onConflictDoNothing()
    .returning();
}

/**
 * Takes a queued message for one send attempt: answers it only when no other run holds it, so a job
 * delivered twice or run by two workers sends it once.
 */
export async function claimOrderMessage(tx: Tx, id: string, holdSeconds: number): Promise<OrderMessageRow | undefined> {
  const [row] = await tx
    .update(orderMessage)
    .set({
      claimedUntil: sql`now() + make_interval(secs => ${holdSeconds})`,
      attempts: sql`${orderMessage.attempts} + 1`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(orderMessage.id, id),
        eq(orderMessage.status, 'queued'),
        or(isNull(orderMessage.claimedUntil), lt(orderMessage.claimedUntil, sql`now()`)),
      ),
    )
    .returning();
  return row;
}

export async function findOrderMessage(tx: Tx, id: string): Promise<OrderMessageRow | undefined> {
  const [row] = await tx.select().from(orderMessage).where(eq(orderMessage.id, id));
  return row;
}

export type MessageChange = {
  status?: MessageStatus;
  subject?: string | null;
  body?: string | null;
  provider?: string | null;
  providerMessageId?: string | null;
  error?: string | null;
  errorCode?: string | null;
  notBefore?: string | null;
  released?: boolean;
};

export async function updateOrderMessage(tx: Tx, id: string, change: MessageChange): Promise<OrderMessageRow | undefined> {
  const { released, status, ...values } = change;
  const [row] = await tx
    .update(orderMessage)
    .set({
      ...values,
      ...(status ? { status } : {}),
      ...(released ? { claimedUntil: null } : {}),
      ...(status === 'sent' ? { sentAt: sql`now()` } : {}),
      ...(status === 'delivered' ? { deliveredAt: sql`coalesce(${orderMessage.deliveredAt}, now())` } : {}),
      ...(status === 'read' ? { readAt: sql`now()`, deliveredAt: sql`coalesce(${orderMessage.deliveredAt}, now())` } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(orderMessage.id, id))
    .returning();
  return row;
}

/** The message a provider knows by its own id (a WhatsApp status report names it so). */
export async function findMessageByProviderId(tx: Tx, provider: string, providerMessageId: string): Promise<OrderMessageRow | undefined> {
  const [row] = await tx
    .select()
    .from(orderMessage)
    .where(and(eq(orderMessage.provider, provider), eq(orderMessage.providerMessageId, providerMessageId)))
    .for('update');
  return row;
}

/** The newest message of an order on a channel, for the one-minute refusal of a resend. */
export async function findLatestMessageOn(tx: Tx, orderId: string, channel: MessageChannel): Promise<OrderMessageRow | undefined> {
  const [row] = await tx
    .select()
    .from(orderMessage)
    .where(and(eq(orderMessage.order, orderId), eq(orderMessage.channel, channel)))
    .orderBy(sql`${orderMessage.createdAt} desc`)
    .limit(1);
  return row;
}

/**
 * Orders whose PRE_EXPIRED reminder is due: stored, their overdue date within their company's hours
 * ahead (and not past), and no reminder planned yet.
 */
export async function findOrdersDueReminder(tx: Tx, defaultHours: number, limit: number): Promise<string[]> {
  const result = await tx.execute<{ id: string }>(sql`
    select o.id
      from "order" o
      join company co on co.id = o.company_id
     where o.status = 'STORED' and o.overdue_date is not null
       and o.overdue_date > now()
       and o.overdue_date <= now() + make_interval(hours => coalesce((co.company_settings->>'preExpiredHours')::int, ${defaultHours}))
       and not exists (select 1 from order_message m where m.order_id = o.id and m.trigger = 'PRE_EXPIRED')
       and exists (
         select 1 from ccm t
          where t.company_id = o.company_id and t.enable and t.trigger = 'PRE_EXPIRED'
            and t.sub_type = case o.type when 'RETURN' then 'return' when 'STORAGE' then 'storage' when 'SEND' then 'send' else 'delivery' end)
     order by o.overdue_date
     limit ${limit}`);
  return result.rows.map((row) => String(row.id));
}

/**
 * Serializes, per provider message id, the send recording the id and a report about it: whichever
 * comes second sees the other's committed row, so no report is lost to the race.
 */
export async function lockProviderMessage(tx: Tx, provider: string, providerMessageId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${provider}:${providerMessageId}`}))`);
}

export type PendingReport = typeof providerStatusReport.$inferSelect;

export async function insertPendingReport(tx: Tx, report: Omit<PendingReport, 'id' | 'receivedAt'>): Promise<void> {
  await tx.insert(providerStatusReport).values(report);
}

/** The reports that came before the id was known, oldest first, removed as they are taken. */
export async function takePendingReports(tx: Tx, provider: string, providerMessageId: string): Promise<PendingReport[]> {
  const rows = await tx
    .delete(providerStatusReport)
    .where(and(eq(providerStatusReport.provider, provider), eq(providerStatusReport.providerMessageId, providerMessageId)))
    .returning();
  return rows.sort((a, b) => a.reportedAt.localeCompare(b.reportedAt));
}
