import { type Language, type MessageChannel, type MessageTrigger, whatsappLanguageOf } from '@ebox/domain';
import { inTransaction, type ServiceContext, type TxContext } from '../../platform/context';
import { enqueueJob } from '../../platform/jobs/queue';
import { ProviderDeliveryError } from '../../platform/message-providers/provider-error';
import { findDeviceToken } from './device-repository';
import { forgetUnregisteredDevice } from './device-service';
import { sendOrderMessageJob } from './jobs';
import { applyPendingReports, queueFallback, recordOutcome } from './outcome-service';
import { companyMessagingOf } from './plan';
import { messageValuesOf, renderTemplateParameters, renderTemplateText, TemplateRenderError } from './render';
import {
  claimOrderMessage,
  findOrderForMessages,
  findTemplate,
  lockProviderMessage,
  type OrderMessageRow,
  updateOrderMessage,
} from './repository';
import { sendOnChannel, type TransportReceipt } from './transports';

/**
 * One attempt to send a queued message (docs/messages.md): it is claimed first, so a job delivered
 * twice sends it once; rendered on its first attempt and kept as rendered; handed to its channel's
 * provider outside any transaction (no database connection waits on a provider); and its outcome
 * recorded with its audit row and event. A provider's passing refusal is tried again later (its
 * Retry-After honoured); a permanent one fails the message and tries the next channel of the
 * company's order.
 */

/** Attempts before a message that keeps meeting passing refusals is given up. */
const MAX_ATTEMPTS = 6;
/** A claim outlives one provider call (its timeout) with room to spare. */
const CLAIM_SECONDS = 120;
/** The longest wait between two attempts, whatever a provider asks. */
const MAX_RETRY_SECONDS = 3_600;

type Prepared = {
  row: OrderMessageRow;
  /** Where the provider sends it: the recipient, or for push the device's token. */
  address: string;
  subject: string | null;
  text: string;
  whatsappTemplate?: { name: string; languageCode: string; bodyParameters: string[] };
  smsGateway: 'AWS' | 'SINCH' | null;
};

export async function runSendOrderMessage(ctx: ServiceContext, payload: { messageId: string }): Promise<void> {
  const prepared = await inTransaction(ctx, (tx) => prepareMessage(tx, payload.messageId));
  if (!prepared) return;
  let receipt: TransportReceipt;
  try {
    receipt = await sendOnChannel(ctx, {
      channel: prepared.row.channel as MessageChannel,
      recipient: prepared.address,
      subject: prepared.subject,
      text: prepared.text,
      whatsappTemplate: prepared.whatsappTemplate,
      smsGateway: prepared.smsGateway,
    });
  } catch (error) {
    await inTransaction(ctx, (tx) => recordFailure(tx, prepared.row, error));
    return;
  }
  // Only the provider's call is a failure to send: a database error from here on retries the job,
  // whose claim keeps the message from going out twice.
  await inTransaction(ctx, async (tx) => {
    if (receipt.providerMessageId) await lockProviderMessage(tx.tx, receipt.provider, receipt.providerMessageId);
    const sent = await recordOutcome(tx, prepared.row, {
      status: 'sent',
      provider: receipt.provider,
      providerMessageId: receipt.providerMessageId,
      error: null,
      errorCode: null,
    });
    if (sent) await applyPendingReports(tx, sent);
  });
}

/** Claims the message and renders it on its first attempt; a template that does not render fails it here. */
async function prepareMessage(ctx: TxContext, messageId: string): Promise<Prepared | undefined> {
  const row = await claimOrderMessage(ctx.tx, messageId, CLAIM_SECONDS);
  if (!row) return undefined;
  const order = await findOrderForMessages(ctx.tx, row.order);
  const template = row.template ? await findTemplate(ctx.tx, row.template) : null;
  if (!order || !template) {
    await recordOutcome(ctx, row, {
      status: 'failed',
      error: 'the order or its template was deleted before the message was sent',
      errorCode: 'gone',
    });
    return undefined;
  }
  const address = row.channel === 'push' ? (row.device ? await findDeviceToken(ctx.tx, row.device) : undefined) : (row.recipient ?? '');
  if (address === undefined) {
    await recordOutcome(ctx, row, {
      status: 'failed',
      error: 'the device was removed from push before the message was sent',
      errorCode: 'gone',
    });
    await queueFallback(ctx, row);
    return undefined;
  }
  const settings = order.company.settings;
  const messaging = companyMessagingOf(settings);
  const language = row.language as Language;
  const values = messageValuesOf(order, {
    language,
    trigger: row.trigger as MessageTrigger,
    timeZone: messaging.timeZone,
    links: { appUrl: ctx.deps.config.appUrl, secret: ctx.deps.config.jwtSecret },
  });
  let subject: string | null;
  let text: string;
  let bodyParameters: string[] = [];
  try {
    text = renderTemplateText(template.content, values);
    subject = template.subject ? renderTemplateText(template.subject, values) : null;
    if (row.channel === 'whatsapp') bodyParameters = renderTemplateParameters(template.content, values);
  } catch (error) {
    if (!(error instanceof TemplateRenderError)) throw error;
    await recordFailure(ctx, row, error);
    return undefined;
  }
  // The log keeps the text as first sent, with the access code masked (a secret since issue 25); each
  // attempt sends the text rendered afresh.
  if (row.body === null)
    await updateOrderMessage(ctx.tx, row.id, {
      // The QR-code link shows the code too: masked first, so a code inside the link's token cannot break it.
      subject: subject && maskCode(maskCode(subject, values.qrCodeUrl), values.accessCode),
      body: maskCode(maskCode(text, values.qrCodeUrl), values.accessCode),
    });
  const gateway = settings.smsGateway === 'AWS' || settings.smsGateway === 'SINCH' ? settings.smsGateway : null;
  return {
    row,
    address,
    subject,
    text,
    smsGateway: gateway,
    ...(row.channel === 'whatsapp'
      ? { whatsappTemplate: { name: template.subject ?? '', languageCode: whatsappLanguageOf(language), bodyParameters } }
      : {}),
  };
}

const CODE_MASK = '••••••';

function maskCode(text: string, code: string): string {
  return code ? text.split(code).join(CODE_MASK) : text;
}

/** A failure: tried again later when the provider may take it then, else failed for good and the next channel tried. */
async function recordFailure(ctx: TxContext, row: OrderMessageRow, error: unknown): Promise<void> {
  const reason = error instanceof Error ? error.message : String(error);
  const code = error instanceof ProviderDeliveryError ? (error.code ?? null) : error instanceof TemplateRenderError ? 'template' : null;
  const retryable = error instanceof ProviderDeliveryError ? error.retryable : !(error instanceof TemplateRenderError);
  if (retryable && row.attempts < MAX_ATTEMPTS) {
    const base = ctx.deps.config.jobs.retryDelaySeconds ?? 10;
    const asked = error instanceof ProviderDeliveryError ? error.retryAfterSeconds : undefined;
    const wait = Math.min(MAX_RETRY_SECONDS, asked ?? base * 2 ** (row.attempts - 1));
    await updateOrderMessage(ctx.tx, row.id, {
      error: reason,
      errorCode: code,
      notBefore: new Date(Date.now() + wait * 1_000).toISOString(),
      released: true,
    });
    await enqueueJob(ctx, sendOrderMessageJob, { messageId: row.id }, wait > 0 ? { startAfterSeconds: wait } : {});
    return;
  }
  await recordOutcome(ctx, row, { status: 'failed', error: reason, errorCode: code });
  // A token FCM no longer knows gets nothing more; the fallback below reaches the customer another way.
  if (row.channel === 'push' && code === 'UNREGISTERED' && row.device) await forgetUnregisteredDevice(ctx, row.device);
  await queueFallback(ctx, row);
}
