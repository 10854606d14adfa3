export default {
  entities: {
    webhook: {
      menu: 'Webhooks',
      label: 'Webhook',
      labelPlural: 'Webhooks',
      fields: {
        url: 'URL',
        company: 'Company',
        enable: 'Active',
        disabledReason: 'Why it was disabled',
        failingSince: 'Failing since',
        id: 'ID',
        createdAt: 'Created at',
        updatedAt: 'Updated at',
      },
      hints: {
        url: "http or https address that receives the events of the company's orders",
      },
      errors: {
        replayRange: 'The start of the period must come before its end',
        disabled: 'This webhook is disabled: enable it before sending a delivery again',
      },
      create: {
        success: 'Webhook created successfully',
      },
      update: {
        success: 'Webhook updated successfully',
      },
      destroy: {
        success: 'Webhook deleted successfully',
      },
      destroyAll: {
        success: 'Webhooks deleted successfully',
      },
    },
  },
};
