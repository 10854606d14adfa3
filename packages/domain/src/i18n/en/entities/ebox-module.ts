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
        id: 'Id',
        createdAt: 'Created at',
        updatedAt: 'Updated at',
      },
      hints: {
        defaultBoardNumber: 'Controller board number, from 1 to 10',
        images: 'Up to 3 images of up to 1,000,000 bytes each',
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
