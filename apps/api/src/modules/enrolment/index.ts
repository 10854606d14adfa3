import type { AppModule } from '../../platform/modules';

/** A locker joins the network with a one-time token. */
export const enrolmentModule: AppModule = {
  name: 'enrolment',
  routes: () => import('./routes').then((m) => m.registerEnrolmentRoutes),
};
