import type { OutboxStatus } from '@ebox/domain';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from './db/client';
import { outboxMessage } from './db/schema';

export type OutboxRow = typeof outboxMessage.$inferSelect;

export async function insertOutboxMessage(
  db: Tx,
  values: {
    channel: 'email' | 'sms';
    recipient: string;
    subject: string | null;
    body: string;
    html: string | null;
    link: string | null;
    status: OutboxStatus;
  },
): Promise<OutboxRow> {
  const [row] = await db.insert(outboxMessage).values(values).returning();
  if (!row) throw new Error('outbox message not stored');
  return row;
}

export async function findOutboxMessage(db: Tx, id: string): Promise<OutboxRow | undefined> {
  const [row] = await db.select().from(outboxMessage).where(eq(outboxMessage.id, id));
  return row;
}

/** How a send attempt ended: the new status, the attempts so far, the error, and what to keep of the text. */
export async function recordSendAttempt(
  db: Tx,
  id: string,
  values: {
    status: OutboxStatus;
    attempts: number;
    error: string | null;
    content?: { body: string; html: string | null; link: string | null };
  },
): Promise<void> {
  await db
    .update(outboxMessage)
    .set({
      status: values.status,
      attempts: values.attempts,
      error: values.error,
      ...values.content,
      ...(values.status === 'sent' ? { sentAt: sql`now()` } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(outboxMessage.id, id));
}
