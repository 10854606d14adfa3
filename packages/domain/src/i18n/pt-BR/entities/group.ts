export default {
  entities: {
    group: {
      menu: 'Grupos',
      label: 'Grupo',
      labelPlural: 'Grupos',
      fields: {
        name: 'Nome',
        ebox: 'E-box',
        id: 'ID',
        createdAt: 'Criado em',
        updatedAt: 'Atualizado em',
      },
      create: {
        success: 'Grupo criado com sucesso',
      },
      update: {
        success: 'Grupo atualizado com sucesso',
      },
      destroy: {
        success: 'Grupo excluído com sucesso',
      },
      destroyAll: {
        success: 'Grupos excluídos com sucesso',
      },
    },
  },
};
