import orderLifecycle from './order-lifecycle';
import orderOutput from './order-output';

/**
 * The order page's own words (its actions and live notices): the console loads them with the order
 * screens (apps/web/src/features/order/messages.ts), not with every signed-in screen.
 */
export const orderScreenAreas = [
  orderLifecycle,
  {
    orderList: {
      // The one search (docs/decisions.md "The one search"); the reference only for who may filter by it.
      search: {
        placeholder: 'Search by tracking code, reference number, phone or e-mail',
        placeholderNoReference: 'Search by tracking code, phone or e-mail',
        hint: 'Tracking code and reference by their start; a phone in any format, by its last 8 digits or more; a whole e-mail.',
        hintNoReference: 'Tracking code by its start; a phone in any format, by its last 8 digits or more; a whole e-mail.',
        found: '{{count}} orders found:',
      },
    },
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
      accessCode: {
        hiddenNoPermission: 'Hidden: only who may resend the code or edit the order sees it',
        hiddenFinished: 'Hidden: the order is finished and its code opens nothing',
        newCode: 'New code',
        title: 'Generate a new access code for order {{trackingCode}}?',
        text: 'The current code stops opening the compartment; the locker gets the new one. Send it to the customer again.',
        confirm: 'Generate new code',
        keep: 'Keep current code',
        success: 'New access code generated for order {{trackingCode}}',
      },
      customer: {
        edit: 'Edit {{role}}: {{name}}',
      },
      glance: {
        title: 'Where the order stands',
        steps: "The order's steps",
        inLocker: 'In locker {{locker}}, door {{number}}, since {{date}}',
        booked: 'Door {{number}} booked at locker {{locker}}',
        next: 'Next: {{step}}',
        nextBy: 'Next: {{step}}, by {{date}}',
        overdue: 'The deadline for "{{step}}" passed on {{date}}',
        finished: 'Order finished',
        finishedAt: 'Order finished on {{date}}',
      },
      live: {
        changed: 'Order {{trackingCode}} is now {{status}}',
      },
    },
  },
  // Tags and the export by mail are asked for from the order list only.
  orderOutput,
];
