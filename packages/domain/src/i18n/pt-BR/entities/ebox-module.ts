export default {
  entities: {
    eboxModule: {
      menu: 'Módulos',
      label: 'Módulo',
      labelPlural: 'Módulos',
      fields: {
        name: 'Nome',
        code: 'Código',
        defaultBoardNumber: 'Placa padrão',
        images: 'Imagens',
        enable: 'Ativo',
        eboxModuleCompartiment: 'Compartimentos',
        id: 'ID',
        createdAt: 'Criado em',
        updatedAt: 'Atualizado em',
      },
      hints: {
        defaultBoardNumber: 'Número da placa controladora, de 1 a 10',
      },
      create: {
        success: 'Módulo criado com sucesso',
      },
      update: {
        success: 'Módulo atualizado com sucesso',
      },
      destroy: {
        success: 'Módulo excluído com sucesso',
      },
      destroyAll: {
        success: 'Módulos excluídos com sucesso',
      },
    },
  },
};
