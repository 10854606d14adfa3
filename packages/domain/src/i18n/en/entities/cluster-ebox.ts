export default {
  entities: {
    clusterEbox: {
      menu: 'Cluster e-boxes',
      label: 'Cluster e-box',
      labelPlural: 'Cluster e-boxes',
      fields: {
        cluster: 'Cluster',
        ebox: 'E-box',
        eboxCode: 'E-box code',
        clusterName: 'Cluster name',
        sequenceCompartiments: 'Compartment sequence',
        clusterPosition: 'Position in cluster',
        enable: 'Enabled',
        id: 'ID',
        createdAt: 'Created at',
        updatedAt: 'Updated at',
      },
      enumerators: {
        sequenceCompartiments: {
          'RL-TB': 'Right to left, top to bottom',
          'RL-BT': 'Right to left, bottom to top',
          'LR-TB': 'Left to right, top to bottom',
          'LR-BT': 'Left to right, bottom to top',
        },
      },
      errors: {
        eboxLinked: 'This e-box is already linked to this cluster',
      },
      create: { success: 'E-box linked to the cluster successfully' },
      update: { success: 'Link updated successfully' },
      destroy: { success: 'Link deleted successfully' },
      destroyAll: { success: 'Links deleted successfully' },
    },
  },
};
