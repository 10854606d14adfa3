import {
  DECLARED_ENTITIES,
  type Language,
  lockerAccessOf,
  type MessageTrigger,
  messageVariablesOf,
  type QRCODE_TEMPLATE_TYPES,
  qrPayloadOf,
} from '@ebox/domain';
import type Handlebars from 'handlebars';
import { loadInScope } from '../../kit/entity-write';
import { resourceOf } from '../../kit/repository';
import { authorize, dbOf, type ServiceContext } from '../../platform/context';
import { badRequest, conflict, domainError, notFound } from '../../platform/errors';
import { lazyRequire } from '../../platform/lazy-require';
import { companyMessagingOf } from '../message/plan';
import { messageValuesOf } from '../message/render';
import { findOrderForMessages } from '../message/repository';
import { checkQrCodeToken, parseQrCodeToken } from './link';
import { findOrderForQrCode, findQrCodeTemplate, type OrderForQrCode } from './repository';

/**
 * An order's QR code (issue 27, item 4): the image of `EBOX1:<access code>` (packages/domain
 * terminal/qr-code.ts), which a locker's scanner turns into the code a keypad would have given, and
 * the company's QR-code template page around it. Only while the code opens the order's locker (what
 * apply_access_codes sends the terminal): a finished order's code opens nothing, so it has no image.
 * Reads are not audited.
 */

const orders = resourceOf(DECLARED_ENTITIES.order);

export type QrCodeTemplateType = (typeof QRCODE_TEMPLATE_TYPES)[number];

/** The message moment whose variables a page type shows: a send's page comes before the customer drops it. */
const PAGE_TRIGGERS: Record<QrCodeTemplateType, MessageTrigger> = {
  STORED: 'STORED',
  CUSTOMER_TAKEN: 'CUSTOMER_TAKEN',
  CUSTOMER_SEND: 'CREATED',
  EXPIRED: 'EXPIRED',
};

/** The PNG of an order's QR code (GET /order/:id/qrcode): orderQrcode, within the caller's companies. */
export async function drawOrderQrCode(ctx: ServiceContext, orderId: string): Promise<Buffer> {
  authorize(ctx, 'orderQrcode');
  await loadInScope(ctx, orders, orderId);
  const order = await findOrderForQrCode(dbOf(ctx), orderId);
  return drawQrCode(liveAccessCodeOf(order));
}

/** The PNG behind a message's signed link (GET /order/qrcode/:token), for whoever holds it. */
export async function drawQrCodeOfLink(ctx: ServiceContext, token: string): Promise<Buffer> {
  const parsed = parseQrCodeToken(token);
  const order = parsed ? await findOrderForQrCode(dbOf(ctx), parsed.orderId) : null;
  const check = parsed && order ? checkQrCodeToken(ctx.deps.config.jwtSecret, parsed, order.accessCode) : 'invalid';
  if (check === 'invalid') throw notFound('errors.qrCodeLinkInvalid');
  if (check === 'expired') throw badRequest('errors.qrCodeLinkExpired');
  return drawQrCode(liveAccessCodeOf(order));
}

/**
 * The company's enabled QR-code template of `type` for the order, rendered as an HTML page with the
 * message variables of that moment and `qrcode`, the image as a data: URL ('' when the moment shows
 * no code or the order's code opens nothing now, so `{{#if qrcode}}` can tell).
 */
export async function renderOrderQrCodePage(ctx: ServiceContext, orderId: string, type: QrCodeTemplateType): Promise<string> {
  authorize(ctx, 'orderQrcode');
  await loadInScope(ctx, orders, orderId);
  const db = dbOf(ctx);
  const [order, qr] = await Promise.all([findOrderForMessages(db, orderId), findOrderForQrCode(db, orderId)]);
  if (!order || !qr) throw notFound();
  const source = order.companyId ? await findQrCodeTemplate(db, { companyId: order.companyId, clusterId: order.clusterId, type }) : null;
  if (source === null) throw domainError('notFound', 'errors.qrCodeTemplateMissing', { type });
  const trigger = PAGE_TRIGGERS[type];
  const code = messageVariablesOf(trigger).includes('accessCode') && hasLiveAccessCode(qr) ? qr.accessCode : null;
  const image = code ? await drawQrCode(code) : null;
  const values = messageValuesOf(order, {
    language: ctx.language,
    trigger,
    timeZone: companyMessagingOf(order.company.settings).timeZone,
  });
  return pageOf(
    renderHtmlTemplate(source, { ...values, qrcode: image ? `data:image/png;base64,${image.toString('base64')}` : '' }),
    ctx.language,
  );
}

function hasLiveAccessCode(order: OrderForQrCode): order is OrderForQrCode & { accessCode: string } {
  return Boolean(order.accessCode) && lockerAccessOf(order) !== null;
}

function liveAccessCodeOf(order: OrderForQrCode | null): string {
  if (!order) throw notFound();
  if (!hasLiveAccessCode(order)) throw conflict('errors.qrCodeUnavailable');
  return order.accessCode;
}

/** A maintained encoder (qrcode), error correction M: a phone screen's glare or a smudge still scans. */
async function drawQrCode(accessCode: string): Promise<Buffer> {
  // Loaded with the first code drawn, not when the API starts.
  const { default: QRCode } = await import('qrcode');
  return QRCode.toBuffer(qrPayloadOf(accessCode), { type: 'png', errorCorrectionLevel: 'M', margin: 4, width: 320 });
}

/** Loaded with the first page rendered, not when the API starts. */
const handlebars = lazyRequire<typeof Handlebars>('handlebars');

/** HTML this time: every value is escaped; the same helpers as messages, nothing else. */
function renderHtmlTemplate(source: string, values: Record<string, unknown>): string {
  try {
    const template = handlebars().compile(source, { strict: false, knownHelpersOnly: true });
    return template(values, { allowProtoPropertiesByDefault: false, allowProtoMethodsByDefault: false });
  } catch (error) {
    // Saving checked it compiles; what is left fails on every render (a helper's wrong use).
    const reason = error instanceof Error ? (error.message.split('\n').pop() ?? error.message) : String(error);
    const line = (error as { lineNumber?: unknown } | null)?.lineNumber;
    throw domainError('validation', 'entities.qrcodeTemplate.errors.hbsContentInvalid', {
      label: 'hbsContent',
      line: typeof line === 'number' ? line : 1,
      reason,
    });
  }
}

function pageOf(body: string, language: Language): string {
  return `<!doctype html>\n<html lang="${language}">\n<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>QR code</title></head>\n<body>\n${body}\n</body>\n</html>\n`;
}
