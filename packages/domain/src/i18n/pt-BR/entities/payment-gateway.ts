export default {
  entities: {
    paymentGateway: {
      menu: 'Gateways de pagamento',
      label: 'Gateway de pagamento',
      labelPlural: 'Gateways de pagamento',
      fields: {
        name: 'Nome',
        gateway: 'Gateway',
        company: 'Empresa',
        accessToken: 'Token de acesso',
        webhookSecret: 'Segredo das notificações',
        enable: 'Ativo',
        id: 'ID',
        createdAt: 'Criado em',
        updatedAt: 'Atualizado em',
      },
      hints: {
        accessToken: 'O token de acesso da conta no gateway; guardado criptografado e nunca mostrado; vazio mantém o atual',
        webhookSecret: 'Assina as notificações do gateway (Mercado Pago: a assinatura secreta do webhook); guardado criptografado',
      },
      enumerators: {
        gateway: { mercadopago: 'Mercado Pago' },
      },
      create: { success: 'Gateway de pagamento criado com sucesso' },
      update: { success: 'Gateway de pagamento atualizado com sucesso' },
      destroy: { success: 'Gateway de pagamento excluído com sucesso' },
      destroyAll: { success: 'Gateways de pagamento excluídos com sucesso' },
    },
  },
};
