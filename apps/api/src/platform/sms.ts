import type { Db } from './db/client';
import { outboxMessage } from './db/schema';
import { outboxContent } from './mail';
import { maskSecrets } from './secrets';

export type SmsMessage = { to: string; text: string; link?: string };

/**
 * A provider speaks to a real gateway (platform/sms-providers: AWS SNS, Sinch; SMS_PROVIDER picks
 * which). A failed send throws SmsDeliveryError, whose `retryable` tells a retrying sender whether
 * the same message may go through later.
 */
export type SmsProvider = { name: string; send(message: SmsMessage): Promise<void> };

export type SmsSender = {
  readonly isConfigured: boolean;
  send(message: SmsMessage): Promise<void>;
};

type Log = { info: (obj: object, msg?: string) => void; error: (obj: object, msg?: string) => void };

/** Like mail: without a provider every SMS is kept in the outbox (and logged with its token masked). */
export function createSmsSender(options: { db: Db; provider?: SmsProvider; log: Log }): SmsSender {
  return {
    isConfigured: Boolean(options.provider),
    async send(message) {
      let status = options.provider ? 'sent' : 'outbox';
      let error: string | null = null;
      if (options.provider) {
        try {
          await options.provider.send(message);
        } catch (err) {
          status = 'failed';
          error = err instanceof Error ? err.message : String(err);
          options.log.error({ err, to: message.to }, 'sms not sent');
        }
      } else {
        options.log.info({ to: message.to, link: message.link && maskSecrets(message.link) }, 'sms kept in outbox (no provider)');
      }
      await options.db.insert(outboxMessage).values({
        channel: 'sms',
        recipient: message.to,
        ...outboxContent({ text: message.text, link: message.link }, Boolean(options.provider)),
        status,
        error,
      });
      if (status === 'failed') throw new Error(error ?? 'sms failed');
    },
  };
}
