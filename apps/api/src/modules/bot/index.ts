import type { AppModule } from '../../platform/modules';
import { whatsAppInboundJob } from './jobs';
import { botPolicy } from './policy';

/**
 * The WhatsApp bots (issue 32): bots and their flows on the kit, their secrets encrypted at rest,
 * and Meta's webhook (the handshake, the customers' messages, the receipts) routed to each bot by
 * its number (docs/whatsapp-bot.md).
 */
export const botModule: AppModule = {
  name: 'bot',
  entities: { policies: { bot: botPolicy } },
  jobs: [whatsAppInboundJob],
  routes: () => import('./whatsapp-routes').then((m) => m.registerBotRoutes),
};
