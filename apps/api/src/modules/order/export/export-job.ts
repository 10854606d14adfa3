import { EXPORT_FORMATS, LANGUAGES } from '@ebox/domain';
import { z } from 'zod';
import { defineJob } from '../../../platform/jobs/job';

/**
 * The order export of GET /order/export (spec 1): written by a worker, stored, and its link mailed
 * to the user who asked. The payload names the user, not their rights: the job reads as that user
 * as they are when it runs (a revoked permission or company stops it).
 */
const orderExportPayload = z.object({
  userId: z.uuid(),
  language: z.enum(LANGUAGES),
  filter: z.record(z.string(), z.unknown()),
  orderBy: z.string().optional(),
  timeZone: z.string(),
  format: z.enum(EXPORT_FORMATS).optional(),
  /** The columns chosen (checked when asked); all the order's export columns when none. */
  fields: z.array(z.string()).optional(),
  /** The period as asked (ISO), for the mail's words. */
  period: z.object({ from: z.string(), to: z.string() }),
});

export type OrderExportPayload = z.output<typeof orderExportPayload>;

export const orderExportJob = defineJob({
  name: 'order.export',
  payload: orderExportPayload,
  actor: 'orderExporter',
  // a mail server or a bucket briefly away: a minute, then two
  retry: { limit: 2, delaySeconds: 60 },
  // a million rows take about 15 s (bench/order-export.ts); a run still going after 20 minutes died with its worker
  expireInSeconds: 20 * 60,
  handler: () => import('./export-service').then((m) => m.runOrderExport),
});
