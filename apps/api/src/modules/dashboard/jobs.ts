import { z } from 'zod';
import { defineJob } from '../../platform/jobs/job';

/** Every minute: the rollup rows the moves added, folded into one row per key (reads stay short). */
export const foldRollupsJob = defineJob({
  name: 'dashboard.fold-rollups',
  payload: z.object({}),
  actor: 'dashboardRollups',
  retry: { limit: 1, delaySeconds: 30 },
  schedule: { cron: '* * * * *', payload: {} },
  handler: () => import('./rollup-service').then((m) => m.runFoldRollups),
});
