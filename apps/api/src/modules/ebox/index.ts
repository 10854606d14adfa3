import type { AppModule } from '../../platform/modules';
import { clusterEboxPolicy, compartimentPolicy, eboxPolicy } from './policy';

/** Lockers, their compartments and clusters: the rules of their records and the network summary. */
export const eboxModule: AppModule = {
  name: 'ebox',
  entities: { policies: { ebox: eboxPolicy, compartiment: compartimentPolicy, clusterEbox: clusterEboxPolicy } },
  routes: async () => {
    const [lockers, summary] = await Promise.all([import('./routes'), import('./network-summary')]);
    return async (api) => {
      await lockers.registerEboxRoutes(api);
      await summary.registerNetworkSummaryRoute(api);
    };
  },
};
