import type { AppModule } from '../../platform/modules';

/** Sign-up, sign-in, password reset and the profile. */
export const authModule: AppModule = {
  name: 'auth',
  routes: () => import('./routes').then((m) => m.registerAuthRoutes),
};
