import orderOutput from './order-output';

/**
 * The order page's own words (its actions and live notices): the console loads them with the order
 * screens (apps/web/src/features/order/messages.ts), not with every signed-in screen.
 */
export const orderScreenAreas = [
  {
    orderPage: {
      cancel: {
        button: 'Cancel order',
        title: 'Cancel order {{trackingCode}}?',
        text: 'The order stays in the list as canceled and its compartment is freed. This cannot be undone.',
        confirm: 'Cancel order',
        keep: 'Keep order',
        success: 'Order {{trackingCode}} canceled',
      },
      open: {
        button: 'Open compartment {{number}}',
      },
      customer: {
        edit: 'Edit {{role}}: {{name}}',
      },
      live: {
        changed: 'Order {{trackingCode}} is now {{status}}',
      },
    },
  },
  // Tags and the export by mail are asked for from the order list only.
  orderOutput,
];
