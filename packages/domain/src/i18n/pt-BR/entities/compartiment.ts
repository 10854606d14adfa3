export default {
  entities: {
    compartiment: {
      menu: 'Compartimentos',
      label: 'Compartimento',
      labelPlural: 'Compartimentos',
      fields: {
        ebox: 'E-box',
        number: 'Número',
        boardNumber: 'Placa',
        numberInColumn: 'Posição na coluna',
        comNumber: 'Porta (canal)',
        usageType: 'Tipo de uso',
        size: 'Tamanho',
        status: 'Status',
        pcd: 'Acessível (PCD)',
        enable: 'Ativo',
        width: 'Largura (cm)',
        height: 'Altura (cm)',
        depth: 'Profundidade (cm)',
        doorOpen: 'Porta aberta',
        doorChangedAt: 'Porta alterada em',
        id: 'ID',
        createdAt: 'Criado em',
        updatedAt: 'Atualizado em',
      },
      enumerators: {
        status: { AVAILABLE: 'Disponível', OCCUPIED: 'Ocupado', DAMAGE: 'Avariado', DIRTY: 'Sujo', BOOKED: 'Reservado' },
        usageType: { DELIVERY: 'Entrega', LAUNDRY: 'Lavanderia', FOOD: 'Alimentação', DROP: 'Drop' },
      },
      hints: {
        comNumber: 'Canal da placa que abre a fechadura',
        size: 'Código do layout (P, M, G...)',
      },
      errors: {
        numberTaken: 'Já existe um compartimento com o número {{value}} neste e-box',
      },
      create: { success: 'Compartimento criado com sucesso' },
      update: { success: 'Compartimento atualizado com sucesso' },
      destroy: { success: 'Compartimento excluído com sucesso' },
      destroyAll: { success: 'Compartimentos excluídos com sucesso' },
    },
  },
};
