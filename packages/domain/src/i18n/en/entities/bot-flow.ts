import { BOT_STEP_NAMES, type BotStep } from '../../../bot/flow-steps';

const STEPS: Record<BotStep, string> = {
  welcome: 'Welcome',
  outOfService: 'Out of service',
  askAgain: 'Answer not understood',
  help: 'Help',
  cancelled: 'Cancelled',
  timedOut: 'Closed after idle time',
  chooseSize: 'Size choice (list)',
  noneFree: 'No free compartment',
  askStart: 'Start question',
  askHours: 'Hours question',
  askRange: 'Days question',
  askRecipient: 'Recipient question',
  confirm: 'Confirmation (buttons)',
  reminder: 'Reminder 1 hour before the end',
  paymentDeclined: 'Payment not completed',
  payment: 'Payment',
  booked: 'Booking confirmed',
  menu: 'Menu (buttons)',
  orders: 'Open orders (before the list)',
  codes: 'Codes sent again (before the list)',
  codesTooSoon: 'Codes asked again within a minute',
  handOff: 'Hand-off to a person',
};

export default {
  entities: {
    botFlow: {
      menu: 'Bot flows',
      label: 'Bot flow',
      labelPlural: 'Bot flows',
      fields: {
        name: 'Name',
        type: 'Type',
        company: 'Company',
        cluster: 'Cluster',
        user: 'User',
        messageTemplate: 'Message template',
        messages: 'Messages',
        ...Object.fromEntries(
          BOT_STEP_NAMES.flatMap((step) => [
            [step, `${STEPS[step]} (Portuguese)`],
            [`${step}En`, `${STEPS[step]} (English)`],
          ]),
        ),
        enable: 'Active',
        id: 'ID',
        createdAt: 'Created at',
        updatedAt: 'Updated at',
      },
      hints: {
        messages:
          'Empty: the default text. Lines starting with "- " are the buttons (up to 3) or, in a list, its button and rows (up to 10); up to 20 characters each.',
        messageTemplate: "Sent outside the customer's 24-hour window, when WhatsApp takes templates only",
      },
      enumerators: {
        type: {
          hourlyBooking: 'Hourly booking',
          periodBooking: 'Period booking',
          buildingBooking: 'Building booking',
          logisticSupport: 'Logistic support',
        },
      },
      errors: {
        bodyRequired: 'Write the message text before its buttons',
        bodyTooLong: 'WhatsApp takes up to {{max}} characters in this text',
        noChoices: 'This message has no buttons: remove the lines starting with "- "',
        tooManyButtons: 'WhatsApp takes up to {{max}} buttons',
        tooManyRows: 'WhatsApp takes up to {{max}} rows in a list',
        labelTooLong: 'WhatsApp takes up to {{max}} characters per button or row: "{{label}}"',
      },
      create: { success: 'Bot flow created successfully' },
      update: { success: 'Bot flow updated successfully' },
      destroy: { success: 'Bot flow deleted successfully' },
      destroyAll: { success: 'Bot flows deleted successfully' },
    },
  },
};
