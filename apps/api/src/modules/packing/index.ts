import type { AppModule } from '../../platform/modules';
import { packingPolicy } from './policy';
import { finishPacking } from './service';

/** Packing (issue 30): runs of orders in spec 4.1's steps, the delivery's compartments, finish, the romaneio. */
export const packingModule: AppModule = {
  name: 'packing',
  entities: { policies: { packing: packingPolicy }, actions: { 'packing.finish': finishPacking } },
  routes: async () => {
    const { registerPackingRoutes } = await import('./routes');
    return registerPackingRoutes;
  },
};
