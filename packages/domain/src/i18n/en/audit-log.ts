export default {
  entities: {
    auditLog: {
      label: 'Audit entry',
      labelPlural: 'Audit log',
      fields: {
        timestamp: 'Date',
        createdByEmail: 'By',
        actorLabel: 'Actor',
        entityName: 'Entity',
        entityId: 'Record id',
        action: 'Action',
        values: 'Values',
        before: 'Before',
        after: 'After',
      },
    },
  },
  auditLog: {
    actions: {
      create: 'Create',
      update: 'Update',
      delete: 'Delete',
      import: 'Import',
    },
    entityNames: {
      user: 'User',
      settings: 'Settings',
    },
    detail: 'Audit entry',
    system: 'System',
    systemActor: 'System ({{name}})',
    terminalActor: 'Terminal {{name}}',
    nothing: 'Nothing',
  },
};
