export default {
  entities: {
    buildingLevel1: {
      menu: 'Levels 1',
      label: 'Level 1',
      labelPlural: 'Levels 1',
      fields: {
        name: 'Name',
        building: 'Building',
        level2: 'Levels 2',
        company: 'Company',
        id: 'Id',
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
        success: 'Levels 1 deleted successfully',
      },
    },
  },
};
