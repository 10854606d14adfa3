import type { AppModule } from '../../platform/modules';

/** The tenant's settings. */
export const settingsModule: AppModule = {
  name: 'settings',
  routes: () => import('./routes').then((m) => m.registerSettingsRoutes),
};
