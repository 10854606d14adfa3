export default {
  entities: {
    webhook: {
      menu: 'Webhooks',
      label: 'Webhook',
      labelPlural: 'Webhooks',
      fields: {
        url: 'URL',
        company: 'Empresa',
        enable: 'Ativo',
        disabledReason: 'Motivo da desativação',
        failingSince: 'Falhando desde',
        id: 'ID',
        createdAt: 'Criado em',
        updatedAt: 'Atualizado em',
      },
      hints: {
        url: 'Endereço http ou https que recebe os eventos dos pedidos da empresa',
      },
      errors: {
        replayRange: 'O início do período deve vir antes do fim',
        disabled: 'Este webhook está desativado: ative-o antes de reenviar uma entrega',
      },
      create: {
        success: 'Webhook criado com sucesso',
      },
      update: {
        success: 'Webhook atualizado com sucesso',
      },
      destroy: {
        success: 'Webhook excluído com sucesso',
      },
      destroyAll: {
        success: 'Webhooks excluídos com sucesso',
      },
    },
  },
};
