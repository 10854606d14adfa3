import nodemailer from 'nodemailer';
import type { Db } from './db/client';
import { outboxMessage } from './db/schema';
import { maskSecrets } from './secrets';

export type MailMessage = { to: string; subject: string; text: string; html?: string; link?: string };

export type Mailer = {
  /** True when mail leaves through SMTP; false when it only reaches the outbox. */
  readonly isConfigured: boolean;
  send(message: MailMessage): Promise<void>;
};

type Log = { info: (obj: object, msg?: string) => void; error: (obj: object, msg?: string) => void };

/**
 * Sends through SMTP_URL (nodemailer) when set. Every message is also kept in the outbox table,
 * so the owner can read it in the console and, without SMTP, verification and reset links still
 * reach a laptop user. A message that left keeps no usable link there, and the log never gets one.
 */
export function createMailer(options: { db: Db; smtpUrl?: string; from: string; log: Log }): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  return {
    isConfigured: Boolean(transport),
    async send(message) {
      let status = transport ? 'sent' : 'outbox';
      let error: string | null = null;
      if (transport) {
        try {
          await transport.sendMail({
            from: options.from,
            to: message.to,
            subject: message.subject,
            text: message.text,
            html: message.html,
          });
        } catch (err) {
          status = 'failed';
          error = err instanceof Error ? err.message : String(err);
          options.log.error({ err, to: message.to }, 'mail not sent');
        }
      } else {
        options.log.info(
          { to: message.to, subject: message.subject, link: message.link && maskSecrets(message.link) },
          'mail kept in outbox (no SMTP_URL)',
        );
      }
      await options.db.insert(outboxMessage).values({
        channel: 'email',
        recipient: message.to,
        subject: message.subject,
        ...outboxContent(message, Boolean(transport)),
        status,
        error,
      });
      if (status === 'failed') throw new Error(error ?? 'mail failed');
    },
  };
}

/**
 * What the outbox keeps of a message: all of it while it is the only way the message reaches its
 * reader; once a transport carries it, the token would only be a way in for outbox readers.
 */
export function outboxContent(message: { text: string; link?: string }, leftThroughTransport: boolean) {
  if (!leftThroughTransport) return { body: message.text, link: message.link ?? null };
  return { body: maskSecrets(message.text), link: message.link ? maskSecrets(message.link) : null };
}
