export default {
  entities: {
    buildingLevel1: {
      menu: 'Level 1 records',
      label: 'Level 1',
      labelPlural: 'Level 1 records',
      fields: {
        name: 'Name',
        building: 'Building',
        level2: 'Level 2 records',
        company: 'Company',
        id: 'ID',
        createdAt: 'Created at',
        updatedAt: 'Updated at',
      },
      hints: {
        name: 'For example Tower A or Block 2',
      },
      create: {
        success: 'Level 1 created successfully',
      },
      update: {
        success: 'Level 1 updated successfully',
      },
      destroy: {
        success: 'Level 1 deleted successfully',
      },
      destroyAll: {
        success: 'Level 1 records deleted successfully',
      },
    },
  },
};
