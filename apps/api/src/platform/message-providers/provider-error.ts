import { isPlainObject } from '@ebox/domain';
import { codeOf } from '../errors';
import { maskSecrets } from '../secrets';

/**
 * What a provider client throws when a message did not leave. `retryable` tells the caller (the
 * job queue's worker) whether the same message may go through later: the provider throttled us,
 * failed on its side or could not be reached; `retryAfterSeconds` is the wait the provider asked
 * for, when it named one. Everything else (a recipient it refuses, credentials it refuses, a
 * request it calls malformed) fails the same way next time: the next channel is the way forward.
 *
 * The message names the provider, the HTTP status and the provider's own error code and reason,
 * never the message text nor any credential: it is logged and shown in the message log.
 */
export class ProviderDeliveryError extends Error {
  override readonly name: string = 'ProviderDeliveryError';
  readonly provider: string;
  readonly retryable: boolean;
  /** The provider's HTTP status; undefined when no answer came (network, timeout). */
  readonly status: number | undefined;
  /** The provider's own error code (`InvalidParameter`, Meta's `131026`, FCM's `UNREGISTERED`...), when it gave one. */
  readonly code: string | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(options: {
    provider: string;
    retryable: boolean;
    status?: number;
    code?: string;
    reason: string;
    retryAfterSeconds?: number;
  }) {
    const answer = [options.status === undefined ? 'no answer' : `HTTP ${options.status}`, options.code].filter(Boolean).join(' ');
    const wait = options.retryable && options.retryAfterSeconds !== undefined ? ` after ${options.retryAfterSeconds} s` : '';
    const outcome = options.retryable ? `retryable${wait}` : 'permanent, not retried';
    super(`${options.provider}: ${options.reason} (${answer}; ${outcome})`);
    this.provider = options.provider;
    this.retryable = options.retryable;
    this.status = options.status;
    this.code = options.code;
    this.retryAfterSeconds = options.retryable ? options.retryAfterSeconds : undefined;
  }
}

/** True for an error a later attempt may get past; an unknown error counts as worth one more try. */
export function isRetryableProviderError(error: unknown): boolean {
  return error instanceof ProviderDeliveryError ? error.retryable : true;
}

/** HTTP statuses a later attempt may get past: throttling, timeouts and the provider's own failures. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

/** Retry-After as whole seconds (a number of seconds or an HTTP date); undefined when absent or unreadable. */
export function retryAfterSecondsOf(value: string | null | undefined, now = Date.now()): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text);
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1_000));
}

/** Why a call got no answer at all: the system error code (ECONNREFUSED, ENOTFOUND...) or the abort's name. */
export function unreachableCauseOf(error: unknown): string {
  const code = error instanceof Error ? codeOf(error.cause) : undefined;
  return typeof code === 'string' ? code : error instanceof Error ? error.name : String(error);
}

const MAX_REASON_LENGTH = 300;
/** Shorter pieces (a template parameter "1") are too common to cut out without garbling the reason. */
const MIN_SECRET_LENGTH = 4;

/**
 * A provider's reason text made safe to log: providers echo parts of a request in their errors, so
 * the message's text, parameters and link are cut out and any link token masked.
 */
export function safeReason(reason: string | undefined, secrets: readonly (string | undefined)[]): string | undefined {
  if (!reason) return undefined;
  let text = reason;
  const pieces = secrets.filter((secret): secret is string => Boolean(secret && secret.length >= MIN_SECRET_LENGTH));
  // Longest first: a parameter inside the full text must not break the text's own replacement.
  for (const secret of pieces.sort((a, b) => b.length - a.length)) text = text.split(secret).join('[message]');
  text = maskSecrets(text).replace(/\s+/g, ' ').trim();
  return text.length > MAX_REASON_LENGTH ? `${text.slice(0, MAX_REASON_LENGTH)}…` : text;
}

/**
 * The digits of a number in E.164 (`5531987654321`), as the providers take it. Phone numbers are
 * kept as typed with the country code (spec 5.3: digits, starting with a digit); separators and a
 * leading `+` or `00` are dropped. Undefined for a number that cannot be E.164 (fewer than 8 or
 * more than 15 digits): no provider would take it, and retrying would not make it valid.
 */
export function e164DigitsOf(phoneNumber: string): string | undefined {
  let digits = phoneNumber.replace(/[\s().-]/g, '');
  if (digits.startsWith('+')) digits = digits.slice(1);
  else if (digits.startsWith('00')) digits = digits.slice(2);
  return /^[1-9]\d{7,14}$/.test(digits) ? digits : undefined;
}

export const NOT_E164_REASON = 'the phone number is not a full international number (country code, area code and number, 8 to 15 digits)';

/** A provider's JSON answer as an object; a proxy's HTML page or an empty body reads as {} (the status says enough). */
export function jsonObjectOf(text: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(text);
    return isPlainObject(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

/** POSTs to a provider; no answer at all (refused connection, reset, DNS, the timeout) is worth another try. */
export async function postToProvider(provider: string, url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { method: 'POST', ...init });
  } catch (error) {
    throw new ProviderDeliveryError({
      provider,
      retryable: true,
      reason: `${provider} could not be reached (${unreachableCauseOf(error)})`,
    });
  }
}
