import type { ServiceContext } from '../../platform/context';
import type { MailMessage } from '../../platform/mail';
import { sendMessage } from '../../platform/messages';
import type { SmsMessage } from '../../platform/sms';

/**
 * The one way auth and IAM send mail and SMS (verification, password reset, invitation). Services
 * call it inside the transaction of the change that causes the message: the message is written to
 * the transactional outbox with its send job in that transaction (platform/messages.ts), so nothing
 * leaves for a change that rolled back and nothing is lost after one that committed. A transport
 * that fails later shows in the outbox as retried, then failed; the request itself has succeeded.
 */
export type OutgoingMessage = { channel: 'email'; message: MailMessage } | { channel: 'sms'; message: SmsMessage };

export async function deliverMessage(ctx: ServiceContext, outgoing: OutgoingMessage): Promise<void> {
  await sendMessage(ctx, outgoing.channel === 'sms' ? { channel: 'sms', ...outgoing.message } : { channel: 'email', ...outgoing.message });
}
