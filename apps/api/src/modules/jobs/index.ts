import type { AppModule } from '../../platform/modules';

/** The job queues, for an operator to read. */
export const jobsModule: AppModule = {
  name: 'jobs',
  routes: () => import('./routes').then((m) => m.registerJobRoutes),
};
