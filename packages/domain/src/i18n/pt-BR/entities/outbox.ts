/** The outbox's declaration (entities/outbox.ts) read by the kit's filter form and columns. */
export default {
  entities: {
    outbox: {
      label: 'Mensagem',
      labelPlural: 'Mensagens',
      fields: {
        createdAt: 'Data',
        channel: 'Canal',
        recipient: 'Para',
        subject: 'Assunto',
        body: 'Mensagem',
        link: 'Link',
        status: 'Situação',
        error: 'Erro',
        attempts: 'Tentativas',
        sentAt: 'Enviado em',
        updatedAt: 'Atualizado em',
      },
      enumerators: {
        channel: { email: 'E-mail', sms: 'SMS' },
        status: { queued: 'Na fila', sent: 'Enviado', failed: 'Falhou', outbox: 'Na caixa de saída' },
      },
    },
  },
};
