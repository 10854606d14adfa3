import { type MailedExportRequest, requestMailedExport, runMailedExport } from '../../kit/mailed-export/service';
import type { ServiceContext } from '../../platform/context';
import { type PaymentExportPayload, paymentExportJob } from './export-job';

const PAYMENT_EXPORT = { entity: 'payment', permission: 'paymentExport' } as const;

/**
 * GET /payment/export: the list's filters (no period rule, unlike the order's), narrowed to `ids`
 * when the user picked rows; queued, and the link mailed. The company scope is the job's: it reads
 * as the user, so a limited user's file holds only their companies' payments.
 */
export async function requestPaymentExport(
  ctx: ServiceContext,
  query: MailedExportRequest & { ids?: string[] },
): Promise<{ success: true }> {
  const { ids, ...rest } = query;
  const filter = ids?.length ? { ...rest.filter, id: ids } : rest.filter;
  return requestMailedExport(ctx, { ...PAYMENT_EXPORT, job: paymentExportJob }, { ...rest, filter });
}

export async function runPaymentExport(ctx: ServiceContext, payload: PaymentExportPayload): Promise<void> {
  await runMailedExport(ctx, PAYMENT_EXPORT, payload);
}
