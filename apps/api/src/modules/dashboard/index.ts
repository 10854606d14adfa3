import { type AppModule, declareEventRecorder } from '../../platform/modules';
import { recordDoorEventFailure, recordLockerStatus, recordLockerStatuses, recordOpenFailure } from './alert-service';
import { checkRollupDriftJob, evaluateAlertsJob, foldRollupsJob, sampleOccupancyJob, sendDashboardMailsJob } from './jobs';
import { recordMessageRollups, recordOrderCreatedRollups, recordOrderStatusesRollups, recordOrderStatusRollups } from './rollup-service';

/**
 * The home dashboard (issue 28; docs/dashboard.md): GET /dashboard reads its rollups, which every
 * order move adds rows to in its own transaction; a job folds them every minute, a nightly job checks
 * yesterday's against the order history, `npm run rollups:rebuild` recomputes them from it.
 */
export const dashboardModule: AppModule = {
  name: 'dashboard',
  jobs: [foldRollupsJob, checkRollupDriftJob, evaluateAlertsJob, sendDashboardMailsJob, sampleOccupancyJob],
  routes: async () => {
    const { registerDashboardRoutes } = await import('./routes');
    return registerDashboardRoutes;
  },
  eventRecorders: [
    declareEventRecorder({ event: 'order.created', name: 'dashboard', record: recordOrderCreatedRollups }),
    declareEventRecorder({
      event: 'order.statusChanged',
      name: 'dashboard',
      record: recordOrderStatusRollups,
      recordAll: recordOrderStatusesRollups,
    }),
    declareEventRecorder({ event: 'orderMessage.statusChanged', name: 'dashboard', record: recordMessageRollups }),
    // The alerts: door failures recorded with their event, a changed locker evaluated after it commits.
    declareEventRecorder({ event: 'compartiment.doorEvent', name: 'dashboardDoors', record: recordDoorEventFailure }),
    declareEventRecorder({ event: 'compartiment.openFailed', name: 'dashboardDoors', record: recordOpenFailure }),
    // A locker's status: its offline intervals (availability) and its alerts.
    declareEventRecorder({
      event: 'ebox.statusChanged',
      name: 'dashboardAlerts',
      record: recordLockerStatus,
      recordAll: recordLockerStatuses,
    }),
  ],
};
