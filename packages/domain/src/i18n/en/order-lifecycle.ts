/** The order's history in words (the lifecycle's triggers and refusals): the order page shows it, and the API as it records each step. */
export default {
  entities: {
    order: {
      lifecycle: {
        triggers: {
          create: 'Order created',
          import: 'Order imported',
          'terminal.EXPIRED': 'The locker recorded the expiry',
          'terminal.MAINTENANCE': 'Opened for maintenance',
          'terminal.COURIER': 'Courier deposit',
          'terminal.CUSTOMER_TAKEN': 'Customer pickup',
          'terminal.CUSTOMER_SEND': "Customer's send drop",
          'terminal.CUSTOMER_STORAGE': "Customer's storage drop",
          'terminal.COURIER_TAKEN': 'Courier collection',
          'terminal.CUSTOMER_RETURN': "Customer's return drop",
          'console.inbound': 'Receive at the hub',
          'console.dispatch': 'Send to the locker',
          'console.returnToSender': 'Return to sender',
          'console.release': 'Release',
          'console.failDelivery': 'Record a failed delivery',
          'console.cancel': 'Cancel',
          'job.expireOverdue': 'Automatic expiry at the expiry date',
        },
        refusals: {
          notAllowed: 'A {{type}} order in status {{status}} does not accept "{{trigger}}"',
          collectExpiredNotAllowed: 'The company does not allow collecting expired orders',
          wrongCompartment: 'The access code belongs to another compartment of this locker',
        },
      },
    },
  },
};
