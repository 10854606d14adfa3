export default {
  entities: {
    inbound: {
      menu: 'Inbound',
      label: 'Inbound entry',
      labelPlural: 'Inbound entries',
      fields: {
        name: 'Name',
        company: 'Company',
        warehouse: 'Warehouse',
        deliveryWindow: 'Delivery window',
        notes: 'Notes',
        orders: 'Orders',
        trackingCode: 'Tracking codes',
        totalOrders: 'Total orders',
        packingOrders: 'Orders in packing',
        inboundAt: 'Received at',
        createdBy: 'Received by',
        id: 'ID',
        createdAt: 'Created at',
        updatedAt: 'Updated at',
      },
      search: {
        found: 'Found',
        alreadyInbound: 'Already inbound',
        unknown: 'Unknown',
        notAllowed: 'Not allowed from its status ({{status}})',
        noOrders: 'No orders found',
      },
      errors: {
        notMovable: 'These orders cannot be received: {{codes}}',
      },
      create: {
        success: 'Inbound entry saved successfully',
      },
      update: {
        success: 'Inbound entry updated successfully',
      },
      destroy: {
        success: 'Inbound entry deleted successfully',
      },
      destroyAll: {
        success: 'Inbound entries deleted successfully',
      },
    },
  },
};
