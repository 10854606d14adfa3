export default {
  entities: {
    eboxModuleCompartiment: {
      menu: 'Compartimentos do módulo',
      label: 'Compartimento do módulo',
      labelPlural: 'Compartimentos do módulo',
      fields: {
        eboxModule: 'Módulo',
        staticNumber: 'Número',
        compartimentLayout: 'Layout',
        pcd: 'Acessível (PCD)',
        enable: 'Ativo',
        priority: 'Prioridade',
        id: 'ID',
        createdAt: 'Criado em',
        updatedAt: 'Atualizado em',
      },
      hints: {
        staticNumber: 'Posição do compartimento no módulo, a partir de 1',
        priority: 'Os números menores são oferecidos primeiro',
      },
      create: {
        success: 'Compartimento do módulo criado com sucesso',
      },
      update: {
        success: 'Compartimento do módulo atualizado com sucesso',
      },
      destroy: {
        success: 'Compartimento do módulo excluído com sucesso',
      },
      destroyAll: {
        success: 'Compartimentos do módulo excluídos com sucesso',
      },
    },
  },
};
