export default {
  outbox: {
    title: 'Caixa de saída',
    intro:
      'Emails e SMS enviados pelo console. Sem serviço de email ou SMS configurado, as mensagens ficam aqui para que seus links possam ser abertos por quem já pode gerenciar o destinatário.',
    fields: {
      createdAt: 'Data',
      channel: 'Canal',
      recipient: 'Para',
      subject: 'Assunto',
      body: 'Mensagem',
      link: 'Link',
      status: 'Situação',
      error: 'Erro',
    },
    channels: {
      email: 'Email',
      sms: 'SMS',
    },
    statuses: {
      outbox: 'Na caixa de saída',
      sent: 'Enviado',
      failed: 'Falhou',
    },
    openLink: 'Abrir link',
    linkHidden: 'Link oculto',
    linkHiddenHint:
      'O código deste link de uso único está oculto. Ele só aparece para quem tem todas as permissões do destinatário, e só enquanto as mensagens ficam na caixa de saída (sem serviço de email ou SMS configurado).',
    empty: 'Nenhuma mensagem ainda',
  },
};
