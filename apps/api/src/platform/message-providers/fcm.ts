import { sign } from 'node:crypto';
import { isPlainObject } from '@ebox/domain';
import { isRetryableStatus, jsonObjectOf, ProviderDeliveryError, postToProvider, retryAfterSecondsOf, safeReason } from './provider-error';

/** The fields of a Google service-account key file (JSON) that FCM's OAuth flow uses. */
export type FcmServiceAccount = {
  client_email: string;
  private_key: string;
  token_uri?: string;
  project_id?: string;
  private_key_id?: string;
};

export type FcmSettings = {
  serviceAccount: FcmServiceAccount;
  projectId: string;
  /** Another address for FCM (the provider sandbox in tests and the demo); Google's by default. */
  baseUrl?: string;
  timeoutMs: number;
};

/** A notification to one device token a customer's app registered. `data` values are strings, as FCM takes them. */
export type PushMessage = { token: string; title: string; body: string; data?: Record<string, string> };

export type PushProvider = { name: 'fcm'; send(message: PushMessage): Promise<{ providerMessageId: string }> };

export const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
const DEFAULT_BASE_URL = 'https://fcm.googleapis.com';
const DEFAULT_TOKEN_URI = 'https://oauth2.googleapis.com/token';
/** The assertion's lifetime: Google refuses one over an hour. */
const ASSERTION_SECONDS = 3600;
/** A token is renewed this long before it expires, so none expires between the check and FCM reading it. */
const TOKEN_MARGIN_MS = 60_000;

const PROVIDER = 'FCM';

/** FCM error codes a later attempt may get past; the others (UNREGISTERED, INVALID_ARGUMENT...) fail the same way again. */
const RETRYABLE_CODES = new Set(['QUOTA_EXCEEDED', 'UNAVAILABLE', 'INTERNAL']);

const REASONS: Record<string, string> = {
  UNREGISTERED: 'the device token is no longer registered (the app was uninstalled or the token expired)',
  SENDER_ID_MISMATCH: 'the device token belongs to another Firebase project',
  THIRD_PARTY_AUTH_ERROR: "APNs or Web Push refused the project's credentials",
  QUOTA_EXCEEDED: 'FCM is throttling this project',
  UNAVAILABLE: 'FCM is unavailable',
  UNAUTHENTICATED: 'FCM refused the access token (a new one is fetched for the next attempt)',
  PERMISSION_DENIED: 'this service account may not send for the project (check FCM_PROJECT_ID and the account role)',
};

/**
 * Firebase Cloud Messaging HTTP v1 (`POST {base}/v1/projects/{id}/messages:send`) with an OAuth 2.0
 * access token got for the service account (RFC 7523: a JWT signed RS256 with its private key,
 * exchanged at its token_uri). The token is kept until shortly before it expires and fetched once
 * for concurrent sends. Nothing here retries: the job queue decides by the error's `retryable`.
 */
export function createFcmProvider(settings: FcmSettings): PushProvider {
  const base = (settings.baseUrl ?? DEFAULT_BASE_URL).replace(/\/$/, '');
  const url = `${base}/v1/projects/${encodeURIComponent(settings.projectId)}/messages:send`;
  const tokenUri = settings.serviceAccount.token_uri ?? DEFAULT_TOKEN_URI;
  let cached: { token: string; expiresAt: number } | undefined;
  let pending: Promise<string> | undefined;

  async function fetchAccessToken(): Promise<string> {
    const assertion = signAssertion(settings.serviceAccount, tokenUri);
    const response = await postToProvider(PROVIDER, tokenUri, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }).toString(),
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
    const body = jsonObjectOf(await response.text().catch(() => ''));
    if (!response.ok || typeof body.access_token !== 'string') {
      // Google's OAuth errors: {error: 'invalid_grant', error_description}.
      const code = typeof body.error === 'string' ? body.error : undefined;
      const description = typeof body.error_description === 'string' ? body.error_description : undefined;
      const retryable = isRetryableStatus(response.status);
      const known = retryable
        ? 'Google could not issue an access token'
        : "Google refused the service account's key (check FCM_SERVICE_ACCOUNT)";
      throw new ProviderDeliveryError({
        provider: PROVIDER,
        retryable,
        status: response.status,
        code,
        reason: description ? `${known}: ${safeReason(description, [])}` : known,
        retryAfterSeconds: retryAfterSecondsOf(response.headers.get('retry-after')),
      });
    }
    const expiresIn = typeof body.expires_in === 'number' ? body.expires_in : ASSERTION_SECONDS;
    cached = { token: body.access_token, expiresAt: Date.now() + expiresIn * 1000 };
    return body.access_token;
  }

  function accessToken(): Promise<string> {
    if (cached && Date.now() < cached.expiresAt - TOKEN_MARGIN_MS) return Promise.resolve(cached.token);
    pending ??= fetchAccessToken().finally(() => {
      pending = undefined;
    });
    return pending;
  }

  return {
    name: 'fcm',
    async send(message) {
      const token = await accessToken();
      const notification = { token: message.token, notification: { title: message.title, body: message.body } };
      const response = await postToProvider(PROVIDER, url, {
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ message: message.data ? { ...notification, data: message.data } : notification }),
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
      const body = jsonObjectOf(await response.text().catch(() => ''));
      if (response.ok && typeof body.name === 'string') return { providerMessageId: body.name };
      const error = deliveryErrorOf(response, body, [message.title, message.body, message.token, ...Object.values(message.data ?? {})]);
      // A token FCM no longer takes (revoked, or expired early): the next attempt fetches another.
      if (error.code === 'UNAUTHENTICATED') cached = undefined;
      throw error;
    },
  };
}

/** The RS256 JWT assertion a service account exchanges for an access token (Google's "two-legged" OAuth). */
function signAssertion(account: FcmServiceAccount, tokenUri: string): string {
  const now = Math.floor(Date.now() / 1000);
  const header = { alg: 'RS256', typ: 'JWT', ...(account.private_key_id ? { kid: account.private_key_id } : {}) };
  const claims = { iss: account.client_email, scope: FCM_SCOPE, aud: tokenUri, iat: now, exp: now + ASSERTION_SECONDS };
  const unsigned = [header, claims].map((part) => Buffer.from(JSON.stringify(part)).toString('base64url')).join('.');
  try {
    return `${unsigned}.${sign('sha256', Buffer.from(unsigned), account.private_key).toString('base64url')}`;
  } catch {
    throw new ProviderDeliveryError({
      provider: PROVIDER,
      retryable: false,
      reason: "the service account's private_key cannot sign (check FCM_SERVICE_ACCOUNT)",
    });
  }
}

function deliveryErrorOf(response: Response, body: Record<string, unknown>, secrets: string[]): ProviderDeliveryError {
  // google.rpc.Status: {error: {code, message, status, details: [{'@type': '...FcmError', errorCode}]}}.
  const error = isPlainObject(body.error) ? body.error : {};
  const details = Array.isArray(error.details) ? error.details.filter(isPlainObject) : [];
  const fcmCode = details.find((detail) => String(detail['@type']).endsWith('google.firebase.fcm.v1.FcmError'))?.errorCode;
  const code = typeof fcmCode === 'string' ? fcmCode : typeof error.status === 'string' ? error.status : undefined;
  const retryable = (code !== undefined && RETRYABLE_CODES.has(code)) || code === 'UNAUTHENTICATED' || isRetryableStatus(response.status);
  const googleReason = typeof error.message === 'string' ? safeReason(error.message, secrets) : undefined;
  const reason = (code && REASONS[code]) ?? googleReason ?? (retryable ? 'FCM failed' : 'FCM refused the notification');
  return new ProviderDeliveryError({
    provider: PROVIDER,
    retryable,
    status: response.status,
    code,
    reason,
    retryAfterSeconds: retryAfterSecondsOf(response.headers.get('retry-after')),
  });
}
