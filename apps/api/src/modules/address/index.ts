import type { AppModule } from '../../platform/modules';

/**
 * The address book's own read beside the kit's generic routes: GET /address/postal-code/{cep}, what
 * an address form fills from a typed CEP (issue 33 item 2).
 */
export const addressModule: AppModule = {
  name: 'address',
  routes: () => import('./routes').then((m) => m.registerAddressRoutes),
};
