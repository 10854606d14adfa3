export default {
  entities: {
    cluster: {
      menu: 'Clusters',
      label: 'Cluster',
      labelPlural: 'Clusters',
      fields: {
        name: 'Nome',
        sequence: 'Sequência',
        enable: 'Ativo',
        company: 'Empresa',
        operationType: 'Tipo de operação',
        isPaid: 'Pago',
        id: 'ID',
        createdAt: 'Criado em',
        updatedAt: 'Atualizado em',
      },
      enumerators: {
        operationType: { RANGE: 'Período', HOUR: 'Por hora' },
      },
      hints: {
        sequence: 'Uma letra de A a Z ou um número de 1 a 9999',
      },
      errors: {
        sequence: 'Sequência deve ser uma letra de A a Z ou um número de 1 a 9999',
      },
      status: {
        title: 'Compartimentos por tamanho',
        size: 'Tamanho',
        total: 'Total',
        available: 'Disponíveis',
        damaged: 'Bloqueados',
        occupied: 'Ocupados',
        booked: 'Reservados',
      },
      create: { success: 'Cluster criado com sucesso' },
      update: { success: 'Cluster atualizado com sucesso' },
      destroy: { success: 'Cluster excluído com sucesso' },
      destroyAll: { success: 'Clusters excluídos com sucesso' },
    },
  },
};
