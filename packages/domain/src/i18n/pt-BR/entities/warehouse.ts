export default {
  entities: {
    warehouse: {
      menu: 'Armazéns',
      label: 'Armazém',
      labelPlural: 'Armazéns',
      fields: {
        name: 'Nome',
        street: 'Endereço',
        company: 'Empresa',
        id: 'ID',
        createdAt: 'Criado em',
        updatedAt: 'Atualizado em',
      },
      create: {
        success: 'Armazém criado com sucesso',
      },
      update: {
        success: 'Armazém atualizado com sucesso',
      },
      destroy: {
        success: 'Armazém excluído com sucesso',
      },
      destroyAll: {
        success: 'Armazéns excluídos com sucesso',
      },
    },
  },
};
