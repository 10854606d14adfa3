import { e164DigitsOf, NOT_E164_REASON, ProviderDeliveryError } from '../message-providers/provider-error';

/**
 * What an SMS provider throws when an SMS did not leave: a ProviderDeliveryError (its `retryable`,
 * `status`, `code` and `retryAfterSeconds`) under the name the outbox and its tests know.
 */
export class SmsDeliveryError extends ProviderDeliveryError {
  override readonly name: string = 'SmsDeliveryError';
}

/** The number in E.164 (`+5531987654321`), as both gateways take it; refused before any gateway is called otherwise. */
export function toE164(phoneNumber: string, provider: string): string {
  const digits = e164DigitsOf(phoneNumber);
  if (!digits) throw new SmsDeliveryError({ provider, retryable: false, reason: NOT_E164_REASON });
  return `+${digits}`;
}
