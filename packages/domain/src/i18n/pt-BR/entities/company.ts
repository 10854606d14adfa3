export default {
  entities: {
    company: {
      menu: 'Empresas',
      label: 'Empresa',
      labelPlural: 'Empresas',
      fields: {
        name: 'Nome',
        type: 'Tipo',
        externalId: 'ID externo',
        logo: 'Logotipo',
        allowCollectExpiredOrder: 'Permite recolher pedidos expirados',
        group: 'Grupo de armários',
        distributionLogistic: 'Logística de distribuição',
        parent: 'Empresa controladora',
        building: 'Prédio',
        companySettings: 'Configurações da empresa',
        orderTypes: 'Operações habilitadas',
        smsGateway: 'Provedor de SMS',
        maxDaysOverdueDateDelivery: 'Dias para expirar a entrega',
        attachments: 'Anexos',
        id: 'ID',
        createdAt: 'Criado em',
        updatedAt: 'Atualizado em',
      },
      enumerators: {
        type: {
          shipper: 'Embarcador',
          carrier: 'Transportadora',
          building: 'Condomínio',
        },
        orderTypes: {
          DELIVERY: 'Entrega',
          RETURN: 'Devolução',
          STORAGE: 'Guarda-volumes',
          SEND: 'Envio',
          SMARTDROP: 'Smart drop',
        },
        smsGateway: {
          AWS: 'AWS',
          SINCH: 'Sinch',
        },
      },
      hints: {
        group: 'Limita os usuários da empresa aos armários deste grupo',
        distributionLogistic: 'A empresa pode operar pedidos de outras empresas',
        maxDaysOverdueDateDelivery: 'Dias que um pedido de entrega fica no armário antes de expirar',
      },
      create: {
        success: 'Empresa criada com sucesso',
      },
      update: {
        success: 'Empresa atualizada com sucesso',
      },
      destroy: {
        success: 'Empresa excluída com sucesso',
      },
      destroyAll: {
        success: 'Empresas excluídas com sucesso',
      },
    },
  },
};
