export default {
  outbox: {
    title: 'Outbox',
    intro:
      'Mail and SMS sent by the console. Without an email or SMS service configured, messages stay here so their links can still be opened by someone who may already manage the recipient.',
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
    linkHidden: 'Link hidden',
    linkHiddenHint:
      "This one-time link's code is hidden. It is shown only to someone holding every permission of the recipient, and only while messages stay in the outbox (no email or SMS service configured).",
    empty: 'No messages yet',
  },
};
