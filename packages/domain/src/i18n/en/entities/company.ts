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
        channelFallback: 'Tried in order (default: WhatsApp, SMS, email)',
        preExpiredHours: 'Default: 24',
        reminderWindowStart: 'HH:mm (default: 09:00)',
        reminderWindowEnd: 'HH:mm (default: 21:00)',
        timeZone: 'Default: America/Sao_Paulo',
        maxDaysOverdueDateDelivery: 'Days until a delivery expires',
        attachments: 'Attachments',
        id: 'ID',
        createdAt: 'Created at',
        updatedAt: 'Updated at',
      },
      enumerators: {
        channelFallback: {
          whatsapp: 'WhatsApp',
          sms: 'SMS',
          email: 'Email',
          push: 'Push',
        },
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
        channelFallback:
          'A customer is reached on the first channel with a template; when it fails, on the next (none: WhatsApp, SMS, email)',
        preExpiredHours: 'How long before the overdue date the reminder goes (none: 24)',
        reminderWindowStart: 'HH:mm; reminders wait for this time of day (none: 09:00)',
        reminderWindowEnd: 'HH:mm; no reminder after this time of day (none: 21:00)',
        timeZone: 'For the reminder window, as America/Sao_Paulo (none: America/Sao_Paulo)',
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
