import { type AppModule, declareEventRecorder } from '../../platform/modules';
import { foldRollupsJob } from './jobs';
import { recordOrderCreatedRollups, recordOrderStatusRollups } from './rollup-service';

/**
 * The home dashboard (issue 28; docs/dashboard.md). So far its rollups: every order move adds its
 * rows in its own transaction, a job folds them every minute, `npm run rollups:rebuild` recomputes
 * them from the order history.
 */
export const dashboardModule: AppModule = {
  name: 'dashboard',
  jobs: [foldRollupsJob],
  eventRecorders: [
    declareEventRecorder({ event: 'order.created', name: 'dashboard', record: recordOrderCreatedRollups }),
    declareEventRecorder({ event: 'order.statusChanged', name: 'dashboard', record: recordOrderStatusRollups }),
  ],
};
