export default {
  entities: {
    role: {
      menu: 'Perfis de acesso',
      label: 'Perfil de acesso',
      labelPlural: 'Perfis de acesso',
      fields: {
        name: 'Nome',
        description: 'Descrição',
        company: 'Empresa',
        permissions: 'Permissões',
        predefined: 'Predefinido',
        id: 'ID',
        createdAt: 'Criado em',
        updatedAt: 'Atualizado em',
      },
      hints: {
        permissions: 'O que os usuários com este perfil podem ver e fazer',
        company: 'Deixe em branco para um perfil de todas as empresas',
      },
      create: {
        success: 'Perfil de acesso criado com sucesso',
      },
      update: {
        success: 'Perfil de acesso atualizado com sucesso',
      },
      destroy: {
        success: 'Perfil de acesso excluído com sucesso',
      },
      destroyAll: {
        success: 'Perfis de acesso excluídos com sucesso',
      },
    },
  },
};
