import type { AppModule } from '../../platform/modules';

/** People: invitations, roles and company access (spec 7.2). */
export const iamModule: AppModule = {
  name: 'iam',
  routes: () => import('./routes').then((m) => m.registerIamRoutes),
};
