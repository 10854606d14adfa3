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
      errors: {
        notAnOperator: "Choose a user with an operator role in the route's company",
        repeatedStop: 'A locker is visited once on a route: stops {{first}} and {{second}} are the same locker',
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
