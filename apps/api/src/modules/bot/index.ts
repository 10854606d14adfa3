import type { AppModule } from '../../platform/modules';
import { botIdleJob, botRemindJob, botSendJob, whatsAppInboundJob } from './jobs';
import { botPolicy } from './policy';

/**
 * The WhatsApp bots (issue 32): bots and their flows on the kit, their secrets encrypted at rest,
 * and Meta's webhook (the handshake, the customers' messages, the receipts) routed to each bot by
 * its number, and the conversations: each phone's messages read in order through the declared
 * machine, the replies sent in order, and the messages screens' reads and a person's reply
 * (docs/whatsapp-bot.md).
 */
export const botModule: AppModule = {
  name: 'bot',
  entities: { policies: { bot: botPolicy } },
  jobs: [whatsAppInboundJob, botSendJob, botIdleJob, botRemindJob],
  routes: () =>
    Promise.all([import('./whatsapp-routes'), import('./message-routes')]).then(([webhook, messages]) => async (app) => {
      await webhook.registerBotRoutes(app);
      await messages.registerBotMessageRoutes(app);
    }),
};
