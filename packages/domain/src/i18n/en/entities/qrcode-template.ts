export default {
  entities: {
    qrcodeTemplate: {
      menu: 'QR code templates',
      label: 'QR code template',
      labelPlural: 'QR code templates',
      fields: {
        type: 'Moment',
        hbsContent: 'Content (Handlebars)',
        company: 'Company',
        cluster: 'Cluster',
        enable: 'Active',
        id: 'ID',
        createdAt: 'Created at',
        updatedAt: 'Updated at',
      },
      enumerators: {
        type: {
          STORED: 'Stored',
          CUSTOMER_TAKEN: 'Taken by the customer',
          CUSTOMER_SEND: 'Sent by the customer',
          EXPIRED: 'Expired',
        },
      },
      hints: {
        hbsContent: 'HTML with Handlebars variables between double braces',
      },
      errors: {
        hbsContentInvalid: '{{label}} does not compile (line {{line}}): {{reason}}',
      },
      create: {
        success: 'QR code template created successfully',
      },
      update: {
        success: 'QR code template updated successfully',
      },
      destroy: {
        success: 'QR code template deleted successfully',
      },
      destroyAll: {
        success: 'QR code templates deleted successfully',
      },
    },
  },
};
