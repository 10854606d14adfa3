import { bookedLines, languageOfWaId, paymentLines } from '@ebox/domain/bot/outgoing';
import {
  nextPaymentStatus,
  PAYMENT_POLL_AFTER_MS,
  type PaymentTrigger,
  triggerOfMercadoPagoStatus,
} from '@ebox/domain/payments/payment-states';
import { auditByOf, companiesOfOwner, writeAudit } from '../../platform/audit';
import { inTransaction, principalOf, type ServiceContext, type TxContext } from '../../platform/context';
import type { JobAttempt } from '../../platform/jobs/job';
import { enqueueJob } from '../../platform/jobs/queue';
import { ProviderDeliveryError } from '../../platform/message-providers/provider-error';
import {
  cancelGatewayPayment,
  chargePix,
  type MercadoPagoAccount,
  readGatewayPayment,
  verifyMercadoPagoSignature,
} from '../../platform/payment-gateways/mercado-pago';
import { decryptSecret } from '../../platform/secret-box';
import { qrCodeReplyOf, queueReplies, replyOf } from '../bot/customer-replies';
import { type ConversingBot, findConversingBot, type QueuedReply } from '../bot/repository';
import { moveOrder } from '../order/lifecycle-service';
import { lockOrder } from '../order/repository';
import { paymentChargeJob, paymentCheckJob } from './jobs';
import {
  findCompanyGateway,
  findPaidBooking,
  findPayment,
  findPaymentByGatewayId,
  findPaymentsToCheck,
  insertPayment,
  lockPayment,
  type PaymentChange,
  type PaymentRow,
  updatePayment,
} from './repository';

/**
 * The bots' Pix payments (issue 32 item 4, docs/payments.md). A paid booking opens a PENDING
 * payment in the conversation's transaction; the charge job asks the company's gateway account for
 * a Pix (our payment id is the idempotency key) and sends the customer its code; the check job
 * reads the payment from the gateway (after a signed notification, or a poll of a silent one) and
 * moves it by the declared states: approved → the customer gets the access code; refused or
 * expired → the booking's order is cancelled (its compartment freed) and the customer told; paid
 * after its expiry → stays DECLINED, flagged for a refund. Every change is audited with it.
 */

const GATEWAY = 'mercadopago';
/** Payments asked about per run of the minute's sweep (the next run takes the rest). */
const CHECK_BATCH = 200;

type GatewayAccount = { account: MercadoPagoAccount; webhookSecret: string };

/** The company's own account (a paymentGateway record), else the console's (MERCADO_PAGO_*), else none. */
async function accountOf(ctx: ServiceContext, companyId: string): Promise<GatewayAccount | undefined> {
  const settings = ctx.deps.config.payments;
  const own = await findCompanyGateway(ctx.deps.db, companyId, GATEWAY);
  const key = ctx.deps.config.secretsKey;
  const accessToken = own ? decryptSecret(key, own.accessToken) : settings.account?.accessToken;
  const webhookSecret = own ? decryptSecret(key, own.webhookSecret) : settings.account?.webhookSecret;
  if (!accessToken || !webhookSecret) return undefined;
  return { account: { baseUrl: settings.apiUrl, accessToken, timeoutMs: settings.timeoutMs }, webhookSecret };
}

function auditPayment(ctx: TxContext, payment: PaymentRow, action: 'create' | 'update', before: unknown, after: unknown) {
  return writeAudit(ctx.tx, {
    entityName: 'payment',
    entityId: payment.id,
    action,
    before,
    after,
    by: auditByOf(principalOf(ctx.actor)),
    companyIds: companiesOfOwner(payment.company),
  });
}

/** A paid booking's payment, PENDING until its Pix is paid or expires; charged by its job. */
export async function openBookingPayment(
  ctx: TxContext,
  booking: { bot: Pick<ConversingBot, 'id'>; waId: string; orderId: string; value: number },
): Promise<PaymentRow> {
  const expiresAt = new Date(Date.now() + ctx.deps.config.payments.pixLifetimeMinutes * 60_000).toISOString();
  const payment = await insertPayment(ctx.tx, {
    value: booking.value,
    gateway: GATEWAY,
    orderId: booking.orderId,
    botId: booking.bot.id,
    waId: booking.waId,
    expiresAt,
    createdById: principalOf(ctx.actor).userId,
  });
  await auditPayment(ctx, payment, 'create', null, payment);
  await enqueueJob(ctx, paymentChargeJob, { paymentId: payment.id }, { singletonKey: payment.id });
  return payment;
}

async function tellCustomer(
  ctx: TxContext,
  payment: PaymentRow,
  step: 'payment' | 'booked' | 'paymentDeclined',
  extra?: string,
  more: QueuedReply[] = [],
) {
  if (!payment.bot || !payment.waId) return;
  const bot = await findConversingBot(ctx.tx, payment.bot);
  if (!bot) return;
  const said = replyOf(bot, step, languageOfWaId(payment.waId), extra ? { extra } : undefined);
  await queueReplies(ctx, bot, payment.waId, [said, ...more]);
}

/**
 * Moves a locked PENDING payment by a trigger (the declared states decide), writes and audits it,
 * and carries out what follows: the code to the customer, or the booking cancelled and the customer told.
 */
async function movePayment(ctx: TxContext, payment: PaymentRow, trigger: PaymentTrigger, detail: string | null): Promise<void> {
  const next = nextPaymentStatus(payment.status, trigger);
  if (!next) return;
  const at = new Date().toISOString();
  const change: PaymentChange =
    next === 'APPROVED' ? { status: next, approvedAt: at, statusDetail: detail } : { status: next, declinedAt: at, statusDetail: detail };
  await updatePayment(ctx.tx, payment.id, change, principalOf(ctx.actor).userId);
  await auditPayment(ctx, payment, 'update', { status: payment.status }, { status: next, statusDetail: detail });
  const booking = payment.order ? await findPaidBooking(ctx.tx, payment.order) : undefined;
  if (next === 'APPROVED') {
    if (booking && payment.order && payment.waId) {
      const language = languageOfWaId(payment.waId);
      await tellCustomer(ctx, payment, 'booked', bookedLines(language, booking), [
        ...qrCodeReplyOf(ctx, { id: payment.order, accessCode: booking.accessCode, overdueDate: booking.until }, language),
      ]);
    }
    return;
  }
  // A booking held for its payment is released; an order's own payment would leave the order be.
  if (payment.bot && payment.order && booking && booking.status !== 'CANCELED') {
    const order = await lockOrder(ctx.tx, payment.order);
    // Only a booking still waiting for its parcel is cancelled; a machine refusal leaves the order be.
    if (order)
      await moveOrder(ctx, order, { kind: 'console', action: 'cancel' }).catch((error: unknown) => {
        ctx.log.warn({ err: error, payment: payment.id }, 'payment: the unpaid booking could not be cancelled');
      });
  }
  await tellCustomer(ctx, payment, 'paymentDeclined');
}

/** The charge job: a Pix at the gateway for a PENDING payment, its code sent to the customer. */
export async function chargePayment(ctx: ServiceContext, payload: { paymentId: string }, attempt?: JobAttempt): Promise<void> {
  const payment = await findPayment(ctx.deps.db, payload.paymentId);
  if (payment?.status !== 'PENDING' || payment.gatewayId) return;
  const gateway = await accountOf(ctx, payment.company);
  const expiresAt = new Date(payment.expiresAt ?? Date.now());
  let charged: Awaited<ReturnType<typeof chargePix>> | undefined;
  let refusal: string | undefined;
  if (!gateway) refusal = 'no_gateway_account';
  else if (expiresAt.getTime() <= Date.now()) refusal = 'expired';
  else {
    try {
      charged = await chargePix(gateway.account, {
        paymentId: payment.id,
        amount: payment.value,
        description: `Ebox ${payment.trackingCode ?? payment.id}`,
        payerEmail: `${payment.waId ?? 'cliente'}@whatsapp.ebox.local`,
        notificationUrl: ctx.deps.config.payments.notificationUrl ?? `${ctx.deps.config.appUrl}/io/api/v1/webhooks/mercadopago`,
        expiresAt,
      });
    } catch (error) {
      if (!(error instanceof ProviderDeliveryError) || (error.retryable && !attempt?.last)) throw error;
      ctx.log.warn({ err: error, payment: payment.id }, 'payment: the gateway refused the charge');
      refusal = 'gateway_refused';
    }
  }
  await inTransaction(ctx, async (tx) => {
    const locked = await lockPayment(tx.tx, payment.id);
    if (locked?.status !== 'PENDING' || locked.gatewayId) return;
    if (!charged) {
      if (refusal === 'no_gateway_account')
        tx.log.error({ company: locked.company }, 'payment: the company has no payment gateway account');
      await movePayment(tx, locked, refusal === 'expired' ? 'expired' : 'rejected', refusal ?? null);
      return;
    }
    const change: PaymentChange = {
      gatewayId: charged.gatewayId,
      statusDetail: charged.statusDetail,
      pixCode: charged.pixCode,
      ticketUrl: charged.ticketUrl,
    };
    await updatePayment(tx.tx, locked.id, change, principalOf(tx.actor).userId);
    await auditPayment(tx, locked, 'update', { gatewayId: null }, change);
    if (locked.waId) {
      const lines = paymentLines(languageOfWaId(locked.waId), { ...charged, value: locked.value, expiresAt: locked.expiresAt });
      await tellCustomer(tx, locked, 'payment', lines);
    }
  });
}

/**
 * The check job: what the gateway says of the payment now (never what a notification's body said),
 * applied under the payment's lock, so a notification, its repeats and the poll change it once.
 */
export async function checkPayment(ctx: ServiceContext, payload: { paymentId: string }): Promise<void> {
  const payment = await findPayment(ctx.deps.db, payload.paymentId);
  if (!payment || payment.status === 'APPROVED' || (payment.status === 'DECLINED' && payment.refundDue)) return;
  if (!payment.gatewayId) {
    // Never charged (the charge job failed for good or has not run): charge now, or expire.
    if (payment.status === 'PENDING') await chargePayment(ctx, payload);
    return;
  }
  const gateway = await accountOf(ctx, payment.company);
  if (!gateway) return;
  let seen = await readGatewayPayment(gateway.account, payment.gatewayId);
  const expired = payment.expiresAt !== null && new Date(payment.expiresAt).getTime() <= Date.now();
  // Past its end here and still payable there: cancelled there first, so nobody pays for a released compartment.
  const cancelledHere = expired && payment.status === 'PENDING' && !triggerOfMercadoPagoStatus(seen.status);
  if (cancelledHere) seen = await cancelGatewayPayment(gateway.account, payment.gatewayId);
  const trigger = triggerOfMercadoPagoStatus(seen.status);
  await inTransaction(ctx, async (tx) => {
    const locked = await lockPayment(tx.tx, payment.id);
    if (!locked) return;
    const expiresAt = locked.expiresAt ? new Date(locked.expiresAt).getTime() : Number.POSITIVE_INFINITY;
    const paidAt = seen.approvedAt ? new Date(seen.approvedAt).getTime() : Date.now();
    if (trigger === 'approved' && (locked.status === 'DECLINED' || paidAt > expiresAt)) {
      // Paid after its Pix expired here: the compartment may be someone else's by now.
      if (locked.status === 'PENDING') await movePayment(tx, locked, 'expired', 'approved_after_expiry');
      if (!locked.refundDue) {
        await updatePayment(tx.tx, locked.id, { refundDue: true }, principalOf(tx.actor).userId);
        await auditPayment(tx, locked, 'update', { refundDue: false }, { refundDue: true });
        tx.log.warn({ payment: locked.id }, 'payment: approved after its expiry, flagged for a refund');
      }
      return;
    }
    if (locked.status !== 'PENDING') return;
    if (cancelledHere) await movePayment(tx, locked, 'expired', 'expired');
    else if (trigger) await movePayment(tx, locked, trigger, seen.statusDetail);
    else if (expiresAt <= Date.now()) await movePayment(tx, locked, 'expired', 'expired');
  });
}

/** Every minute: PENDING payments silent for 2 minutes, or past their Pix's end, are checked. */
export async function sweepPayments(ctx: ServiceContext): Promise<void> {
  const ids = await findPaymentsToCheck(ctx.deps.db, new Date(Date.now() - PAYMENT_POLL_AFTER_MS).toISOString(), CHECK_BATCH);
  for (const paymentId of ids) await enqueueJob(ctx, paymentCheckJob, { paymentId }, { singletonKey: paymentId });
}

/**
 * A notification Mercado Pago posted: taken only when its `x-signature` is the HMAC of the
 * payment's company's secret; then the payment is checked (its body says nothing we trust).
 * Answers whether it was taken; an unknown payment signed by nobody we know is refused.
 */
export async function takeGatewayNotification(
  ctx: ServiceContext,
  notice: { dataId: string | undefined; requestId: string | undefined; signature: string | undefined },
): Promise<'taken' | 'unknown' | 'refused'> {
  if (!notice.dataId) return 'refused';
  const payment = await findPaymentByGatewayId(ctx.deps.db, GATEWAY, notice.dataId);
  const secrets: string[] = [];
  if (payment) {
    const gateway = await accountOf(ctx, payment.company);
    if (gateway) secrets.push(gateway.webhookSecret);
  } else if (ctx.deps.config.payments.account) secrets.push(ctx.deps.config.payments.account.webhookSecret);
  const signed = secrets.some((secret) => verifyMercadoPagoSignature(secret, notice.signature, notice.dataId, notice.requestId));
  if (!signed) return 'refused';
  if (!payment) return 'unknown';
  await enqueueJob(ctx, paymentCheckJob, { paymentId: payment.id }, { singletonKey: payment.id });
  return 'taken';
}
