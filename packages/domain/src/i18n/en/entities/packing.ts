export default {
  entities: {
    packing: {
      menu: 'Packing',
      label: 'Packing list',
      labelPlural: 'Packing lists',
      fields: {
        name: 'Name',
        company: 'Company',
        warehouse: 'Warehouse',
        picking: 'Picking',
        operator: 'Courier',
        route: 'Route',
        notes: 'Notes',
        orders: 'Orders',
        eboxes: 'Lockers',
        trackingCode: 'Tracking codes',
        totalOrders: 'Total orders',
        packingOrders: 'Orders still to do',
        runCode: 'Courier code',
        runFrom: 'Code valid from',
        runUntil: 'Code valid until',
        finishedAt: 'Finished at',
        finishedBy: 'Finished by',
        createdBy: 'Created by',
        id: 'ID',
        createdAt: 'Created at',
        updatedAt: 'Updated at',
      },
      enumerators: {
        picking: {
          return: 'Return',
          collectDelivery: 'Collect/delivery',
        },
      },
      steps: {
        reverseCollection: 'Reverse collection',
        expiredCollection: 'Expired collection',
        delivery: 'Delivery',
      },
      notFitting: {
        noLocker: 'The order has no locker',
        noSize: 'The order has no compartment size',
        noFreeCompartment: 'No free compartment of size {{size}} at {{locker}}',
      },
      errors: {
        notInStep: 'These orders are in no step of this picking: {{codes}}',
        alreadyPacked: 'These orders are already in an open packing list: {{codes}}',
        notFitting: 'These parcels no longer fit their lockers: {{codes}}',
        alreadyFinished: 'The packing list {{name}} is already finished',
        finishedNotDeleted: 'A finished packing list is a record of its run and is not deleted: {{names}}',
        order: {
          notInStep: '{{trackingCode}}: not in any step of this picking',
          alreadyPacked: '{{trackingCode}}: already in an open packing list',
          notFitting: '{{trackingCode}}: {{reason}}',
        },
      },
      finish: {
        success: 'Packing list finished successfully',
      },
      create: {
        success: 'Packing list saved successfully',
      },
      update: {
        success: 'Packing list updated successfully',
      },
      destroy: {
        success: 'Packing list deleted successfully',
      },
      destroyAll: {
        success: 'Packing lists deleted successfully',
      },
    },
  },
};
