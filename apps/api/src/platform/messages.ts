import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Tx } from './db/client';
import { defineJob } from './jobs/job';
import { type EnqueueContext, enqueueJob } from './jobs/queue';
import type { MailMessage } from './mail';
import { insertOutboxMessage } from './outbox-repository';
import { maskSecrets } from './secrets';
import type { SmsMessage } from './sms';

/**
 * The transactional outbox. Sending a message is writing it: `sendMessage` inserts the outbox row
 * (`queued`) and its send job in the caller's transaction, so a change that rolls back sends
 * nothing and one that commits loses nothing, whatever happens to the process next. The job
 * (platform/deliver-message.ts) hands it to SMTP or the SMS provider and records `sent`, or
 * retries with backoff and records `failed` with the error and the attempts, publishing
 * `message.failed`. A channel with no transport keeps the message readable in the outbox
 * (`outbox`) and sends no job; its link is masked by the reading rules of modules/outbox/service.ts.
 */
export type OutgoingMessage = ({ channel: 'email' } & MailMessage) | ({ channel: 'sms' } & SmsMessage);

export const sendMessageJob = defineJob({
  name: 'messages.send',
  payload: z.object({ messageId: z.uuid() }),
  actor: 'messageSender',
  // 30 s, then about 1, 2 and 4 minutes: an SMTP server restarting has time to come back
  retry: { limit: 3, delaySeconds: 30 },
  expireInSeconds: 5 * 60,
  handler: () => import('./deliver-message').then((m) => m.run),
});

export type MessageContext = EnqueueContext & { log?: FastifyBaseLogger };

/**
 * Puts a message in the outbox and, when its channel has a transport, queues its sending; both in
 * `ctx.tx` when the caller has a transaction, else in one of their own. Answers the outbox row's id.
 */
export async function sendMessage(ctx: MessageContext, message: OutgoingMessage): Promise<string> {
  const transported = message.channel === 'email' ? ctx.deps.mailer.isConfigured : ctx.deps.sms.isConfigured;
  const log = ctx.log ?? ctx.deps.log;
  const write = async (tx: Tx, afterCommit: (() => void | Promise<void>)[] | undefined) => {
    const row = await insertOutboxMessage(tx, {
      channel: message.channel,
      recipient: message.to,
      subject: message.channel === 'email' ? message.subject : null,
      body: message.text,
      html: message.channel === 'email' ? (message.html ?? null) : null,
      link: message.link ?? null,
      status: transported ? 'queued' : 'outbox',
    });
    if (transported) await enqueueJob({ deps: ctx.deps, tx, afterCommit }, sendMessageJob, { messageId: row.id });
    return row.id;
  };
  let id: string;
  if (ctx.tx) {
    id = await write(ctx.tx, ctx.afterCommit);
  } else {
    const afterCommit: (() => void | Promise<void>)[] = [];
    id = await ctx.deps.db.transaction((tx) => write(tx, afterCommit));
    for (const callback of afterCommit) await callback();
  }
  if (!transported) {
    const what = message.channel === 'email' ? 'mail kept in outbox (no SMTP_URL)' : 'sms kept in outbox (no provider)';
    log.info(
      {
        to: message.to,
        ...(message.channel === 'email' ? { subject: message.subject } : {}),
        link: message.link && maskSecrets(message.link),
      },
      what,
    );
  }
  return id;
}
