export default {
  entities: {
    compartimentLayout: {
      menu: 'Compartment layouts',
      label: 'Compartment layout',
      labelPlural: 'Compartment layouts',
      fields: {
        code: 'Code',
        name: 'Name',
        width: 'Width (cm)',
        height: 'Height (cm)',
        depth: 'Depth (cm)',
        enable: 'Active',
        id: 'ID',
        createdAt: 'Created at',
        updatedAt: 'Updated at',
      },
      hints: {
        code: 'The compartment size, for example S, M or L',
      },
      create: {
        success: 'Compartment layout created successfully',
      },
      update: {
        success: 'Compartment layout updated successfully',
      },
      destroy: {
        success: 'Compartment layout deleted successfully',
      },
      destroyAll: {
        success: 'Compartment layouts deleted successfully',
      },
    },
  },
};
