import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FailureScript, ProviderHandler, SandboxAnswer, SandboxRequest } from './sandbox-kit';

export type SnsCredentials = { accessKeyId: string; secretAccessKey: string; region: string };

export type SnsReceived = { messageId: string; to: string; text: string; region: string; attributes: Record<string, string> };

const SNS_NS = 'http://sns.amazonaws.com/doc/2010-03-31/';
const XML_TYPE = 'text/xml';

const xmlAnswer = (status: number, body: string): SandboxAnswer => ({
  status,
  body,
  contentType: XML_TYPE,
  headers: { 'x-amzn-requestid': randomUUID() },
});

export function snsPublishResponse(messageId: string = randomUUID()): SandboxAnswer {
  return xmlAnswer(
    200,
    `<PublishResponse xmlns="${SNS_NS}"><PublishResult><MessageId>${messageId}</MessageId></PublishResult><ResponseMetadata><RequestId>${randomUUID()}</RequestId></ResponseMetadata></PublishResponse>`,
  );
}

/** SNS's error document, e.g. (400, Sender, InvalidParameter), (429, Sender, Throttled), (500, Receiver, InternalError). */
export function snsError(status: number, type: 'Sender' | 'Receiver', code: string, message: string): SandboxAnswer {
  return xmlAnswer(
    status,
    `<ErrorResponse xmlns="${SNS_NS}"><Error><Type>${type}</Type><Code>${code}</Code><Message>${message}</Message></Error><RequestId>${randomUUID()}</RequestId></ErrorResponse>`,
  );
}

/** SNS error codes by HTTP status, first the one a scripted status gets, with the message SNS gives. */
const ERRORS: [string, number, string][] = [
  ['InvalidParameter', 400, 'Invalid parameter: PhoneNumber Reason: the number is not valid to publish to'],
  ['AuthorizationError', 403, 'User is not authorized to perform: SNS:Publish'],
  ['InvalidClientTokenId', 403, 'The security token included in the request is invalid.'],
  ['SignatureDoesNotMatch', 403, 'The request signature we calculated does not match the signature you provided.'],
  ['Throttled', 429, 'Rate exceeded'],
  ['InternalError', 500, 'Internal error'],
  ['ServiceUnavailable', 503, 'Service is unavailable'],
];

function errorOf(script: FailureScript): SandboxAnswer {
  const known = ERRORS.find(([code, status]) => (script.code ? code === script.code : status === script.status));
  const [code, status, message] = known ?? [String(script.code ?? 'InternalError'), 400, 'Error'];
  const httpStatus = script.status ?? status;
  return snsError(httpStatus, httpStatus >= 500 ? 'Receiver' : 'Sender', code, script.message ?? message);
}

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

/**
 * The region an AWS Signature Version 4 was made for, or why AWS would refuse it: the sandbox
 * recomputes the signature from the canonical request with the secret key, as SNS does.
 */
function checkSignature(request: SandboxRequest, credentials: SnsCredentials): { region: string } | { code: string } {
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
      request.headers.authorization ?? '',
    );
  if (!match) return { code: 'InvalidClientTokenId' };
  const [, accessKeyId, date, region, service, signedHeaders, signature] = match as unknown as string[];
  if (accessKeyId !== credentials.accessKeyId) return { code: 'InvalidClientTokenId' };
  const amzDate = String(request.headers['x-amz-date'] ?? '');
  const headers = signedHeaders
    .split(';')
    .map(
      (name) =>
        `${name}:${String(request.headers[name] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const canonical = [
    request.method,
    request.path.split('?')[0],
    request.path.split('?')[1] ?? '',
    headers,
    signedHeaders,
    sha256(request.rawBody),
  ].join('\n');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, date), region), service), 'aws4_request');
  const expected = hmac(key, toSign);
  const given = Buffer.from(signature, 'hex');
  if (service !== 'sns' || !timingSafeEqual(expected, given)) return { code: 'SignatureDoesNotMatch' };
  return { region };
}

/** AWS SNS's Query API (form-encoded `POST /`, XML answers, API version 2010-03-31): `Publish` to a phone number. */
export function createSnsHandler(credentials: SnsCredentials): ProviderHandler<SnsReceived> {
  return {
    contentType: XML_TYPE,
    routeOf: (request) => (request.method === 'POST' && request.path === '/' ? 'send' : undefined),
    handle(request) {
      const checked = checkSignature(request, credentials);
      if ('code' in checked) return { answer: errorOf(checked) };
      const params = Object.fromEntries(new URLSearchParams(request.body));
      if (params.Action !== 'Publish')
        return { answer: snsError(400, 'Sender', 'InvalidAction', `The action ${params.Action} is not valid for this endpoint.`) };
      const to = params.PhoneNumber ?? '';
      if (!/^\+[1-9]\d{7,14}$/.test(to))
        return {
          answer: errorOf({ code: 'InvalidParameter', message: `Invalid parameter: PhoneNumber Reason: ${to} is not valid to publish to` }),
        };
      if (!params.Message) return { answer: errorOf({ code: 'InvalidParameter', message: 'Invalid parameter: Empty message' }) };
      const attributes: Record<string, string> = {};
      for (let i = 1; params[`MessageAttributes.entry.${i}.Name`]; i += 1) {
        attributes[params[`MessageAttributes.entry.${i}.Name`]] = params[`MessageAttributes.entry.${i}.Value.StringValue`] ?? '';
      }
      const messageId = randomUUID();
      return {
        answer: snsPublishResponse(messageId),
        accepted: { messageId, to, text: params.Message, region: checked.region, attributes },
      };
    },
    failureOf: errorOf,
  };
}
