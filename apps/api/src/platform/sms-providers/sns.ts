import type { PublishCommandInput, PublishCommandOutput, SNSClient } from '@aws-sdk/client-sns';
import { isPlainObject } from '@ebox/domain';
import { isRetryableStatus, retryAfterSecondsOf, safeReason } from '../message-providers/provider-error';
import type { SmsMessage, SmsProvider } from '../sms';
import { SmsDeliveryError, toE164 } from './delivery-error';

export type SnsSettings = {
  region: string;
  /** Another SNS endpoint (tests point it at a local server); AWS's own by default. */
  endpoint?: string;
  /** Explicit keys; without them the AWS SDK's standard chain (AWS_ACCESS_KEY_ID, profile, role). */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
  /** Alphanumeric sender shown on the phone, where the destination country allows one. */
  senderId?: string;
  /** Transactional messages (reset links) are routed for delivery rather than for price. */
  smsType: 'Transactional' | 'Promotional';
  timeoutMs: number;
};

const PROVIDER = 'AWS SNS';

/** AWS error codes that mean "slow down", whatever HTTP status SNS answered them with. */
const THROTTLING_CODES = new Set([
  'Throttling',
  'ThrottlingException',
  'ThrottledException',
  'TooManyRequestsException',
  'RequestLimitExceeded',
]);

/** Reasons for the codes an operator meets; any other code keeps SNS's own reason. */
const REASONS: Record<string, string> = {
  InvalidClientTokenId: 'AWS refused the access key (check SNS_ACCESS_KEY_ID or the AWS credentials)',
  SignatureDoesNotMatch: 'AWS refused the signature (check SNS_SECRET_ACCESS_KEY or the AWS credentials)',
  AuthorizationError: 'these AWS credentials may not publish SMS (sns:Publish)',
  OptedOut: 'the phone number opted out of SMS',
};

/**
 * AWS SNS (spec: companySettings.smsGateway "AWS"): one `Publish` to the phone number, as a
 * transactional SMS with the sender id when one is set. The SDK is loaded on the first message, so
 * a console that never texts does not pay for it at start-up. The SDK's own retries are off: a
 * failed message is retried by whoever sends it (the job queue), told by the error's `retryable`.
 */
export function createSnsProvider(settings: SnsSettings): SmsProvider {
  let client: Promise<{ client: SNSClient; publish: (input: PublishCommandInput) => Promise<PublishCommandOutput> }> | undefined;
  const load = () => {
    client ??= import('@aws-sdk/client-sns').then(({ SNSClient, PublishCommand }) => {
      const sns = new SNSClient({
        region: settings.region,
        endpoint: settings.endpoint,
        credentials: settings.credentials,
        maxAttempts: 1,
        requestHandler: { connectionTimeout: settings.timeoutMs, requestTimeout: settings.timeoutMs },
      });
      return { client: sns, publish: (input: PublishCommandInput) => sns.send(new PublishCommand(input)) };
    });
    return client;
  };

  return {
    name: 'sns',
    async send(message: SmsMessage) {
      const phoneNumber = toE164(message.to, PROVIDER);
      const { publish } = await load();
      let output: PublishCommandOutput;
      try {
        output = await publish({
          PhoneNumber: phoneNumber,
          Message: message.text,
          MessageAttributes: {
            'AWS.SNS.SMS.SMSType': { DataType: 'String', StringValue: settings.smsType },
            ...(settings.senderId ? { 'AWS.SNS.SMS.SenderID': { DataType: 'String', StringValue: settings.senderId } } : {}),
          },
        });
      } catch (error) {
        throw deliveryErrorOf(error, message);
      }
      return { providerMessageId: output.MessageId };
    },
  };
}

type AwsError = {
  name: string | undefined;
  message: string | undefined;
  code: string | undefined;
  $fault: unknown;
  $metadata: { httpStatusCode: number | undefined } | undefined;
  retryAfter: string | undefined;
};

/** The fields of an AWS SDK error (or of a network error under it) that tell what went wrong. */
function awsErrorOf(error: unknown): AwsError {
  const fields = isPlainObject(error) ? error : {};
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  const metadata = fields.$metadata;
  // The raw answer hangs off the error, not enumerable: its headers carry Retry-After.
  const headers = isPlainObject(fields.$response) && isPlainObject(fields.$response.headers) ? fields.$response.headers : {};
  return {
    name: text(fields.name),
    message: text(fields.message),
    code: text(fields.code),
    $fault: fields.$fault,
    $metadata: isPlainObject(metadata)
      ? { httpStatusCode: typeof metadata.httpStatusCode === 'number' ? metadata.httpStatusCode : undefined }
      : undefined,
    retryAfter: text(headers['retry-after']),
  };
}

function deliveryErrorOf(error: unknown, message: SmsMessage): SmsDeliveryError {
  const aws = awsErrorOf(error);
  const status = aws.$metadata?.httpStatusCode;
  if (status === undefined) {
    // No answer: refused connection, reset, DNS or the timeout.
    const cause = aws.code ?? aws.name ?? 'network error';
    return new SmsDeliveryError({ provider: PROVIDER, retryable: true, reason: `SNS could not be reached (${cause})` });
  }
  const code = aws.name && aws.name !== 'Error' ? aws.name.replace(/Exception$/, '') : undefined;
  const throttled = THROTTLING_CODES.has(aws.name ?? '') || status === 429;
  const retryable = throttled || isRetryableStatus(status) || aws.$fault === 'server';
  const reason = throttled
    ? 'SNS is throttling this account'
    : ((code && REASONS[code]) ??
      safeReason(aws.message, [message.text, message.link]) ??
      (retryable ? 'SNS failed' : 'SNS refused the SMS'));
  const retryAfterSeconds = retryAfterSecondsOf(aws.retryAfter);
  return new SmsDeliveryError({ provider: PROVIDER, retryable, status, code, reason, retryAfterSeconds });
}
