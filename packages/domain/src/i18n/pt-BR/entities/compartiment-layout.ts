export default {
  entities: {
    compartimentLayout: {
      menu: 'Layouts de compartimento',
      label: 'Layout de compartimento',
      labelPlural: 'Layouts de compartimento',
      fields: {
        code: 'Código',
        name: 'Nome',
        width: 'Largura (cm)',
        height: 'Altura (cm)',
        depth: 'Profundidade (cm)',
        enable: 'Ativo',
        id: 'ID',
        createdAt: 'Criado em',
        updatedAt: 'Atualizado em',
      },
      hints: {
        code: 'O tamanho do compartimento, por exemplo P, M ou G',
      },
      create: {
        success: 'Layout de compartimento criado com sucesso',
      },
      update: {
        success: 'Layout de compartimento atualizado com sucesso',
      },
      destroy: {
        success: 'Layout de compartimento excluído com sucesso',
      },
      destroyAll: {
        success: 'Layouts de compartimento excluídos com sucesso',
      },
    },
  },
};
