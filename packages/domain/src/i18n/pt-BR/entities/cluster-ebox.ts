export default {
  entities: {
    clusterEbox: {
      menu: 'E-box do cluster',
      label: 'E-box do cluster',
      labelPlural: 'E-box do cluster',
      fields: {
        cluster: 'Cluster',
        ebox: 'E-box',
        eboxCode: 'Código do e-box',
        clusterName: 'Nome do cluster',
        sequenceCompartiments: 'Sequência dos compartimentos',
        clusterPosition: 'Posição no cluster',
        enable: 'Ativo',
        id: 'ID',
        createdAt: 'Criado em',
        updatedAt: 'Atualizado em',
      },
      enumerators: {
        sequenceCompartiments: {
          'RL-TB': 'Direita para esquerda, de cima para baixo',
          'RL-BT': 'Direita para esquerda, de baixo para cima',
          'LR-TB': 'Esquerda para direita, de cima para baixo',
          'LR-BT': 'Esquerda para direita, de baixo para cima',
        },
      },
      errors: {
        eboxLinked: 'Este e-box já está vinculado a este cluster',
      },
      create: { success: 'E-box vinculado ao cluster com sucesso' },
      update: { success: 'Vínculo atualizado com sucesso' },
      destroy: { success: 'Vínculo excluído com sucesso' },
      destroyAll: { success: 'Vínculos excluídos com sucesso' },
    },
  },
};
