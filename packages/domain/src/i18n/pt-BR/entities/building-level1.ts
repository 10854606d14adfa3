export default {
  entities: {
    buildingLevel1: {
      menu: 'Níveis 1',
      label: 'Nível 1',
      labelPlural: 'Níveis 1',
      fields: {
        name: 'Nome',
        building: 'Prédio',
        level2: 'Níveis 2',
        company: 'Empresa',
        id: 'ID',
        createdAt: 'Criado em',
        updatedAt: 'Atualizado em',
      },
      hints: {
        name: 'Por exemplo Torre A ou Bloco 2',
      },
      create: {
        success: 'Nível 1 criado com sucesso',
      },
      update: {
        success: 'Nível 1 atualizado com sucesso',
      },
      destroy: {
        success: 'Nível 1 excluído com sucesso',
      },
      destroyAll: {
        success: 'Níveis 1 excluídos com sucesso',
      },
    },
  },
};
