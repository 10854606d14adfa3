import {
  DECLARED_ENTITIES,
  type EventPayload,
  WEBHOOK_DISABLE_AFTER_SECONDS,
  WEBHOOK_HEADERS,
  WEBHOOK_RETRY_DELAYS_SECONDS,
  WEBHOOK_SECRET_OVERLAP_SECONDS,
  type WebhookEventType,
  webhookBodySchemaOf,
} from '@ebox/domain';
import { loadInScope } from '../../kit/entity-write';
import { resourceOf } from '../../kit/repository';
import { type AuditAction, auditByOf, writeAudit } from '../../platform/audit';
import type { ServiceContext, TxContext } from '../../platform/context';
import { authorize, inTransaction, principalOf, readInOneSnapshot } from '../../platform/context';
import { badRequest, notFound } from '../../platform/errors';
import { enqueueJob } from '../../platform/jobs/queue';
import { mailWebhookDisabled } from './disabled-mail';
import { webhookLaneJob } from './jobs';
import { type PostResult, postDelivery } from './post-delivery';
import {
  type DeliveryRow,
  failPendingDeliveries,
  findEnabledWebhookIds,
  findWebhookTarget,
  insertAttempt,
  insertDeliveries,
  listDeliveries,
  lockLaneHead,
  requeueDelivery,
  requeueFailedDeliveries,
  updateDelivery,
  updateWebhookHealth,
  type WebhookTarget,
} from './repository';
import { rotateWebhookSecret, signingSecretsOf } from './secret-service';
import { signWebhook } from './signature';

/**
 * Order events to the shippers' webhooks (issue 27, item 5), at least once and in order per order:
 * an event becomes one delivery per enabled webhook of the order's company (fan-out, in the
 * event's durable handler), and each (webhook, order) pair is a lane that one job at a time works
 * through, oldest first. A lane whose receiver fails waits for its retry; other orders' lanes to
 * the same webhook go on. See docs/webhooks.md.
 */

const webhookEntity = DECLARED_ENTITIES.webhook;

type OutgoingEvent = { type: WebhookEventType; key: string; data: Record<string, unknown>; at: string };

/** A lane's job waits in this process for a retry this close; a later one is a delayed job. */
const WAIT_IN_PROCESS_MS = 2_000;

function laneKeyOf(webhookId: string, lane: string): string {
  return `${webhookId}:${lane}`;
}

/** Adds one delivery per enabled webhook of the company and event (idempotent), and wakes each lane. */
async function addDeliveries(ctx: TxContext, companyId: string, lane: string, events: readonly OutgoingEvent[]): Promise<void> {
  await addLaneDeliveries(ctx, companyId, [{ lane, events }]);
}

/** The same for the lanes of many orders of one company: one look-up, one INSERT, each lane woken once. */
async function addLaneDeliveries(
  ctx: TxContext,
  companyId: string,
  lanes: readonly { lane: string; events: readonly OutgoingEvent[] }[],
): Promise<void> {
  const webhookIds = await findEnabledWebhookIds(ctx.tx, companyId);
  if (!webhookIds.length) return;
  const rows = webhookIds.flatMap((webhookId) =>
    lanes.flatMap(({ lane, events }) =>
      events.map((event) => {
        const body = webhookBodySchemaOf(event.type).parse({ type: event.type, timestamp: event.at, data: event.data });
        return { webhookId, companyId, eventKey: event.key, lane, type: event.type, body: JSON.stringify(body) };
      }),
    ),
  );
  const added = await insertDeliveries(ctx.tx, rows);
  const woken = new Map(added.map((row) => [laneKeyOf(row.webhookId, row.lane), row]));
  for (const { webhookId, lane } of woken.values()) await wakeLane(ctx, webhookId, lane);
}

function wakeLane(ctx: TxContext | ServiceContext, webhookId: string, lane: string, startAfterSeconds?: number) {
  return enqueueJob(ctx, webhookLaneJob, { webhookId, lane }, { singletonKey: laneKeyOf(webhookId, lane), startAfterSeconds });
}

/** What every order event's body names the order by (its id, codes, type and locker). */
function orderRefOf(event: EventPayload<'order.statusChanged' | 'order.created'>) {
  const { orderId, trackingCode, referenceNumber, type, eboxId } = event;
  return { orderId, trackingCode, referenceNumber, type, eboxId };
}

/**
 * order.statusChanged, recorded in the move's own transaction: order.status_changed, and
 * order.canceled for a cancel. Recording in the publisher's transaction puts one order's deliveries
 * in the order its moves committed (a job per event could run them out of order).
 */
export async function recordOrderStatusWebhooks(ctx: TxContext, event: EventPayload<'order.statusChanged'>): Promise<void> {
  if (!event.companyId) return;
  await addDeliveries(ctx, event.companyId, event.orderId, statusEventsOf(event));
}

/** order.status_changed, and order.canceled for a cancel, of one move. */
function statusEventsOf(event: EventPayload<'order.statusChanged'>): OutgoingEvent[] {
  const ref = orderRefOf(event);
  const key = `${event.orderId}:${event.from}:${event.to}:${event.at}`;
  const changed = { ...ref, from: event.from, to: event.to, trigger: event.trigger, at: event.at };
  const events: OutgoingEvent[] = [{ type: 'order.status_changed', key: `order.status_changed:${key}`, at: event.at, data: changed }];
  if (event.to === 'CANCELED') {
    const canceled = { ...ref, from: event.from, trigger: event.trigger, at: event.at };
    events.push({ type: 'order.canceled', key: `order.canceled:${key}`, at: event.at, data: canceled });
  }
  return events;
}

/** Many orders moved together (an inbound): per company one look-up of its webhooks and one INSERT. */
export async function recordOrderStatusesWebhooks(ctx: TxContext, events: readonly EventPayload<'order.statusChanged'>[]): Promise<void> {
  const byCompany = new Map<string, { lane: string; events: OutgoingEvent[] }[]>();
  for (const event of events) {
    if (!event.companyId) continue;
    byCompany.set(event.companyId, [...(byCompany.get(event.companyId) ?? []), { lane: event.orderId, events: statusEventsOf(event) }]);
  }
  for (const [companyId, lanes] of byCompany) await addLaneDeliveries(ctx, companyId, lanes);
}

/** order.created, recorded in the creating transaction. */
export async function recordOrderCreatedWebhooks(ctx: TxContext, event: EventPayload<'order.created'>): Promise<void> {
  if (!event.companyId) return;
  const data = { ...orderRefOf(event), status: event.status, at: event.at };
  const created: OutgoingEvent = { type: 'order.created', key: `order.created:${event.orderId}`, at: event.at, data };
  await addDeliveries(ctx, event.companyId, event.orderId, [created]);
}

/**
 * A customer's message delivered (the first report of it, delivered or read) or failed for good, recorded in the
 * transaction that records it, in the order's lane: a receiver hears of it after the order's moves.
 */
export async function recordMessageWebhooks(ctx: TxContext, event: EventPayload<'orderMessage.statusChanged'>): Promise<void> {
  if (!event.companyId || !['delivered', 'read', 'failed'].includes(event.status)) return;
  const { messageId, orderId, channel, trigger, at } = event;
  const outgoing: OutgoingEvent =
    event.status !== 'failed'
      ? { type: 'message.delivered', key: `message.delivered:${messageId}`, at, data: { messageId, orderId, channel, trigger, at } }
      : {
          type: 'message.failed',
          key: `message.failed:${messageId}`,
          at,
          data: { messageId, orderId, channel, trigger, error: event.error, at },
        };
  await addDeliveries(ctx, event.companyId, orderId, [outgoing]);
}

type LaneStep = { done: true } | { waitMs: number };

/** How much longer than an attempt's timeout its lease lasts. */
const LEASE_MARGIN_MS = 5_000;

/** A lane's head, claimed for one attempt: what to send and where. */
type Claimed = { head: DeliveryRow; target: WebhookTarget; secrets: string[] };

/**
 * The lane job: sends the lane's deliveries one after another. The head is claimed (a lease on its
 * row) in a short transaction and sent outside it, so no database connection waits on a receiver;
 * a second worker on the same lane finds the lease and stops instead of sending the next one ahead.
 */
export async function runWebhookLane(ctx: ServiceContext, payload: { webhookId: string; lane: string }): Promise<void> {
  const { webhooks } = ctx.deps.config;
  const claimHead = (tx: TxContext) => claimLaneHead(tx, payload.webhookId, payload.lane);
  let claim = await inTransaction(ctx, claimHead);
  for (;;) {
    if (!('head' in claim)) {
      if ('done' in claim) return;
      const { waitMs } = claim;
      if (waitMs > WAIT_IN_PROCESS_MS) {
        await wakeLane(ctx, payload.webhookId, payload.lane, Math.ceil(waitMs / 1_000));
        return;
      }
      if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs));
      claim = await inTransaction(ctx, claimHead);
      continue;
    }
    const sent: Claimed = claim;
    const { head, target, secrets } = sent;
    const timestamp = Math.floor(Date.now() / 1_000);
    const messageId = `msg_${head.id}`;
    const headers = {
      [WEBHOOK_HEADERS.id]: messageId,
      [WEBHOOK_HEADERS.timestamp]: String(timestamp),
      [WEBHOOK_HEADERS.signature]: signWebhook(secrets, messageId, timestamp, head.body),
    };
    const result = await postDelivery(target.url, headers, head.body, {
      timeoutMs: webhooks.timeoutMs,
      allowLoopback: webhooks.allowLoopback,
    });
    // Delivered: the lane's next delivery is claimed in the same transaction (a burst of moves
    // sends two or three per order; one transaction less for each).
    claim = await inTransaction(ctx, async (tx) => {
      const step = await recordOutcome(tx, sent, result);
      return 'waitMs' in step && step.waitMs === 0 ? claimHead(tx) : step;
    });
  }
}

/** The lane's oldest pending delivery, leased for one attempt; or why there is nothing to send now. */
async function claimLaneHead(ctx: TxContext, webhookId: string, lane: string): Promise<Claimed | LaneStep> {
  const head = await lockLaneHead(ctx.tx, webhookId, lane);
  if (head === null || head === 'busy') return { done: true };
  // Another worker is sending it: that worker goes on with the lane.
  if (head.leaseUntil && Date.parse(head.leaseUntil) > Date.now()) return { done: true };
  const waitMs = Date.parse(head.nextAttemptAt) - Date.now();
  if (waitMs > 0) return { waitMs };
  const target = await findWebhookTarget(ctx.tx, webhookId);
  if (!target?.enable) {
    await failPendingDeliveries(ctx.tx, webhookId, 'webhook disabled');
    return { done: true };
  }
  const secrets = await signingSecretsOf(ctx, webhookId);
  // The lease outlives the attempt's timeout: a worker that dies mid-send frees the lane after it.
  const leaseUntil = new Date(Date.now() + ctx.deps.config.webhooks.timeoutMs + LEASE_MARGIN_MS).toISOString();
  await updateDelivery(ctx.tx, head.id, { leaseUntil });
  return { head, target, secrets };
}

/** Records one attempt and decides the delivery's fate: delivered, retried later, given up, or the webhook switched off. */
async function recordOutcome(ctx: TxContext, { head, target }: Claimed, result: PostResult): Promise<LaneStep> {
  const webhookId = head.webhookId;
  await insertAttempt(ctx.tx, head, result);
  const attempts = head.attempts + 1;
  const status = result.statusCode;
  if (status !== null && status >= 200 && status < 300) {
    await updateDelivery(ctx.tx, head.id, {
      status: 'delivered',
      attempts,
      lastStatusCode: status,
      lastError: null,
      leaseUntil: null,
      deliveredAt: new Date().toISOString(),
    });
    if (target.failingSince) await updateWebhookHealth(ctx.tx, webhookId, { failingSince: null });
    await auditDelivery(ctx, head, 'webhookDelivered', { status: 'delivered', attempts, statusCode: status });
    return { waitMs: 0 };
  }
  const error =
    result.error ?? (status !== null && status >= 300 && status < 400 ? `redirect (${status}) not followed` : `answered ${status}`);
  if (status === 410) {
    await disableWebhook(ctx, head, target.url, 'gone', { attempts, status, error });
    return { done: true };
  }
  const failingSince = target.failingSince ?? new Date().toISOString();
  if (!target.failingSince) await updateWebhookHealth(ctx.tx, webhookId, { failingSince });
  if (Date.now() - Date.parse(failingSince) >= WEBHOOK_DISABLE_AFTER_SECONDS * 1_000) {
    await disableWebhook(ctx, head, target.url, 'failing', { attempts, status, error });
    return { done: true };
  }
  if (attempts >= WEBHOOK_RETRY_DELAYS_SECONDS.length) {
    await updateDelivery(ctx.tx, head.id, { status: 'failed', attempts, lastStatusCode: status, lastError: error, leaseUntil: null });
    await auditDelivery(ctx, head, 'webhookDeliveryFailed', { status: 'failed', attempts, statusCode: status, error });
    // The lane goes on with the order's next event: one given-up delivery does not stop the others.
    return { waitMs: 0 };
  }
  const delayMs = retryDelayMs(attempts, result.retryAfterSeconds, ctx.deps.config.webhooks.retryScale);
  await updateDelivery(ctx.tx, head.id, {
    attempts,
    lastStatusCode: status,
    lastError: error,
    leaseUntil: null,
    nextAttemptAt: new Date(Date.now() + delayMs).toISOString(),
  });
  return { waitMs: delayMs };
}

/**
 * The wait before the next attempt after `attempts` failed ones: Standard Webhooks' schedule plus up
 * to a tenth at random, or what the receiver asked (Retry-After) when that is longer. `scale`
 * shortens the schedule for tests (WEBHOOK_RETRY_SCALE), never the receiver's own wait.
 */
export function retryDelayMs(attempts: number, retryAfterSeconds: number | null, scale: number): number {
  const scheduled = (WEBHOOK_RETRY_DELAYS_SECONDS[attempts] ?? 0) * 1_000 * scale * (1 + Math.random() * 0.1);
  return Math.max(scheduled, (retryAfterSeconds ?? 0) * 1_000);
}

/** Switches the webhook off (410 Gone, or five days of failures) and gives up what it still had to send. */
async function disableWebhook(
  ctx: TxContext,
  head: DeliveryRow,
  url: string,
  why: 'gone' | 'failing',
  attempt: { attempts: number; status: number | null; error: string },
): Promise<void> {
  const reason = why === 'gone' ? `${url} answered 410 Gone` : `every delivery failed for ${WEBHOOK_DISABLE_AFTER_SECONDS / 86_400} days`;
  await updateDelivery(ctx.tx, head.id, {
    status: 'failed',
    attempts: attempt.attempts,
    lastStatusCode: attempt.status,
    lastError: attempt.error,
  });
  await failPendingDeliveries(ctx.tx, head.webhookId, `webhook disabled: ${reason}`);
  await updateWebhookHealth(ctx.tx, head.webhookId, { enable: false, disabledReason: reason });
  await auditWebhook(ctx, head.webhookId, 'webhookDisabled', { enable: true }, { enable: false, disabledReason: reason }, head.companyId);
  await mailWebhookDisabled(ctx, { id: head.webhookId, url, companyId: head.companyId }, why);
}

async function auditDelivery(ctx: TxContext, head: DeliveryRow, action: AuditAction, after: Record<string, unknown>): Promise<void> {
  const before = { delivery: head.id, type: head.type, status: head.status, attempts: head.attempts };
  await auditWebhook(ctx, head.webhookId, action, before, { delivery: head.id, type: head.type, ...after }, head.companyId);
}

/** A webhook's delivery log, newest first, for whoever may read the webhook (its company's). */
export async function listWebhookDeliveries(
  ctx: ServiceContext,
  webhookId: string,
  query: { limit: number; offset: number; status?: string },
): Promise<Awaited<ReturnType<typeof listDeliveries>>> {
  authorize(ctx, 'webhookRead');
  await loadInScope(ctx, resourceOf(webhookEntity), webhookId);
  return readInOneSnapshot(ctx, (tx) => listDeliveries(tx, webhookId, query));
}

/**
 * A person's change to one webhook (webhookEdit, the webhook locked within their companies):
 * `work` answers what the call returns and what the audit row keeps, written in the same transaction.
 * `enabled`: the change needs a webhook that sends (a delivery put back in the queue would wait forever).
 */
async function changeWebhook<T>(
  ctx: ServiceContext,
  webhookId: string,
  change: { action: AuditAction; enabled?: boolean },
  work: (tx: TxContext) => Promise<{ answer: T; before: unknown; after: unknown }>,
): Promise<T> {
  authorize(ctx, 'webhookEdit');
  return inTransaction(ctx, async (tx) => {
    const webhook = await loadInScope(tx, resourceOf(webhookEntity), webhookId, true);
    if (change.enabled && webhook.enable !== true) throw badRequest('entities.webhook.errors.disabled');
    const { answer, before, after } = await work(tx);
    await auditWebhook(tx, webhookId, change.action, before, after);
    return answer;
  });
}

/** The webhook's audit row of `action`, by whoever acts (a person, the webhook sender). */
function auditWebhook(ctx: TxContext, webhookId: string, action: AuditAction, before: unknown, after: unknown, companyId?: string) {
  return writeAudit(ctx.tx, {
    entityName: 'webhook',
    entityId: webhookId,
    action,
    before,
    after,
    by: auditByOf(principalOf(ctx.actor)),
    ...(companyId ? { companyIds: [companyId] } : {}),
  });
}

/**
 * "Send again": a delivery (given up, or delivered and wanted once more) goes back to its lane,
 * under the same `webhook-id` so a receiver that had it can tell. Answers the delivery as it is now.
 */
export function resendWebhookDelivery(ctx: ServiceContext, webhookId: string, deliveryId: string): Promise<{ id: string; status: string }> {
  return changeWebhook(ctx, webhookId, { action: 'webhookResend', enabled: true }, async (tx) => {
    const delivery = await requeueDelivery(tx.tx, webhookId, deliveryId);
    if (!delivery) throw notFound();
    await wakeLane(tx, webhookId, delivery.lane);
    return {
      answer: { id: delivery.id, status: 'pending' },
      before: { delivery: delivery.id, status: delivery.previousStatus },
      after: { delivery: delivery.id, status: 'pending' },
    };
  });
}

/**
 * "Replay": every given-up delivery of the webhook created in [from, to] goes back to its lane
 * (a receiver that was down for a day), each under its own `webhook-id`. Answers how many.
 */
export function replayFailedDeliveries(
  ctx: ServiceContext,
  webhookId: string,
  range: { from: string; to: string },
): Promise<{ count: number }> {
  authorize(ctx, 'webhookEdit');
  if (Date.parse(range.from) > Date.parse(range.to)) throw badRequest('entities.webhook.errors.replayRange');
  return changeWebhook(ctx, webhookId, { action: 'webhookReplay', enabled: true }, async (tx) => {
    const requeued = await requeueFailedDeliveries(tx.tx, webhookId, range.from, range.to);
    for (const lane of new Set(requeued.map((row) => row.lane))) await wakeLane(tx, webhookId, lane);
    return { answer: { count: requeued.length }, before: null, after: { from: range.from, to: range.to, deliveries: requeued.length } };
  });
}

/**
 * POST /webhook/{id}/rotateSecret: a new signing secret, answered once; the current one keeps
 * signing for `overlapHours` (24 by default, 0 stops it at once). Audited without the secret.
 */
export function rotateSecretOf(
  ctx: ServiceContext,
  webhookId: string,
  overlapHours: number | undefined,
): Promise<{ secret: string; previousValidUntil: string | null }> {
  return changeWebhook(ctx, webhookId, { action: 'rotateSecret' }, async (tx) => {
    const overlap = overlapHours === undefined ? WEBHOOK_SECRET_OVERLAP_SECONDS : overlapHours * 3_600;
    const rotated = await rotateWebhookSecret(tx, webhookId, overlap);
    return { answer: rotated, before: null, after: { previousValidUntil: rotated.previousValidUntil } };
  });
}
