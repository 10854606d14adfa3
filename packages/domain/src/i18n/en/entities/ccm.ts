export default {
  entities: {
    ccm: {
      menu: 'Message templates',
      label: 'Message template',
      labelPlural: 'Message templates',
      fields: {
        type: 'Channel',
        subType: 'Operation',
        trigger: 'Trigger',
        language: 'Empty: every language',
        subject: 'Email subject, push title or WhatsApp template name',
        content: 'Content',
        company: 'Company',
        cluster: 'Cluster',
        enable: 'Active',
        id: 'ID',
        createdAt: 'Created at',
        updatedAt: 'Updated at',
      },
      enumerators: {
        language: {
          'pt-BR': 'Portuguese (Brazil)',
          en: 'English',
        },
        type: {
          whatsapp: 'WhatsApp',
          sms: 'SMS',
          email: 'Email',
          push: 'Push',
        },
        subType: {
          delivery: 'Delivery',
          return: 'Return',
          storage: 'Self-storage',
          send: 'Send',
        },
        trigger: {
          CREATED: 'Order created',
          STORED: 'Stored in the locker',
          EXPIRED: 'Pick-up period expired',
          INBOUND: 'Received at the warehouse',
          IN_TRANSIT_TO_STORE: 'In transit to the locker',
          EXPIRED_TAKEN: 'Expired and collected',
          EXPIRED_INBOUND: 'Expired and received at the warehouse',
          EXPIRED_RETURNED: 'Expired and returned',
          COURIER_TAKEN: 'Taken by the courier',
          COURIER_INBOUND: 'Received at the warehouse from the courier',
          COURIER_RETURNED: 'Returned by the courier',
          CUSTOMER_TAKEN: 'Taken by the customer',
          SEND_INBOUND: 'Shipment received at the warehouse',
          SEND_RETURNED: 'Shipment returned',
          PRE_EXPIRED: 'About to expire',
          CANCELED: 'Canceled',
        },
      },
      hints: {
        language: 'Customers of this language get it (none: everyone without a template in their language)',
        subject: 'The email subject, the push title, or the WhatsApp template name as Meta approved it',
        trigger: 'Order status that sends the message',
      },
      errors: {
        contentInvalid: 'The content does not compile (line {{line}}): {{reason}}',
        subjectInvalid: 'The subject does not compile (line {{line}}): {{reason}}',
      },
      create: {
        success: 'Message template created successfully',
      },
      update: {
        success: 'Message template updated successfully',
      },
      destroy: {
        success: 'Message template deleted successfully',
      },
      destroyAll: {
        success: 'Message templates deleted successfully',
      },
    },
  },
};
