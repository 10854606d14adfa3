/**
 * The words of a bot flow's form (issue 32 item 1): each step's text previewed as WhatsApp draws it.
 * The console loads them with that form (apps/web/src/features/bot-flow/messages.ts).
 */
export const botFlowScreenAreas = [
  {
    botFlowPreview: {
      label: 'How WhatsApp shows "{{step}}"',
      time: '10:30',
      defaultText: 'The field is empty: the bot says the default text shown here.',
      bodyCount: 'Message text: {{count}} of {{max}} characters.',
      buttons: 'Reply buttons',
      rows: 'Rows of the list',
      sampleRows: 'Example rows: the bot lists the sizes free when the customer asks.',
      extra: 'The bot adds below this text: {{what}}.',
      extras: {
        payment: 'the amount and the Pix code',
        booked: 'the access code, the locker and the end, then the QR code',
        orders: 'the open orders, one a line',
        codes: 'the access codes, one a line',
      },
    },
  },
];
