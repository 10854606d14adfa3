/** Mail and SMS the API sends (verification, password reset, invitation). */
export default {
  mail: {
    appName: 'Ebox Console',
    greeting: 'Hello,',
    ignore: "If you didn't ask for this, you can ignore this message.",
    linkFallback: 'If the button does not work, copy this address into your browser:',
    emailVerification: {
      subject: 'Verify your email for {{appName}}',
      body: 'Follow this link to verify the email address {{email}}. The link expires in {{hours}} hours.',
      action: 'Verify email',
    },
    passwordReset: {
      subject: 'Reset your password for {{appName}}',
      body: 'Follow this link to reset the {{appName}} password of the account {{email}}. The link expires in {{hours}} hours.',
      action: 'Reset password',
    },
    invitation: {
      subject: 'You have been invited to {{appName}}',
      body: '{{inviter}} invited you to {{appName}}. Follow this link to set your password and sign in. The link expires in {{hours}} hours.',
      action: 'Set my password',
    },
    webhookDisabled: {
      subject: 'A webhook of {{company}} was switched off',
      body: 'The webhook to {{url}} was switched off: {{reason}}. Its pending deliveries were given up. Fix the receiver, switch the webhook on again, and replay the failed deliveries from its page.',
      action: 'Open the webhook',
      reasons: {
        gone: 'its receiver answered 410 Gone',
        failing: 'every delivery failed for {{days}} days',
      },
    },
    sms: {
      passwordReset: '{{appName}}: reset your password at {{link}} (expires in {{hours}} hours)',
    },
  },
};
