import type { Transporter } from 'nodemailer';
import { maskSecrets } from './secrets';

export type MailMessage = { to: string; subject: string; text: string; html?: string; link?: string };

/**
 * The mail transport: SMTP_URL through nodemailer, used by the send job (platform/messages.ts puts
 * every message in the outbox first). Without SMTP_URL `isConfigured` is false and mail stays in
 * the outbox to be read there.
 */
export type Mailer = {
  /** True when mail leaves through SMTP; false when it only reaches the outbox. */
  readonly isConfigured: boolean;
  /** Hands one message to the SMTP server; throws nodemailer's error (with `responseCode`) otherwise. */
  deliver(message: MailMessage): Promise<void>;
};

export function createMailer(options: { smtpUrl?: string; from: string }): Mailer {
  const { smtpUrl } = options;
  // nodemailer is loaded with the first mail sent, not when the API starts.
  let transport: Promise<Transporter> | undefined;
  return {
    isConfigured: Boolean(smtpUrl),
    async deliver(message) {
      if (!smtpUrl) throw new Error('no SMTP_URL: mail stays in the outbox');
      transport ??= import('nodemailer').then((nodemailer) => nodemailer.default.createTransport(smtpUrl));
      await (await transport).sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
    },
  };
}

/**
 * What the outbox keeps of a message: all of it while it is the only way the message reaches its
 * reader (or until its transport has carried it); afterwards the token would only be a way in for
 * outbox readers.
 */
export function outboxContent(message: { text: string; html?: string | null; link?: string | null }, leftThroughTransport: boolean) {
  const html = message.html ?? null;
  if (!leftThroughTransport) return { body: message.text, html, link: message.link ?? null };
  return {
    body: maskSecrets(message.text),
    html: html && maskSecrets(html),
    link: message.link ? maskSecrets(message.link) : null,
  };
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe inside a mail's HTML part (names, links and reasons come from users and receivers). */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}
