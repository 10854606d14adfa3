export default {
  outbox: {
    title: 'Caixa de saída',
    intro:
      'Emails e SMS enviados pelo console. Sem serviço de email ou SMS configurado, as mensagens ficam aqui para que seus links possam ser abertos.',
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
    empty: 'Nenhuma mensagem ainda',
  },
};
