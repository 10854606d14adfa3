import type { AppModule } from '../../platform/modules';
import { inboundPolicy } from './policy';

/** Inbound (issue 30): orders received at a warehouse by tracking code, moved to INBOUND together. */
export const inboundModule: AppModule = {
  name: 'inbound',
  entities: { policies: { inbound: inboundPolicy } },
  routes: async () => {
    const { registerInboundRoutes } = await import('./routes');
    return registerInboundRoutes;
  },
};
