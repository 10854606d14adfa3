import { type MailedExportPayload, mailedExportPayload } from '../../../kit/mailed-export/job';
import { defineJob } from '../../../platform/jobs/job';

/**
 * The order export of GET /order/export (spec 1): the shared mailed export (kit/mailed-export/),
 * its period always named for the mail's words.
 */
export type OrderExportPayload = MailedExportPayload;

export const orderExportJob = defineJob({
  name: 'order.export',
  payload: mailedExportPayload,
  actor: 'orderExporter',
  // a mail server or a bucket briefly away: a minute, then two
  retry: { limit: 2, delaySeconds: 60 },
  // a million rows take about 15 s (bench/order-export.ts); a run still going after 20 minutes died with its worker
  expireInSeconds: 20 * 60,
  handler: () => import('./export-service').then((m) => m.runOrderExport),
});
