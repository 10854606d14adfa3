import { auditByOf, writeAudit } from './audit';
import type { ServiceContext, TxContext } from './context';
import { inTransaction, principalOf } from './context';
import { publishEvent } from './events';
import type { JobAttempt } from './jobs/job';
import { isRetryableJobError } from './jobs/retry';
import { outboxContent } from './mail';
import { findOutboxMessage, recordSendAttempt } from './outbox-repository';

/**
 * The send job's handler (loaded on first use): one attempt to hand a queued outbox message to its
 * transport. A message no longer `queued` (sent by an earlier run whose completion was lost) is not
 * sent again. The text keeps its one-time token only while no transport has carried it.
 */
export async function run(ctx: ServiceContext, payload: { messageId: string }, attempt: JobAttempt): Promise<void> {
  const { db, mailer, sms } = ctx.deps;
  const row = await findOutboxMessage(db, payload.messageId);
  if (row?.status !== 'queued') return;
  const channel = row.channel === 'sms' ? 'sms' : 'email';
  const transport = channel === 'email' ? mailer : sms;
  if (!transport.isConfigured) {
    // This process has no transport for it (a worker started without SMTP_URL): keep it readable.
    ctx.log.warn({ messageId: row.id, channel }, 'no transport in this worker: message kept in outbox');
    await recordSendAttempt(db, row.id, { status: 'outbox', attempts: row.attempts, error: null });
    return;
  }
  try {
    if (channel === 'email') {
      await mailer.deliver({ to: row.recipient, subject: row.subject ?? '', text: row.body, html: row.html ?? undefined });
    } else {
      await sms.deliver({ to: row.recipient, text: row.body, link: row.link ?? undefined });
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const final = attempt.last || !isRetryableJobError(error);
    await inTransaction(ctx, async (tx) => {
      await recordSendAttempt(tx.tx, row.id, {
        status: final ? 'failed' : 'queued',
        attempts: attempt.number,
        error: message,
        // nobody will send this one again: its token is of no use to anybody any more
        ...(final ? { content: outboxContent({ text: row.body, html: row.html, link: row.link }, true) } : {}),
      });
      if (final) {
        await auditDelivery(tx, row, { status: 'failed', attempts: attempt.number, error: message });
        await publishEvent(tx, 'message.failed', {
          messageId: row.id,
          channel,
          recipient: row.recipient,
          error: message,
          attempts: attempt.number,
        });
      }
    });
    throw error;
  }
  await inTransaction(ctx, async (tx) => {
    await recordSendAttempt(tx.tx, row.id, {
      status: 'sent',
      attempts: attempt.number,
      error: null,
      content: outboxContent({ text: row.body, html: row.html, link: row.link }, true),
    });
    await auditDelivery(tx, row, { status: 'sent', attempts: attempt.number, error: null });
    await publishEvent(tx, 'message.sent', { messageId: row.id, channel, recipient: row.recipient, attempts: attempt.number });
  });
}

/**
 * The job's change of a message's fate goes to the audit log like anyone's change, by its actor
 * (`system:messageSender`). Only the delivery facts are kept: the text may hold a one-time token.
 */
async function auditDelivery(
  ctx: TxContext,
  row: { id: string; status: string; attempts: number; error: string | null },
  after: { status: 'sent' | 'failed'; attempts: number; error: string | null },
): Promise<void> {
  await writeAudit(ctx.tx, {
    entityName: 'outbox',
    entityId: row.id,
    action: after.status,
    before: { status: row.status, attempts: row.attempts, error: row.error },
    after,
    by: auditByOf(principalOf(ctx.actor)),
  });
}
