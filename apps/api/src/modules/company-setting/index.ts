import type { AppModule } from '../../platform/modules';

/** GET /company-setting/{type} (spec 7.4, issue 33 item 4): a kind of the companies' settings, in scope. */
export const companySettingModule: AppModule = {
  name: 'company-setting',
  routes: () => import('./routes').then((m) => m.registerCompanySettingRoutes),
};
