export default {
  entities: {
    product: {
      menu: 'Products',
      label: 'Product',
      labelPlural: 'Products',
      fields: {
        name: 'Name',
        description: 'Description',
        unitPrice: 'Unit price',
        photos: 'Photos',
        id: 'ID',
        createdAt: 'Created at',
        updatedAt: 'Updated at',
      },
      hints: {
        unitPrice: 'In reais, from 0.01 to 99,999.00',
      },
      create: {
        success: 'Product created successfully',
      },
      update: {
        success: 'Product updated successfully',
      },
      destroy: {
        success: 'Product deleted successfully',
      },
      destroyAll: {
        success: 'Products deleted successfully',
      },
    },
  },
};
