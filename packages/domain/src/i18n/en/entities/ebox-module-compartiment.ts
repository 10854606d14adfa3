export default {
  entities: {
    eboxModuleCompartiment: {
      menu: 'Module compartments',
      label: 'Module compartment',
      labelPlural: 'Module compartments',
      fields: {
        eboxModule: 'Module',
        staticNumber: 'Number',
        compartimentLayout: 'Layout',
        pcd: 'Accessible',
        enable: 'Active',
        priority: 'Priority',
        id: 'ID',
        createdAt: 'Created at',
        updatedAt: 'Updated at',
      },
      hints: {
        staticNumber: 'Position of the compartment in the module, from 1',
        priority: 'Lower numbers are offered first',
      },
      create: {
        success: 'Module compartment created successfully',
      },
      update: {
        success: 'Module compartment updated successfully',
      },
      destroy: {
        success: 'Module compartment deleted successfully',
      },
      destroyAll: {
        success: 'Module compartments deleted successfully',
      },
    },
  },
};
