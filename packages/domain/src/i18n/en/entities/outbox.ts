/** The outbox's declaration (entities/outbox.ts) read by the kit's filter form and columns. */
export default {
  entities: {
    outbox: {
      label: 'Message',
      labelPlural: 'Messages',
      fields: {
        createdAt: 'Date',
        channel: 'Channel',
        recipient: 'To',
        subject: 'Subject',
        body: 'Message',
        link: 'Link',
        status: 'Status',
        error: 'Error',
        attempts: 'Attempts',
        sentAt: 'Sent at',
        updatedAt: 'Updated at',
      },
      enumerators: {
        channel: { email: 'Email', sms: 'SMS' },
        status: { queued: 'Queued', sent: 'Sent', failed: 'Failed', outbox: 'Kept in outbox' },
      },
    },
  },
};
