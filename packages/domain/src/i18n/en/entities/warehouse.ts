export default {
  entities: {
    warehouse: {
      menu: 'Warehouses',
      label: 'Warehouse',
      labelPlural: 'Warehouses',
      fields: {
        name: 'Name',
        street: 'Address',
        company: 'Company',
        id: 'ID',
        createdAt: 'Created at',
        updatedAt: 'Updated at',
      },
      create: {
        success: 'Warehouse created successfully',
      },
      update: {
        success: 'Warehouse updated successfully',
      },
      destroy: {
        success: 'Warehouse deleted successfully',
      },
      destroyAll: {
        success: 'Warehouses deleted successfully',
      },
    },
  },
};
