export default {
  entities: {
    group: {
      menu: 'Groups',
      label: 'Group',
      labelPlural: 'Groups',
      fields: {
        name: 'Name',
        ebox: 'E-boxes',
        id: 'ID',
        createdAt: 'Created at',
        updatedAt: 'Updated at',
      },
      create: {
        success: 'Group created successfully',
      },
      update: {
        success: 'Group updated successfully',
      },
      destroy: {
        success: 'Group deleted successfully',
      },
      destroyAll: {
        success: 'Groups deleted successfully',
      },
    },
  },
};
