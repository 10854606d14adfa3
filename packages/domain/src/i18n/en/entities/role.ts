export default {
  entities: {
    role: {
      menu: 'Roles',
      label: 'Role',
      labelPlural: 'Roles',
      fields: {
        name: 'Name',
        description: 'Description',
        company: 'Company',
        permissions: 'Permissions',
        predefined: 'Predefined',
        id: 'ID',
        createdAt: 'Created at',
        updatedAt: 'Updated at',
      },
      hints: {
        permissions: 'What users holding this role can see and do',
        company: 'Leave empty for a role of every company',
      },
      create: {
        success: 'Role created successfully',
      },
      update: {
        success: 'Role updated successfully',
      },
      destroy: {
        success: 'Role deleted successfully',
      },
      destroyAll: {
        success: 'Roles deleted successfully',
      },
    },
  },
};
