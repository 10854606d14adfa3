import { z } from 'zod';
import { defineJob } from '../../platform/jobs/job';

/**
 * Every minute: orders left past their overdue date expire (job.expireOverdue of the lifecycle
 * machine). pg-boss runs one per tick across every API and worker process.
 */
export const expireOverdueOrdersJob = defineJob({
  name: 'orders.expire-overdue',
  payload: z.object({}),
  actor: 'orderExpiry',
  retry: { limit: 2, delaySeconds: 30 },
  schedule: { cron: '* * * * *', payload: {} },
  handler: () => import('./expire-overdue').then((m) => m.run),
});
