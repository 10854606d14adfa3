export default {
  resource: {
    record: 'O registro',
    fields: { id: 'ID', createdAt: 'Criado em', updatedAt: 'Atualizado em' },
    boolean: { true: 'Sim', false: 'Não' },
  },
  role: {
    errors: {
      predefinedReadOnly: 'Perfis predefinidos não podem ser alterados',
      permissionsNotHeld: 'Você não pode colocar em um perfil permissões que você não possui: {{permissions}}',
      notManageable: 'Você não pode alterar o perfil {{role}}: ele tem permissões que você não possui',
      ownRoleWidened: 'Você não pode acrescentar permissões a um perfil que você possui',
      predefinedDelete: 'Perfis predefinidos não podem ser removidos',
    },
  },
  auditLog: {
    actions: { create: 'Criação', update: 'Atualização', delete: 'Remoção', import: 'Importação' },
  },
};
