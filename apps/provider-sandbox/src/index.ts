export { type SnsCredentials, type SnsReceived, snsError, snsPublishResponse } from './aws-sns';
export { FCM_SCOPE, type FcmReceived, type FcmServiceAccount, fcmError } from './fcm';
export {
  type ProviderSandbox,
  type ProviderSandboxOptions,
  type ReceivedByProvider,
  type SandboxProvider,
  startProviderSandbox,
} from './provider-sandbox';
export type { FailureScript, SandboxAnswer, SandboxRequest } from './sandbox-kit';
export { type SinchCredentials, type SinchReceived, sinchError } from './sinch';
export {
  type WhatsAppCallback,
  type WhatsAppCredentials,
  type WhatsAppReceived,
  type WhatsAppStatusScript,
  whatsappError,
} from './whatsapp-cloud';
