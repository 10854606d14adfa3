export default {
  outbox: {
    title: 'Outbox',
    intro:
      'Mail and SMS sent by the console. Each message is queued with the change that sends it and a worker hands it to the email or SMS service, retrying a few times before it fails. Without an email or SMS service configured, messages stay here so their links can still be opened by someone who may already manage the recipient.',
    openLink: 'Open link',
    linkHidden: 'Link hidden',
    linkHiddenHint:
      "This one-time link's code is hidden. It is shown only to someone holding every permission of the recipient, and only while messages stay in the outbox (no email or SMS service configured).",
    empty: 'No messages yet',
    queue: {
      title: 'Job queue',
      intro: 'Work the console does in the background (sending mail and SMS, scheduled tasks): jobs per kind and state.',
      job: 'Job',
      states: {
        queued: 'Queued',
        active: 'Running',
        retrying: 'Retrying',
        failed: 'Failed',
        completed: 'Completed',
      },
      names: {
        'webhook-lane': 'Send the webhooks of an order (in order)',
        'messages-send': 'Send mail and SMS',
        'auth-purge-revoked-tokens': 'Forget expired sign-outs (daily)',
        'maintenance-purge-idempotency-keys': 'Forget answers kept for repeated requests (daily)',
        'orders-expire-overdue': 'Expire orders past their expiry date (every minute)',
        'terminal-apply-config': 'Send the compartment wiring to a locker',
        'terminal-apply-access-codes': "Send a locker its orders' access codes",
        'event-ebox-statusChanged-accessCodes': 'Send the access codes to a locker that came online',
        'event-ebox-statusChanged-applyConfig': 'Configure a locker that came online',
        'order-export': 'Export orders by mail',
      },
      failures: 'Latest failures',
      noFailures: 'No failed jobs',
      failedAt: 'Failed at',
      error: 'Error',
      attempts: 'Attempts',
      empty: 'No jobs yet',
    },
  },
};
