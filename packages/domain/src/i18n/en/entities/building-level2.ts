export default {
  entities: {
    buildingLevel2: {
      menu: 'Level 2 records',
      label: 'Level 2',
      labelPlural: 'Level 2 records',
      fields: {
        name: 'Name',
        customers: 'Customers',
        id: 'ID',
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
        success: 'Level 2 records deleted successfully',
      },
    },
  },
};
