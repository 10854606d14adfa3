export default {
  entities: {
    cluster: {
      menu: 'Clusters',
      label: 'Cluster',
      labelPlural: 'Clusters',
      fields: {
        name: 'Name',
        sequence: 'Sequence',
        enable: 'Enabled',
        company: 'Company',
        operationType: 'Operation type',
        isPaid: 'Paid',
        id: 'ID',
        createdAt: 'Created at',
        updatedAt: 'Updated at',
      },
      enumerators: {
        operationType: { RANGE: 'Range', HOUR: 'Hourly' },
      },
      hints: {
        sequence: 'A letter A to Z or a number 1 to 9999',
      },
      errors: {
        sequence: 'Sequence must be a letter A to Z or a number 1 to 9999',
      },
      status: {
        title: 'Compartments by size',
        size: 'Size',
        total: 'Total',
        available: 'Available',
        damaged: 'Locked',
        occupied: 'Occupied',
        booked: 'Booked',
      },
      create: { success: 'Cluster created successfully' },
      update: { success: 'Cluster updated successfully' },
      destroy: { success: 'Cluster deleted successfully' },
      destroyAll: { success: 'Clusters deleted successfully' },
    },
  },
};
