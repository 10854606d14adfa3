import type { AppModule } from '../../platform/modules';
import { orderActions } from './actions';
import { orderExportJob } from './export/export-job';
import { expireOverdueOrdersJob } from './jobs';
import { orderPolicy } from './policy';

/** Orders: their list and lifecycle, the parcel events lockers report, tags, the mailed export. */
export const orderModule: AppModule = {
  name: 'order',
  entities: { policies: { order: orderPolicy }, actions: orderActions },
  jobs: [expireOverdueOrdersJob, orderExportJob],
  routes: async () => {
    const [orders, tags, exports] = await Promise.all([import('./routes'), import('./tags/routes'), import('./export/routes')]);
    return async (api) => {
      await orders.registerOrderRoutes(api);
      await tags.registerOrderTagRoutes(api);
      await exports.registerOrderExportRoutes(api);
    };
  },
};
