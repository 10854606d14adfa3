export default {
  resource: {
    record: 'O registro',
    fields: { id: 'ID', createdAt: 'Criado em', updatedAt: 'Atualizado em' },
    boolean: { true: 'Sim', false: 'Não' },
  },
  role: {
    errors: {
      predefinedRename: 'O nome de um perfil predefinido não pode ser alterado',
      predefinedDelete: 'Perfis predefinidos não podem ser removidos',
    },
  },
  auditLog: {
    actions: { create: 'Criação', update: 'Atualização', delete: 'Remoção', import: 'Importação' },
  },
};
