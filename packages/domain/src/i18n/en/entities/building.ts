export default {
  entities: {
    building: {
      menu: 'Buildings',
      label: 'Building',
      labelPlural: 'Buildings',
      fields: {
        name: 'Name',
        company: 'Company',
        level1: 'Level 1 name',
        level2: 'Level 2 name',
        externalId: 'External ID',
        buildingId: 'Building code',
        customerName: 'Contact name',
        customerPhone: 'Contact phone',
        customerEmail: 'Contact email',
        id: 'ID',
        createdAt: 'Created at',
        updatedAt: 'Updated at',
      },
      hints: {
        level1: 'What the building calls its first level, for example Tower or Block',
        level2: 'What the building calls its second level, for example Apartment or Room',
      },
      create: {
        success: 'Building created successfully',
      },
      update: {
        success: 'Building updated successfully',
      },
      destroy: {
        success: 'Building deleted successfully',
      },
      destroyAll: {
        success: 'Buildings deleted successfully',
      },
    },
  },
};
