export default {
  entities: {
    paymentGateway: {
      menu: 'Payment gateways',
      label: 'Payment gateway',
      labelPlural: 'Payment gateways',
      fields: {
        name: 'Name',
        gateway: 'Gateway',
        company: 'Company',
        accessToken: 'Access token',
        webhookSecret: 'Notification secret',
        enable: 'Active',
        id: 'ID',
        createdAt: 'Created at',
        updatedAt: 'Updated at',
      },
      hints: {
        accessToken: "The gateway account's access token; stored encrypted and never shown; empty keeps the current one",
        webhookSecret: "Signs the gateway's notifications (Mercado Pago: the webhook's secret signature); stored encrypted",
      },
      enumerators: {
        gateway: { mercadopago: 'Mercado Pago' },
      },
      create: { success: 'Payment gateway created successfully' },
      update: { success: 'Payment gateway updated successfully' },
      destroy: { success: 'Payment gateway deleted successfully' },
      destroyAll: { success: 'Payment gateways deleted successfully' },
    },
  },
};
