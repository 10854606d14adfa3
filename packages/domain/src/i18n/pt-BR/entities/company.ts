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
        channelFallback: 'Tentados em ordem (padrão: WhatsApp, SMS, e-mail)',
        preExpiredHours: 'Padrão: 24',
        reminderWindowStart: 'HH:mm (padrão: 09:00)',
        reminderWindowEnd: 'HH:mm (padrão: 21:00)',
        timeZone: 'Padrão: America/Sao_Paulo',
        maxDaysOverdueDateDelivery: 'Dias para expirar a entrega',
        attachments: 'Anexos',
        id: 'ID',
        createdAt: 'Criado em',
        updatedAt: 'Atualizado em',
      },
      enumerators: {
        channelFallback: {
          whatsapp: 'WhatsApp',
          sms: 'SMS',
          email: 'E-mail',
          push: 'Push',
        },
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
        channelFallback: 'O cliente é avisado no primeiro canal com modelo; se falhar, no seguinte (nenhum: WhatsApp, SMS, e-mail)',
        preExpiredHours: 'Quanto antes do vencimento o aviso é enviado (nenhum: 24)',
        reminderWindowStart: 'HH:mm; os avisos esperam esta hora do dia (nenhum: 09:00)',
        reminderWindowEnd: 'HH:mm; nenhum aviso depois desta hora (nenhum: 21:00)',
        timeZone: 'Para a janela de avisos, como America/Sao_Paulo (nenhum: America/Sao_Paulo)',
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
