export default {
  outbox: {
    title: 'Outbox',
    intro:
      'Mail and SMS sent by the console. Without an email or SMS service configured, messages stay here so their links can still be opened.',
    fields: {
      createdAt: 'Date',
      channel: 'Channel',
      recipient: 'To',
      subject: 'Subject',
      body: 'Message',
      link: 'Link',
      status: 'Status',
      error: 'Error',
    },
    channels: {
      email: 'Email',
      sms: 'SMS',
    },
    statuses: {
      outbox: 'Kept in outbox',
      sent: 'Sent',
      failed: 'Failed',
    },
    openLink: 'Open link',
    empty: 'No messages yet',
  },
};
