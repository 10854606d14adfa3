export default {
  resource: {
    record: 'The record',
    fields: { id: 'ID', createdAt: 'Created at', updatedAt: 'Updated at' },
    boolean: { true: 'Yes', false: 'No' },
  },
  role: {
    errors: {
      predefinedReadOnly: 'Predefined roles cannot be changed',
      permissionsNotHeld: "You can't put into a role permissions you don't hold: {{permissions}}",
      notManageable: "You can't change the role {{role}}: it has permissions you don't hold",
      ownRoleWidened: "You can't add permissions to a role you hold",
      predefinedDelete: 'Predefined roles cannot be removed',
    },
  },
  auditLog: {
    actions: { create: 'Create', update: 'Update', delete: 'Delete', import: 'Import' },
  },
};
