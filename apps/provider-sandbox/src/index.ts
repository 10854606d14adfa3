export { type SnsCredentials, type SnsReceived, snsError, snsPublishResponse } from './aws-sns';
export { FCM_SCOPE, type FcmReceived, type FcmServiceAccount, fcmError } from './fcm';
export {
  createMercadoPagoStandIn,
  DEFAULT_NOTIFICATION_RETRY_DELAYS_MS,
  type MercadoPagoAction,
  type MercadoPagoCredentials,
  type MercadoPagoNewCredentials,
  type MercadoPagoNotification,
  type MercadoPagoPayment,
  type MercadoPagoReceived,
  type MercadoPagoSandboxOptions,
  type MercadoPagoStatus,
  makeMercadoPagoCredentials,
  mercadoPagoDate,
  mercadoPagoError,
  mercadoPagoSignature,
} from './mercado-pago';
export { buildPixBrCode, computeBrCodeCrc, hasValidBrCodeCrc, type PixBrCodeFields, parseBrCode, renderPixQrPng } from './pix-code';
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
  DEFAULT_INBOUND_RETRY_DELAYS_MS,
  DEFAULT_WHATSAPP_MESSAGES_PER_SECOND,
  metaJson,
  metaSignature,
  type WhatsAppCallback,
  type WhatsAppChoice,
  type WhatsAppCredentials,
  type WhatsAppCustomerMessage,
  type WhatsAppInbound,
  type WhatsAppInboundOptions,
  type WhatsAppInboundResult,
  type WhatsAppInteractive,
  type WhatsAppNewNumber,
  type WhatsAppReceived,
  type WhatsAppSandboxOptions,
  type WhatsAppStatusScript,
  whatsappError,
} from './whatsapp-cloud';
