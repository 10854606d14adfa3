import type { MessageChannel } from '@ebox/domain';
import type { ServiceContext } from '../../platform/context';
import { ProviderDeliveryError } from '../../platform/message-providers/provider-error';
import { reachWhatsAppRecipient, takeWhatsAppSendSlot } from '../../platform/message-providers/whatsapp-limits';
import { sendMessage } from '../../platform/messages';

/**
 * One way out per channel, each behind the same call: e-mail through SMTP, SMS through the company's
 * gateway (AWS SNS or Sinch, `companySettings.smsGateway`, else the configured default), WhatsApp
 * through the Cloud API, push through FCM. E-mail and SMS without a provider go to the console's
 * outbox, as the account messages do; WhatsApp and push without one fail for good, so the next
 * channel of the company's order is tried.
 */

export type OutgoingCustomerMessage = {
  channel: MessageChannel;
  recipient: string;
  subject: string | null;
  text: string;
  /** A WhatsApp template message: Meta's approved template, its language and its body's values. */
  whatsappTemplate?: { name: string; languageCode: string; bodyParameters: string[] };
  smsGateway: 'AWS' | 'SINCH' | null;
};

export type TransportReceipt = { provider: string; providerMessageId: string | null };

const notConfigured = (provider: string, what: string) =>
  new ProviderDeliveryError({ provider, retryable: false, code: 'not_configured', reason: `no ${what} is configured` });

export async function sendOnChannel(ctx: ServiceContext, message: OutgoingCustomerMessage): Promise<TransportReceipt> {
  const { deps } = ctx;
  switch (message.channel) {
    case 'email': {
      if (!deps.mailer.isConfigured) return keepInOutbox(ctx, message);
      await deps.mailer.deliver({ to: message.recipient, subject: message.subject ?? '', text: message.text });
      return { provider: 'smtp', providerMessageId: null };
    }
    case 'sms': {
      const providers = deps.messageProviders.sms;
      const provider = (message.smsGateway && providers.byGateway[message.smsGateway]) || providers.default;
      if (!provider) return keepInOutbox(ctx, message);
      const receipt = await provider.send({ to: message.recipient, text: message.text });
      return { provider: provider.name, providerMessageId: receipt?.providerMessageId ?? null };
    }
    case 'whatsapp': {
      const whatsapp = deps.messageProviders.whatsapp;
      if (!whatsapp) throw notConfigured('WhatsApp', 'WhatsApp Cloud API (WHATSAPP_ACCESS_TOKEN)');
      if (!message.whatsappTemplate?.name) {
        throw new ProviderDeliveryError({
          provider: 'WhatsApp',
          retryable: false,
          code: 'no_template_name',
          reason: "the template has no subject: a WhatsApp template's subject is the name Meta approved",
        });
      }
      // Meta's tier and throughput, shared with the bots' replies (a refusal here falls back to the next channel).
      const number = deps.config.whatsapp?.phoneNumberId ?? '';
      const limits = deps.config.whatsappLimits;
      await reachWhatsAppRecipient(deps.db, number, message.recipient.replace(/\D/g, ''), limits.tierRecipients);
      await takeWhatsAppSendSlot(deps.db, number, limits.messagesPerSecond);
      const receipt = await whatsapp.send({ to: message.recipient, template: message.whatsappTemplate });
      return { provider: 'whatsapp', providerMessageId: receipt.providerMessageId };
    }
    case 'push': {
      const push = deps.messageProviders.push;
      if (!push) throw notConfigured('FCM', 'Firebase Cloud Messaging (FCM_SERVICE_ACCOUNT)');
      const receipt = await push.send({ token: message.recipient, title: message.subject ?? '', body: message.text });
      return { provider: 'fcm', providerMessageId: receipt.providerMessageId };
    }
  }
}

/** The console's outbox: readable by an administrator; "sent" for the message log, as it left our hands. */
async function keepInOutbox(ctx: ServiceContext, message: OutgoingCustomerMessage): Promise<TransportReceipt> {
  const id =
    message.channel === 'email'
      ? await sendMessage(ctx, { channel: 'email', to: message.recipient, subject: message.subject ?? '', text: message.text })
      : await sendMessage(ctx, { channel: 'sms', to: message.recipient, text: message.text });
  return { provider: 'outbox', providerMessageId: id };
}
