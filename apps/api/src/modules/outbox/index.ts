import type { AppModule } from '../../platform/modules';

/** Mail and SMS waiting to be sent, for an operator to read. */
export const outboxModule: AppModule = {
  name: 'outbox',
  routes: () => import('./routes').then((m) => m.registerOutboxRoutes),
};
