export default {
  entities: {
    route: {
      menu: 'Routes',
      label: 'Route',
      labelPlural: 'Routes',
      fields: {
        name: 'Name',
        company: 'Company',
        ebox: 'Lockers',
        operatedBy: 'Operated by',
        notes: 'Notes',
        id: 'ID',
        createdAt: 'Created at',
        updatedAt: 'Updated at',
      },
      create: {
        success: 'Route created successfully',
      },
      update: {
        success: 'Route updated successfully',
      },
      destroy: {
        success: 'Route deleted successfully',
      },
      destroyAll: {
        success: 'Routes deleted successfully',
      },
    },
  },
};
