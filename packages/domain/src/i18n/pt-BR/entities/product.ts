export default {
  entities: {
    product: {
      menu: 'Produtos',
      label: 'Produto',
      labelPlural: 'Produtos',
      fields: {
        name: 'Nome',
        description: 'Descrição',
        unitPrice: 'Preço unitário',
        photos: 'Fotos',
        id: 'ID',
        createdAt: 'Criado em',
        updatedAt: 'Atualizado em',
      },
      hints: {
        unitPrice: 'Em reais, de 0,01 a 99.999,00',
      },
      create: {
        success: 'Produto criado com sucesso',
      },
      update: {
        success: 'Produto atualizado com sucesso',
      },
      destroy: {
        success: 'Produto excluído com sucesso',
      },
      destroyAll: {
        success: 'Produtos excluídos com sucesso',
      },
    },
  },
};
