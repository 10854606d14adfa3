export default {
  entities: {
    buildingLevel2: {
      menu: 'Níveis 2',
      label: 'Nível 2',
      labelPlural: 'Níveis 2',
      fields: {
        name: 'Nome',
        customers: 'Clientes',
        id: 'ID',
        createdAt: 'Criado em',
        updatedAt: 'Atualizado em',
      },
      hints: {
        name: 'Por exemplo Apartamento 101',
      },
      create: {
        success: 'Nível 2 criado com sucesso',
      },
      update: {
        success: 'Nível 2 atualizado com sucesso',
      },
      destroy: {
        success: 'Nível 2 excluído com sucesso',
      },
      destroyAll: {
        success: 'Níveis 2 excluídos com sucesso',
      },
    },
  },
};
