export default {
  resource: {
    record: 'The record',
    fields: { id: 'ID', createdAt: 'Created at', updatedAt: 'Updated at' },
    boolean: { true: 'Yes', false: 'No' },
  },
  role: {
    errors: {
      predefinedRename: 'The name of a predefined role cannot be changed',
      predefinedDelete: 'Predefined roles cannot be removed',
    },
  },
  auditLog: {
    actions: { create: 'Create', update: 'Update', delete: 'Delete', import: 'Import' },
  },
};
