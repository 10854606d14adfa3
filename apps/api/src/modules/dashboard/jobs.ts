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

/**
 * Every night at 06:30 UTC (03:30 in São Paulo): yesterday's rollups against a recomputation from
 * the order history and the derived tables against their base; any drift is logged as an error.
 * Then the move log forgets what it no longer needs (over 400 days).
 */
export const checkRollupDriftJob = defineJob({
  name: 'dashboard.check-drift',
  payload: z.object({}),
  actor: 'dashboardRollups',
  retry: { limit: 1, delaySeconds: 300 },
  schedule: { cron: '30 6 * * *', payload: {} },
  handler: () => import('./rollup-service').then((m) => m.runCheckRollupDrift),
});

/**
 * The alerts of some lockers evaluated (alert-service.ts): enqueued by the events that change their
 * conditions (one waiting job per locker), delayed to when a condition comes due, and every 15
 * minutes for every locker (the sweep: a parcel passing its overdue date has no event).
 */
export const evaluateAlertsJob = defineJob({
  name: 'dashboard.evaluate-alerts',
  payload: z.object({ eboxIds: z.array(z.uuid()).max(1000).optional() }),
  actor: 'dashboardAlerts',
  retry: { limit: 3, delaySeconds: 10 },
  policy: 'stately',
  schedule: { cron: '*/15 * * * *', payload: {} },
  handler: () => import('./alert-service').then((m) => m.runEvaluateAlerts),
});

/** Every hour: the alert digests and weekly summaries of the users whose clock shows 07:00 (dashboard-mails.ts). */
export const sendDashboardMailsJob = defineJob({
  name: 'dashboard.send-mails',
  payload: z.object({}),
  actor: 'dashboardAlerts',
  retry: { limit: 2, delaySeconds: 60 },
  schedule: { cron: '0 * * * *', payload: {} },
  handler: () => import('./dashboard-mails').then((m) => m.runDashboardMails),
});

/** Every hour: each locker's compartments sampled, for the weekday × hour grid (locker-health-repository.ts). */
export const sampleOccupancyJob = defineJob({
  name: 'dashboard.sample-occupancy',
  payload: z.object({}),
  actor: 'dashboardRollups',
  retry: { limit: 2, delaySeconds: 60 },
  schedule: { cron: '0 * * * *', payload: {} },
  handler: () => import('./rollup-service').then((m) => m.runSampleOccupancy),
});
