export default {
  entities: {
    building: {
      menu: 'Prédios',
      label: 'Prédio',
      labelPlural: 'Prédios',
      fields: {
        name: 'Nome',
        company: 'Empresa',
        level1: 'Nome do nível 1',
        level2: 'Nome do nível 2',
        externalId: 'ID externo',
        buildingId: 'Código do prédio',
        customerName: 'Nome do responsável',
        customerPhone: 'Telefone do responsável',
        customerEmail: 'E-mail do responsável',
        id: 'ID',
        createdAt: 'Criado em',
        updatedAt: 'Atualizado em',
      },
      hints: {
        level1: 'Como o prédio chama o primeiro nível, por exemplo Torre ou Bloco',
        level2: 'Como o prédio chama o segundo nível, por exemplo Apartamento ou Sala',
      },
      create: {
        success: 'Prédio criado com sucesso',
      },
      update: {
        success: 'Prédio atualizado com sucesso',
      },
      destroy: {
        success: 'Prédio excluído com sucesso',
      },
      destroyAll: {
        success: 'Prédios excluídos com sucesso',
      },
    },
  },
};
