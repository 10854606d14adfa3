import { type MailedExportPayload, mailedExportPayload } from '../../kit/mailed-export/job';
import { defineJob } from '../../platform/jobs/job';

/** The payment export of GET /payment/export (spec 1, 7.4): the shared mailed export, as the order's. */
export const paymentExportJob = defineJob({
  name: 'payment.export',
  payload: mailedExportPayload,
  actor: 'paymentExporter',
  // a mail server or a bucket briefly away: a minute, then two
  retry: { limit: 2, delaySeconds: 60 },
  expireInSeconds: 20 * 60,
  handler: () => import('./export-service').then((m) => m.runPaymentExport),
});

export type PaymentExportPayload = MailedExportPayload;
