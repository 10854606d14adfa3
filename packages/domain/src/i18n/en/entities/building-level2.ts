export default {
  entities: {
    buildingLevel2: {
      menu: 'Levels 2',
      label: 'Level 2',
      labelPlural: 'Levels 2',
      fields: {
        name: 'Name',
        customers: 'Customers',
        id: 'Id',
        createdAt: 'Created at',
        updatedAt: 'Updated at',
      },
      hints: {
        name: 'For example Apartment 101',
      },
      create: {
        success: 'Level 2 created successfully',
      },
      update: {
        success: 'Level 2 updated successfully',
      },
      destroy: {
        success: 'Level 2 deleted successfully',
      },
      destroyAll: {
        success: 'Levels 2 deleted successfully',
      },
    },
  },
};
