import ccm from './ccm';

const templateWords = ccm.entities.ccm.enumerators;

/**
 * The message log (entities/order-message.ts) read by the kit's filters and columns and by the audit
 * log. Channel, trigger and language are those of the template the message used: the same words.
 */
export default {
  entities: {
    orderMessage: {
      label: 'Customer message',
      labelPlural: 'Customer messages',
      fields: {
        order: 'Order',
        company: 'Company',
        template: 'Template',
        trigger: 'Trigger',
        channel: 'Channel',
        language: 'Language',
        recipient: 'To',
        subject: 'Subject',
        body: 'Text',
        status: 'Status',
        provider: 'Provider',
        providerMessageId: 'Provider ID',
        attempts: 'Attempts',
        error: 'Error',
        errorCode: 'Error code',
        sentAt: 'Sent at',
        deliveredAt: 'Delivered at',
        readAt: 'Read at',
        id: 'ID',
        createdAt: 'Created at',
        updatedAt: 'Updated at',
      },
      enumerators: {
        trigger: templateWords.trigger,
        channel: templateWords.type,
        language: templateWords.language,
        status: {
          queued: 'Queued',
          sent: 'Sent',
          delivered: 'Delivered',
          read: 'Read',
          failed: 'Failed',
        },
      },
    },
  },
};
