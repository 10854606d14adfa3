export default {
  entities: {
    packing: {
      menu: 'Romaneios',
      label: 'Romaneio',
      labelPlural: 'Romaneios',
      fields: {
        name: 'Nome',
        company: 'Empresa',
        warehouse: 'Armazém',
        picking: 'Coleta',
        operator: 'Entregador',
        route: 'Rota',
        notes: 'Observações',
        orders: 'Pedidos',
        eboxes: 'Armários',
        trackingCode: 'Códigos de rastreio',
        totalOrders: 'Total de pedidos',
        packingOrders: 'Pedidos a fazer',
        runCode: 'Código do entregador',
        runFrom: 'Código válido de',
        runUntil: 'Código válido até',
        finishedAt: 'Finalizado em',
        finishedBy: 'Finalizado por',
        createdBy: 'Criado por',
        id: 'ID',
        createdAt: 'Criado em',
        updatedAt: 'Atualizado em',
      },
      enumerators: {
        picking: {
          return: 'Devolução',
          collectDelivery: 'Coleta/entrega',
        },
      },
      steps: {
        reverseCollection: 'Coleta reversa',
        expiredCollection: 'Coleta de expirados',
        delivery: 'Entrega',
      },
      notFitting: {
        noLocker: 'O pedido não tem armário',
        noSize: 'O pedido não tem tamanho de compartimento',
        noFreeCompartment: 'Nenhum compartimento livre de tamanho {{size}} em {{locker}}',
      },
      errors: {
        notInStep: 'Estes pedidos não estão em nenhuma etapa desta coleta: {{codes}}',
        alreadyPacked: 'Estes pedidos já estão em um romaneio aberto: {{codes}}',
        notFitting: 'Estes volumes não cabem mais nos armários: {{codes}}',
        alreadyFinished: 'O romaneio {{name}} já está finalizado',
        finishedNotDeleted: 'Um romaneio finalizado é o registro da sua rota e não é excluído: {{names}}',
        order: {
          notInStep: '{{trackingCode}}: não está em nenhuma etapa desta coleta',
          alreadyPacked: '{{trackingCode}}: já está em um romaneio aberto',
          notFitting: '{{trackingCode}}: {{reason}}',
        },
      },
      finish: {
        success: 'Romaneio finalizado com sucesso',
      },
      create: {
        success: 'Romaneio salvo com sucesso',
      },
      update: {
        success: 'Romaneio atualizado com sucesso',
      },
      destroy: {
        success: 'Romaneio excluído com sucesso',
      },
      destroyAll: {
        success: 'Romaneios excluídos com sucesso',
      },
    },
  },
};
