import { maskSecrets } from '../secrets';
import type { SmsMessage } from '../sms';

/**
 * What a provider throws when an SMS did not leave. `retryable` tells the caller (the request
 * today, the job queue's worker tomorrow) whether the same message may go through later: the
 * gateway throttled us, failed on its side or could not be reached. Everything else (a number it
 * refuses, credentials it refuses, a request it calls malformed) fails the same way next time.
 *
 * The message names the provider, the HTTP status and the provider's own error code and reason,
 * never the SMS text (it carries the reset link) nor any credential: it is logged and shown in the
 * outbox.
 */
export class SmsDeliveryError extends Error {
  override readonly name = 'SmsDeliveryError';
  readonly provider: string;
  readonly retryable: boolean;
  /** The gateway's HTTP status; undefined when no answer came (network, timeout). */
  readonly status: number | undefined;
  /** The gateway's own error code (`InvalidParameter`, `unauthorized`...), when it gave one. */
  readonly code: string | undefined;

  constructor(options: { provider: string; retryable: boolean; status?: number; code?: string; reason: string }) {
    const answer = [options.status === undefined ? 'no answer' : `HTTP ${options.status}`, options.code].filter(Boolean).join(' ');
    const outcome = options.retryable ? 'retryable' : 'permanent, not retried';
    super(`${options.provider}: ${options.reason} (${answer}; ${outcome})`);
    this.provider = options.provider;
    this.retryable = options.retryable;
    this.status = options.status;
    this.code = options.code;
  }
}

/** True for an error a later attempt may get past; an unknown error counts as worth one more try. */
export function isRetryableSmsError(error: unknown): boolean {
  return error instanceof SmsDeliveryError ? error.retryable : true;
}

/** HTTP statuses a later attempt may get past: throttling, timeouts and the gateway's own failures. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

const MAX_REASON_LENGTH = 300;

/**
 * A gateway's reason text made safe to log: gateways echo parts of a request in their errors, so
 * the message text and its link are cut out and any link token masked.
 */
export function safeReason(reason: string | undefined, message: SmsMessage): string | undefined {
  if (!reason) return undefined;
  let text = reason;
  for (const secret of [message.text, message.link]) {
    if (secret) text = text.split(secret).join('[message]');
  }
  text = maskSecrets(text).replace(/\s+/g, ' ').trim();
  return text.length > MAX_REASON_LENGTH ? `${text.slice(0, MAX_REASON_LENGTH)}…` : text;
}

/**
 * The number in E.164 (`+5531987654321`), as both gateways take it. Phone numbers are kept as typed
 * with the country code (spec 5.3: digits, starting with a digit); separators and a leading `+` or
 * `00` are dropped. A number that cannot be E.164 (fewer than 8 or more than 15 digits) is refused
 * before any gateway is called: retrying would not make it valid.
 */
export function toE164(phoneNumber: string, provider: string): string {
  let digits = phoneNumber.replace(/[\s().-]/g, '');
  if (digits.startsWith('+')) digits = digits.slice(1);
  else if (digits.startsWith('00')) digits = digits.slice(2);
  if (!/^[1-9]\d{7,14}$/.test(digits)) {
    throw new SmsDeliveryError({
      provider,
      retryable: false,
      reason: 'the phone number is not a full international number (country code, area code and number, 8 to 15 digits)',
    });
  }
  return `+${digits}`;
}
