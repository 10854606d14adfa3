import type { AppModule } from '../../platform/modules';
import { routePolicy } from './policy';

/** Routes (issue 30, item 5): who may drive one is an operator of its company (policy.ts). */
export const routeModule: AppModule = {
  name: 'route',
  entities: { policies: { route: routePolicy } },
};
