import { createPublicKey, generateKeyPair, type KeyObject, randomBytes, verify } from 'node:crypto';
import { promisify } from 'node:util';
import { bearerOf, type FailureScript, JSON_TYPE, jsonAnswer, jsonBodyOf, type ProviderHandler, recordOf, textOf } from './sandbox-kit';

/** A service-account key file as Google's console downloads it, pointing at the sandbox for tokens. */
export type FcmServiceAccount = { type: 'service_account' } & Record<
  'project_id' | 'private_key_id' | 'private_key' | 'client_email' | 'client_id' | 'auth_uri' | 'token_uri',
  string
>;

export type FcmReceived = { messageId: string; token: string; title?: string; body?: string; data?: Record<string, string> };

export const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';

/** FCM error codes, first the one a scripted status gets: HTTP status, the google.rpc status and FCM's message. */
const ERRORS: [string, number, string, string][] = [
  ['UNREGISTERED', 404, 'NOT_FOUND', 'Requested entity was not found.'],
  ['INVALID_ARGUMENT', 400, 'INVALID_ARGUMENT', 'The registration token is not a valid FCM registration token'],
  ['SENDER_ID_MISMATCH', 403, 'PERMISSION_DENIED', 'SenderId mismatch'],
  ['QUOTA_EXCEEDED', 429, 'RESOURCE_EXHAUSTED', 'Quota exceeded for quota metric of service firebasecloudmessaging.googleapis.com'],
  ['UNAVAILABLE', 503, 'UNAVAILABLE', 'The service is currently unavailable.'],
  ['INTERNAL', 500, 'INTERNAL', 'Internal error encountered.'],
  ['THIRD_PARTY_AUTH_ERROR', 401, 'UNAUTHENTICATED', 'Auth error from APNS or Web Push Service'],
];

/** An FCM v1 error body: google.rpc.Status with the FcmError detail clients decide on. */
export function fcmError(errorCode: string, message?: string, httpStatus?: number) {
  const [, status, rpcStatus, defaultMessage] = ERRORS.find(([code]) => code === errorCode) ?? [
    '',
    400,
    'INVALID_ARGUMENT',
    'Invalid argument.',
  ];
  return jsonAnswer(httpStatus ?? status, {
    error: {
      code: httpStatus ?? status,
      message: message ?? defaultMessage,
      status: rpcStatus,
      details: [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode }],
    },
  });
}

const unauthenticated = () =>
  jsonAnswer(401, {
    error: {
      code: 401,
      message:
        'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
      status: 'UNAUTHENTICATED',
    },
  });

/** Google's OAuth 2.0 error body (`invalid_grant`, `invalid_scope`, `unsupported_grant_type`). */
const oauthError = (error: string, description: string) => jsonAnswer(400, { error, error_description: description });

/**
 * A project's service account with a key pair made for this run, or of `givenPrivateKey` (PKCS#8
 * PEM) when the caller keeps one; the sandbox keeps the public half.
 */
export async function createFcmServiceAccount(baseUrl: string, projectId: string, givenPrivateKey?: string) {
  const { privateKey, publicKey } = givenPrivateKey
    ? { privateKey: givenPrivateKey, publicKey: createPublicKey(givenPrivateKey).export({ type: 'spki', format: 'pem' }).toString() }
    : await promisify(generateKeyPair)('rsa', {
        modulusLength: 2048,
        privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
        publicKeyEncoding: { type: 'spki', format: 'pem' },
      });
  const serviceAccount: FcmServiceAccount = {
    type: 'service_account',
    project_id: projectId,
    private_key_id: randomBytes(20).toString('hex'),
    private_key: privateKey,
    client_email: `firebase-adminsdk@${projectId}.iam.gserviceaccount.com`,
    client_id: String(100_000_000_000_000_000_000n + BigInt(`0x${randomBytes(8).toString('hex')}`)),
    auth_uri: 'https://accounts.google.com/o/oauth2/auth',
    token_uri: `${baseUrl}/token`,
  };
  return { serviceAccount, publicKey };
}

const decodeSegment = (segment: string | undefined) =>
  recordOf(JSON.parse(Buffer.from(segment ?? '', 'base64url').toString('utf8') || '{}'));

/**
 * Google's OAuth 2.0 token endpoint for a service account's signed JWT (RFC 7523), and FCM's
 * `POST /v1/projects/{id}/messages:send` taking the access token it issued.
 */
export function createFcmHandler(serviceAccount: FcmServiceAccount, publicKey: KeyObject | string): ProviderHandler<FcmReceived> {
  const accessTokens = new Map<string, number>();

  function issueToken(form: URLSearchParams) {
    const grantType = form.get('grant_type');
    if (grantType !== 'urn:ietf:params:oauth:grant-type:jwt-bearer')
      return oauthError('unsupported_grant_type', `Invalid grant_type: ${grantType ?? ''}`);
    const [header, payload, signature] = (form.get('assertion') ?? '').split('.');
    let claims: Record<string, unknown>;
    try {
      if (decodeSegment(header).alg !== 'RS256' || !signature) return oauthError('invalid_grant', 'Invalid JWT Signature.');
      const signed = verify('sha256', Buffer.from(`${header}.${payload}`), publicKey, Buffer.from(signature, 'base64url'));
      if (!signed) return oauthError('invalid_grant', 'Invalid JWT Signature.');
      claims = decodeSegment(payload);
    } catch {
      return oauthError('invalid_grant', 'Invalid JWT Signature.');
    }
    if (claims.iss !== serviceAccount.client_email) return oauthError('invalid_grant', 'Invalid grant: account not found');
    if (claims.aud !== serviceAccount.token_uri) return oauthError('invalid_grant', 'Invalid JWT: Failed audience check.');
    const now = Date.now() / 1000;
    const { iat, exp } = claims;
    if (typeof iat !== 'number' || typeof exp !== 'number' || iat > now + 300 || exp < now || exp - iat > 3600) {
      return oauthError(
        'invalid_grant',
        'Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe. Check your iat and exp values in the JWT claim.',
      );
    }
    if (!(textOf(claims.scope) ?? '').split(' ').includes(FCM_SCOPE)) {
      return oauthError('invalid_scope', 'Invalid OAuth scope or ID token audience provided.');
    }
    const token = `ya29.sandbox.${randomBytes(32).toString('base64url')}`;
    accessTokens.set(token, Date.now() + 3599_000);
    return jsonAnswer(200, { access_token: token, expires_in: 3599, token_type: 'Bearer' });
  }

  return {
    contentType: JSON_TYPE,
    routeOf(request) {
      if (request.method !== 'POST') return undefined;
      if (request.path === '/token') return 'other';
      return /^\/v1\/projects\/[^/]+\/messages:send$/.test(request.path) ? 'send' : undefined;
    },
    handle(request) {
      if (request.path === '/token') return { answer: issueToken(new URLSearchParams(request.body)) };
      const token = bearerOf(request);
      if (!token || (accessTokens.get(token) ?? 0) < Date.now()) return { answer: unauthenticated() };
      const projectId = decodeURIComponent(request.path.split('/')[3] ?? '');
      if (projectId !== serviceAccount.project_id) {
        const message = `Permission 'cloudmessaging.messages.create' denied on resource '//cloudresourcemanager.googleapis.com/projects/${projectId}' (or it may not exist).`;
        return { answer: jsonAnswer(403, { error: { code: 403, message, status: 'PERMISSION_DENIED' } }) };
      }
      const message = recordOf(jsonBodyOf(request)?.message);
      const deviceToken = textOf(message.token);
      if (!deviceToken) return { answer: fcmError('INVALID_ARGUMENT', 'Recipient of the message is not set.') };
      const data = message.data === undefined ? undefined : recordOf(message.data);
      const badKey = Object.entries(data ?? {}).findIndex(([, value]) => typeof value !== 'string');
      if (badKey >= 0) return { answer: fcmError('INVALID_ARGUMENT', `Invalid value at 'message.data[${badKey}].value' (TYPE_STRING)`) };
      const notification = recordOf(message.notification);
      const messageId = `projects/${projectId}/messages/0:${Date.now()}${randomBytes(3).readUIntBE(0, 3)}%${randomBytes(8).toString('hex')}`;
      return {
        answer: jsonAnswer(200, { name: messageId }),
        accepted: {
          messageId,
          token: deviceToken,
          title: textOf(notification.title),
          body: textOf(notification.body),
          data: data as Record<string, string> | undefined,
        },
      };
    },
    failureOf: (script: FailureScript) =>
      fcmError(
        String(script.code ?? ERRORS.find(([, status]) => status === script.status)?.[0] ?? 'INTERNAL'),
        script.message,
        script.status,
      ),
  };
}
