export type SmsMessage = { to: string; text: string; link?: string };

/**
 * A provider speaks to a real gateway (platform/sms-providers: AWS SNS, Sinch; SMS_PROVIDER picks
 * which). A failed send throws SmsDeliveryError, whose `retryable` tells a retrying sender whether
 * the same message may go through later.
 */
export type SmsProvider = { name: string; send(message: SmsMessage): Promise<void> };

/** The SMS transport the send job uses; without a provider SMS stays in the outbox to be read. */
export type SmsSender = {
  readonly isConfigured: boolean;
  deliver(message: SmsMessage): Promise<void>;
};

export function createSmsSender(options: { provider?: SmsProvider }): SmsSender {
  return {
    isConfigured: Boolean(options.provider),
    async deliver(message) {
      if (!options.provider) throw new Error('no SMS provider: SMS stays in the outbox');
      await options.provider.send(message);
    },
  };
}
