import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client';
import { entityTable } from '../../platform/db/entity-tables';
import { webhookAttempt, webhookDelivery, webhookSecret } from '../../platform/db/schema';

/** The webhook's own columns the sender reads (its table is the declaration's). */
export type WebhookTarget = { id: string; url: string; companyId: string; enable: boolean; failingSince: string | null };

export async function findWebhookTarget(tx: Tx, webhookId: string): Promise<WebhookTarget | null> {
  const table = entityTable('webhook');
  const [row] = await tx
    .select({ id: table.id, url: table.url, companyId: table.company, enable: table.enable, failingSince: table.failingSince })
    .from(table)
    .where(eq(table.id, webhookId));
  if (!row) return null;
  return {
    id: String(row.id),
    url: String(row.url),
    companyId: String(row.companyId),
    enable: row.enable === true,
    failingSince: row.failingSince ? String(row.failingSince) : null,
  };
}

/** The enabled webhooks of a company: where its order events go. */
export async function findEnabledWebhookIds(tx: Tx, companyId: string): Promise<string[]> {
  const table = entityTable('webhook');
  const rows = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.company, companyId), eq(table.enable, true)));
  return rows.map((row) => String(row.id));
}

/** Stores a new current secret; the one current until now signs on until `overlapUntil` (none: it stops at once). */
export async function replaceWebhookSecret(tx: Tx, webhookId: string, secret: string, overlapUntil: Date | null): Promise<void> {
  await tx.delete(webhookSecret).where(and(eq(webhookSecret.webhookId, webhookId), lte(webhookSecret.expiresAt, sql`now()`)));
  if (overlapUntil) {
    await tx
      .update(webhookSecret)
      .set({ expiresAt: overlapUntil.toISOString() })
      .where(and(eq(webhookSecret.webhookId, webhookId), isNull(webhookSecret.expiresAt)));
  } else {
    await tx.delete(webhookSecret).where(eq(webhookSecret.webhookId, webhookId));
  }
  await tx.insert(webhookSecret).values({ webhookId, secret });
}

/** The secrets a delivery is signed with now: the current one first, then any still in its overlap. */
export async function findSigningSecrets(tx: Tx, webhookId: string): Promise<string[]> {
  const rows = await tx
    .select({ secret: webhookSecret.secret })
    .from(webhookSecret)
    .where(and(eq(webhookSecret.webhookId, webhookId), or(isNull(webhookSecret.expiresAt), gt(webhookSecret.expiresAt, sql`now()`))))
    .orderBy(sql`${webhookSecret.expiresAt} is not null`, desc(webhookSecret.createdAt));
  return rows.map((row) => row.secret);
}

export type NewDelivery = { webhookId: string; companyId: string; eventKey: string; lane: string; type: string; body: string };

/**
 * Adds deliveries, once per webhook and event whoever adds them first (a job run twice, two API
 * processes): the unique (webhook, event key) index decides, not a read before the insert.
 * Answers those added now.
 */
export async function insertDeliveries(tx: Tx, rows: readonly NewDelivery[]): Promise<{ webhookId: string; lane: string }[]> {
  if (!rows.length) return [];
  return tx
    .insert(webhookDelivery)
    .values([...rows])
    .onConflictDoNothing({ target: [webhookDelivery.webhookId, webhookDelivery.eventKey] })
    .returning({ webhookId: webhookDelivery.webhookId, lane: webhookDelivery.lane });
}

export type DeliveryRow = typeof webhookDelivery.$inferSelect;

/**
 * The first delivery of a lane still to send, locked for this attempt. Another process holding it
 * (it is sending it now) answers 'busy' instead of the next one: a lane's deliveries go in order.
 */
export async function lockLaneHead(tx: Tx, webhookId: string, lane: string): Promise<DeliveryRow | null | 'busy'> {
  try {
    const [row] = await tx
      .select()
      .from(webhookDelivery)
      .where(and(eq(webhookDelivery.webhookId, webhookId), eq(webhookDelivery.lane, lane), eq(webhookDelivery.status, 'pending')))
      .orderBy(asc(webhookDelivery.seq))
      .limit(1)
      .for('update', { noWait: true });
    return row ?? null;
  } catch (error) {
    if ((error as { code?: string }).code === '55P03' || (error as { cause?: { code?: string } }).cause?.code === '55P03') return 'busy';
    throw error;
  }
}

export type AttemptRecord = { statusCode: number | null; durationMs: number; excerpt: string | null; error: string | null };

export async function insertAttempt(tx: Tx, delivery: DeliveryRow, attempt: AttemptRecord): Promise<void> {
  await tx.insert(webhookAttempt).values({
    deliveryId: delivery.id,
    webhookId: delivery.webhookId,
    statusCode: attempt.statusCode,
    durationMs: attempt.durationMs,
    responseExcerpt: attempt.excerpt,
    error: attempt.error,
  });
}

export async function updateDelivery(
  tx: Tx,
  id: string,
  change: Partial<
    Pick<DeliveryRow, 'status' | 'attempts' | 'nextAttemptAt' | 'lastStatusCode' | 'lastError' | 'deliveredAt' | 'leaseUntil'>
  >,
): Promise<void> {
  await tx.update(webhookDelivery).set(change).where(eq(webhookDelivery.id, id));
}

/** Gives up a disabled webhook's waiting deliveries: nobody will send them. */
export async function failPendingDeliveries(tx: Tx, webhookId: string, reason: string): Promise<number> {
  const rows = await tx
    .update(webhookDelivery)
    .set({ status: 'failed', lastError: reason, leaseUntil: null })
    .where(and(eq(webhookDelivery.webhookId, webhookId), eq(webhookDelivery.status, 'pending')))
    .returning({ id: webhookDelivery.id });
  return rows.length;
}

/** Sets or clears the webhook's failing-since mark, and switches it off with a reason. */
export async function updateWebhookHealth(
  tx: Tx,
  webhookId: string,
  change: { failingSince?: string | null; enable?: boolean; disabledReason?: string | null },
): Promise<void> {
  const table = entityTable('webhook');
  await tx
    .update(table)
    .set({ ...change, updatedAt: sql`now()` })
    .where(eq(table.id, webhookId));
}

/** A webhook's deliveries, newest first, with their attempts: its screen's log. */
export async function listDeliveries(
  tx: Tx,
  webhookId: string,
  page: { limit: number; offset: number; status?: string },
): Promise<{ rows: (DeliveryRow & { attemptLog: (typeof webhookAttempt.$inferSelect)[] })[]; count: number }> {
  const where = and(eq(webhookDelivery.webhookId, webhookId), page.status ? eq(webhookDelivery.status, page.status) : undefined);
  const rows = await tx
    .select()
    .from(webhookDelivery)
    .where(where)
    .orderBy(desc(webhookDelivery.seq))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await tx.select({ count: count() }).from(webhookDelivery).where(where);
  const attempts = rows.length
    ? await tx
        .select()
        .from(webhookAttempt)
        .where(
          inArray(
            webhookAttempt.deliveryId,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(asc(webhookAttempt.attemptedAt))
    : [];
  return {
    rows: rows.map((row) => ({ ...row, attemptLog: attempts.filter((attempt) => attempt.deliveryId === row.id) })),
    count: Number(total?.count ?? 0),
  };
}

/** Puts a delivery of the webhook back to pending, due now; null when the webhook has no such delivery. */
export async function requeueDelivery(
  tx: Tx,
  webhookId: string,
  deliveryId: string,
): Promise<{ id: string; lane: string; previousStatus: string } | null> {
  const [before] = await tx
    .select({ id: webhookDelivery.id, lane: webhookDelivery.lane, status: webhookDelivery.status })
    .from(webhookDelivery)
    .where(and(eq(webhookDelivery.id, deliveryId), eq(webhookDelivery.webhookId, webhookId)))
    .for('update');
  if (!before) return null;
  await tx
    .update(webhookDelivery)
    .set({ status: 'pending', nextAttemptAt: sql`now()`, attempts: 0, leaseUntil: null })
    .where(eq(webhookDelivery.id, deliveryId));
  return { id: before.id, lane: before.lane, previousStatus: before.status };
}

/** Puts the webhook's given-up deliveries created in [from, to] back to pending, due now; answers their lanes. */
export async function requeueFailedDeliveries(
  tx: Tx,
  webhookId: string,
  from: string,
  to: string,
): Promise<{ id: string; lane: string }[]> {
  return tx
    .update(webhookDelivery)
    .set({ status: 'pending', nextAttemptAt: sql`now()`, attempts: 0, leaseUntil: null })
    .where(
      and(
        eq(webhookDelivery.webhookId, webhookId),
        eq(webhookDelivery.status, 'failed'),
        gte(webhookDelivery.createdAt, from),
        lte(webhookDelivery.createdAt, to),
      ),
    )
    .returning({ id: webhookDelivery.id, lane: webhookDelivery.lane });
}

/**
 * The addresses of the enabled, verified users who may edit a company's webhooks: webhookEdit in
 * one of their roles (the owner role holds every permission) and the company in their scope (no
 * allowed companies: every company); and the company's name.
 */
export async function findWebhookEditors(tx: Tx, companyId: string): Promise<{ companyName: string; users: string[] }> {
  const result = await tx.execute<{ email: string; company_name: string }>(sql`
    select distinct u.email, c.name as company_name
      from "user" u
      join role r on r.id = any(u.roles)
      join company c on c.id = ${companyId}
     where not u.disabled and u.email_verified
       and (r.name = 'owner' or 'webhookEdit' = any(r.permissions))
       and (cardinality(u.allowed_companies) = 0 or ${companyId}::uuid = any(u.allowed_companies))
     order by u.email`);
  const companyName = result.rows[0]?.company_name ?? '';
  return { companyName, users: result.rows.map((row) => row.email) };
}
