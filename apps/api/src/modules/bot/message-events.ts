import type { TxContext } from '../../platform/context';
import { publishEvent } from '../../platform/events';
import { type ChangedBotMessage, findChangedMessage } from './message-repository';

/**
 * Tells the conversation screens a bot's message was stored or moved (`botMessage.changed`, pushed
 * live to holders of botRead in the bot's company): a customer's message recorded, a reply written,
 * sent, delivered, read or failed. Published in the change's transaction, so nothing is pushed for
 * a change that did not commit.
 */
export async function publishBotMessageChanged(tx: TxContext, message: ChangedBotMessage): Promise<void> {
  await publishEvent(tx, 'botMessage.changed', {
    botId: message.botId,
    companyId: message.company,
    waId: message.waId,
    messageId: message.id,
    direction: message.direction,
    status: message.status,
    at: new Date().toISOString(),
  });
}

/** The same for a message named by its id or Meta's wamid (nothing when it is not a bot's). */
export async function publishBotMessageChangedBy(tx: TxContext, by: { id: string } | { wamid: string }): Promise<void> {
  const message = await findChangedMessage(tx.tx, by);
  if (message) await publishBotMessageChanged(tx, message);
}
