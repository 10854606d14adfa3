import { MESSAGE_TEMPLATE_TRIGGERS, MESSAGE_TEMPLATE_TYPES } from '../../entities/enums';
import { LANGUAGES } from '../languages';

/**
 * Words the message template (ccm) already says, by reference (i18next's $t nesting): the log's
 * channel, trigger and language read as the template's, without this area importing the
 * dictionary's own entity files (which would split them into a chunk of their own).
 */
const sameAs = (values: readonly string[], key: string) => Object.fromEntries(values.map((value) => [value, `$t(${key}.${value})`]));

/**
 * The message log's fields (entities/order-message.ts) for the kit's filters and columns: with the
 * message screens, not in the console's first dictionary. Channel, trigger and language are the
 * template's words.
 */
const orderMessageLabels = {
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
        trigger: sameAs(MESSAGE_TEMPLATE_TRIGGERS, 'entities.ccm.enumerators.trigger'),
        channel: sameAs(MESSAGE_TEMPLATE_TYPES, 'entities.ccm.enumerators.type'),
        language: sameAs(LANGUAGES, 'entities.ccm.enumerators.language'),
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

/**
 * The customer message screens' words (the order page's communications card, the message log and
 * the customer's push devices):
 * the console loads them with those screens (apps/web/src/features/message/messages.ts).
 */
export const messageScreenAreas = [
  orderMessageLabels,
  {
    customerDevices: {
      title: 'Devices for push',
      empty: "The customer's app has not registered a device for push",
      device: 'Device',
      receivesPush: 'Receives push',
      platform: 'Platform',
      platforms: { android: 'Android', ios: 'iOS', web: 'Web' },
      registeredAt: 'Registered at',
      remove: 'Remove',
      removeLabel: 'Remove device {{device}}',
      removeTitle: 'Remove device {{device}}?',
      removeText: 'Push notifications stop going to this device until the app registers it again.',
      removed: 'Device removed',
    },
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
