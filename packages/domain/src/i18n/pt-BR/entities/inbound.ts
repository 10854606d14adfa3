export default {
  entities: {
    inbound: {
      menu: 'Entradas',
      label: 'Entrada',
      labelPlural: 'Entradas',
      fields: {
        name: 'Nome',
        company: 'Empresa',
        warehouse: 'Armazém',
        deliveryWindow: 'Janela de entrega',
        notes: 'Observações',
        orders: 'Pedidos',
        trackingCode: 'Códigos de rastreio',
        totalOrders: 'Total de pedidos',
        packingOrders: 'Pedidos em romaneio',
        inboundAt: 'Recebido em',
        createdBy: 'Recebido por',
        id: 'ID',
        createdAt: 'Criado em',
        updatedAt: 'Atualizado em',
      },
      search: {
        found: 'Encontrado',
        alreadyInbound: 'Já recebido',
        unknown: 'Desconhecido',
        notAllowed: 'Não permitido no status atual ({{status}})',
        noOrders: 'Nenhum pedido encontrado',
      },
      errors: {
        notMovable: 'Estes pedidos não podem ser recebidos: {{codes}}',
      },
      create: {
        success: 'Entrada salva com sucesso',
      },
      update: {
        success: 'Entrada atualizada com sucesso',
      },
      destroy: {
        success: 'Entrada excluída com sucesso',
      },
      destroyAll: {
        success: 'Entradas excluídas com sucesso',
      },
    },
  },
};
