import type { ServiceContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import type { MailMessage } from '../../platform/mail';
import type { SmsMessage } from '../../platform/sms';

/**
 * The one way auth and IAM send mail and SMS (verification, password reset, invitation). Services
 * call it inside the transaction of the change that causes the message, so a queue can take the
 * message in that same transaction: nothing leaves for a change that rolled back.
 */
export type OutgoingMessage = ({ channel: 'email'; message: MailMessage } | { channel: 'sms'; message: SmsMessage }) & {
  /**
   * The user is waiting for this message (they asked for it again): a failure is their error too,
   * answered 503 and undoing the request. Other messages (after sign-up, invitations) only log a
   * failure: the change they follow stands and "forgot password" or "send again" recovers.
   */
  required: boolean;
};

export async function deliverMessage(ctx: ServiceContext, outgoing: OutgoingMessage): Promise<void> {
  const send = () => (outgoing.channel === 'sms' ? ctx.deps.sms.send(outgoing.message) : ctx.deps.mailer.send(outgoing.message));
  const to = outgoing.message.to;
  if (outgoing.required) {
    // Sent before the commit so its failure can still be answered; the request rolls back with it.
    try {
      await send();
    } catch (error) {
      ctx.log.error({ err: error, channel: outgoing.channel, to }, 'message not sent');
      throw new AppError(503, 'auth.errors.messageNotSent');
    }
    return;
  }
  const attempt = () => send().catch((error) => ctx.log.error({ err: error, channel: outgoing.channel, to }, 'message not sent'));
  if (ctx.tx) ctx.afterCommit.push(attempt);
  else await attempt();
}
