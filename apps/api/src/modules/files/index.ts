import type { AppModule } from '../../platform/modules';

/** Uploaded files (invoices, images). */
export const filesModule: AppModule = {
  name: 'files',
  routes: () => import('./routes').then((m) => m.registerFileRoutes),
};
