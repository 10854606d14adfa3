export default {
  entities: {
    eboxModule: {
      menu: 'Modules',
      label: 'Module',
      labelPlural: 'Modules',
      fields: {
        name: 'Name',
        code: 'Code',
        defaultBoardNumber: 'Default board',
        images: 'Images',
        enable: 'Active',
        eboxModuleCompartiment: 'Compartments',
        id: 'ID',
        createdAt: 'Created at',
        updatedAt: 'Updated at',
      },
      hints: {
        defaultBoardNumber: 'Controller board number, from 1 to 10',
      },
      create: {
        success: 'Module created successfully',
      },
      update: {
        success: 'Module updated successfully',
      },
      destroy: {
        success: 'Module deleted successfully',
      },
      destroyAll: {
        success: 'Modules deleted successfully',
      },
    },
  },
};
