/**
 * The customer message screens' words (the order page's communications card and the message log):
 * the console loads them with those screens (apps/web/src/features/message/messages.ts).
 */
export const messageScreenAreas = [
  {
    communications: {
      title: 'Communications',
      listLabel: "Messages sent to this order's customer, newest first",
      empty: "No message sent to this order's customer yet",
      noRecipient: 'No recipient',
      live: {
        changed: '{{channel}} message: {{status}}',
      },
      send: {
        button: 'Send notification',
        title: 'Send the notification of order {{trackingCode}} now?',
        text: "The customer receives the messages of the order's current status, on the company's channels.",
        confirm: 'Send notification',
        success: 'Notification sent',
      },
      resendSms: {
        button: 'Resend SMS',
        title: 'Resend the SMS of order {{trackingCode}}?',
        text: "The customer receives the SMS of the order's current status again. Another resend is accepted only a minute later.",
        confirm: 'Resend SMS',
        success: 'SMS sent again',
      },
      resendEmail: {
        button: 'Resend email',
        title: 'Resend the email of order {{trackingCode}}?',
        text: "The customer receives the email of the order's current status again. Another resend is accepted only a minute later.",
        confirm: 'Resend email',
        success: 'Email sent again',
      },
      keep: "Don't send",
    },
    messageDetail: {
      title: '{{channel}} to {{recipient}}',
      text: 'Text sent',
      accessCodeMasked: 'The access code shows hidden (••••••): the customer received it, the log does not pass it on.',
      errorWithCode: '{{error}} (code {{code}})',
    },
    messageLog: {
      title: 'Customer messages',
      intro:
        "Every message sent to the orders' customers by email, SMS, WhatsApp or push, as it happened: the status is what the provider reported. Click a message to read its text.",
    },
  },
];
