export type SmsMessage = { to: string; text: string; link?: string };

/** What a gateway answered for an SMS it took: its id for the message (SNS MessageId, Sinch batch id). */
export type SmsReceipt = { providerMessageId?: string };

/**
 * A provider speaks to a real gateway (platform/sms-providers: AWS SNS, Sinch; SMS_PROVIDER names
 * the default). A failed send throws SmsDeliveryError, whose `retryable` tells a retrying sender
 * whether the same message may go through later. A provider that has no id to give answers nothing.
 */
export type SmsProvider = { name: string; send(message: SmsMessage): Promise<SmsReceipt | undefined> };

/** The SMS transport the send job uses; without a provider SMS stays in the outbox to be read. */
export type SmsSender = {
  readonly isConfigured: boolean;
  deliver(message: SmsMessage): Promise<SmsReceipt>;
};

export function createSmsSender(options: { provider?: SmsProvider }): SmsSender {
  return {
    isConfigured: Boolean(options.provider),
    async deliver(message) {
      if (!options.provider) throw new Error('no SMS provider: SMS stays in the outbox');
      return (await options.provider.send(message)) ?? {};
    },
  };
}
