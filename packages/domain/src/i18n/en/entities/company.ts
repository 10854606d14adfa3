export default {
  entities: {
    company: {
      menu: 'Companies',
      label: 'Company',
      labelPlural: 'Companies',
      fields: {
        name: 'Name',
        type: 'Type',
        externalId: 'External ID',
        logo: 'Logo',
        allowCollectExpiredOrder: 'Allows collecting expired orders',
        group: 'Locker group',
        distributionLogistic: 'Distribution logistics',
        parent: 'Parent company',
        building: 'Building',
        companySettings: 'Company settings',
        orderTypes: 'Enabled operations',
        smsGateway: 'SMS provider',
        maxDaysOverdueDateDelivery: 'Days until a delivery expires',
        attachments: 'Attachments',
        id: 'ID',
        createdAt: 'Created at',
        updatedAt: 'Updated at',
      },
      enumerators: {
        type: {
          shipper: 'Shipper',
          carrier: 'Carrier',
          building: 'Building',
        },
        orderTypes: {
          DELIVERY: 'Delivery',
          RETURN: 'Return',
          STORAGE: 'Self-storage',
          SEND: 'Send',
          SMARTDROP: 'Smart drop',
        },
        smsGateway: {
          AWS: 'AWS',
          SINCH: 'Sinch',
        },
      },
      hints: {
        group: "Limits the company's users to the lockers of this group",
        distributionLogistic: 'The company may operate orders of other companies',
        maxDaysOverdueDateDelivery: 'Days a delivery order stays in the locker before it expires',
      },
      create: {
        success: 'Company created successfully',
      },
      update: {
        success: 'Company updated successfully',
      },
      destroy: {
        success: 'Company deleted successfully',
      },
      destroyAll: {
        success: 'Companies deleted successfully',
      },
    },
  },
};
