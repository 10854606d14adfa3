import { isRetryableStatus, jsonObjectOf, retryAfterSecondsOf, safeReason, unreachableCauseOf } from '../message-providers/provider-error';
import type { SmsMessage, SmsProvider } from '../sms';
import { SmsDeliveryError, toE164 } from './delivery-error';

export type SinchSettings = {
  servicePlanId: string;
  apiToken: string;
  /** The SMS API region of the service plan: us, eu, br, au or ca. */
  region: string;
  /** Another base address for the API (tests point it at a local server); Sinch's regional one by default. */
  baseUrl?: string;
  /** The number or alphanumeric sender the SMS comes from (a number of the service plan). */
  from: string;
  timeoutMs: number;
};

export const SINCH_REGIONS = ['us', 'eu', 'br', 'au', 'ca'] as const;

const PROVIDER = 'Sinch';

/** Reasons for the statuses an operator meets; the gateway's own text follows when it sent one. */
const REASONS: Record<number, string> = {
  400: 'Sinch refused the SMS',
  401: 'Sinch refused the API token (check SINCH_API_TOKEN)',
  403: 'Sinch refused this service plan (check SINCH_SERVICE_PLAN_ID and SINCH_REGION)',
  404: 'Sinch does not know this service plan (check SINCH_SERVICE_PLAN_ID and SINCH_REGION)',
  429: 'Sinch is throttling this service plan',
};

/**
 * Sinch (spec: companySettings.smsGateway "Sinch") through its documented REST API: one XMS batch
 * (`POST {base}/xms/v1/{servicePlanId}/batches`, Bearer API token) to one number. Not through the
 * official SDK: its standalone SMS package requires `@sinch/sdk-core` without declaring it, and the
 * current sdk-core depends on packages the registry does not serve; one documented call does not need
 * it. Nothing here retries: the sender (the job queue) decides by the error's `retryable`.
 */
export function createSinchProvider(settings: SinchSettings): SmsProvider {
  const base = (settings.baseUrl ?? `https://${settings.region}.sms.api.sinch.com`).replace(/\/$/, '');
  const url = `${base}/xms/v1/${encodeURIComponent(settings.servicePlanId)}/batches`;
  return {
    name: 'sinch',
    async send(message: SmsMessage) {
      const to = toE164(message.to, PROVIDER);
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { authorization: `Bearer ${settings.apiToken}`, 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ type: 'mt_text', from: settings.from, to: [to], body: message.text }),
          signal: AbortSignal.timeout(settings.timeoutMs),
        });
      } catch (error) {
        // No answer: refused connection, reset, DNS or the timeout.
        throw new SmsDeliveryError({
          provider: PROVIDER,
          retryable: true,
          reason: `Sinch could not be reached (${unreachableCauseOf(error)})`,
        });
      }
      const answer = await response.text().catch(() => '');
      if (!response.ok) throw deliveryErrorOf(response, answer, message);
      // The created batch's id is what its delivery reports name.
      const batchId = jsonObjectOf(answer).id;
      return { providerMessageId: typeof batchId === 'string' ? batchId : undefined };
    },
  };
}

function deliveryErrorOf(response: Response, answer: string, message: SmsMessage): SmsDeliveryError {
  const { status } = response;
  // XMS errors are {code, text}: `syntax_invalid_parameter_format`, `unauthorized`, `too_many_requests`...
  const body = jsonObjectOf(answer);
  const code = typeof body.code === 'string' ? body.code : undefined;
  const text = typeof body.text === 'string' ? safeReason(body.text, [message.text, message.link]) : undefined;
  const retryable = isRetryableStatus(status);
  const known = REASONS[status] ?? (retryable ? 'Sinch failed' : 'Sinch refused the SMS');
  const reason = text && status !== 401 ? `${known}: ${text}` : known;
  const retryAfterSeconds = retryAfterSecondsOf(response.headers.get('retry-after'));
  return new SmsDeliveryError({ provider: PROVIDER, retryable, status, code, reason, retryAfterSeconds });
}
