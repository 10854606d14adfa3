/**
 * As palavras das telas de mensagens aos clientes (o cartão de comunicações da página do pedido e o
 * registro de mensagens): o console as carrega com essas telas (apps/web/src/features/message/messages.ts).
 */
export const messageScreenAreas = [
  {
    communications: {
      title: 'Comunicações',
      listLabel: 'Mensagens enviadas ao cliente deste pedido, as mais recentes primeiro',
      empty: 'Nenhuma mensagem enviada ao cliente deste pedido',
      noRecipient: 'Sem destinatário',
      live: {
        changed: 'Mensagem por {{channel}}: {{status}}',
      },
      send: {
        button: 'Enviar notificação',
        title: 'Enviar a notificação do pedido {{trackingCode}} agora?',
        text: 'O cliente recebe as mensagens da situação atual do pedido, nos canais da empresa.',
        confirm: 'Enviar notificação',
        success: 'Notificação enviada',
      },
      resendSms: {
        button: 'Reenviar SMS',
        title: 'Reenviar o SMS do pedido {{trackingCode}}?',
        text: 'O cliente recebe de novo o SMS da situação atual do pedido. Outro reenvio só é aceito um minuto depois.',
        confirm: 'Reenviar SMS',
        success: 'SMS reenviado',
      },
      resendEmail: {
        button: 'Reenviar e-mail',
        title: 'Reenviar o e-mail do pedido {{trackingCode}}?',
        text: 'O cliente recebe de novo o e-mail da situação atual do pedido. Outro reenvio só é aceito um minuto depois.',
        confirm: 'Reenviar e-mail',
        success: 'E-mail reenviado',
      },
      keep: 'Não enviar',
    },
    messageDetail: {
      title: '{{channel}} para {{recipient}}',
      text: 'Texto enviado',
      accessCodeMasked: 'O código de acesso aparece oculto (••••••): o cliente o recebeu, o registro não o repassa.',
      errorWithCode: '{{error}} (código {{code}})',
    },
    messageLog: {
      title: 'Mensagens aos clientes',
      intro:
        'Cada mensagem enviada aos clientes dos pedidos por e-mail, SMS, WhatsApp ou push, como aconteceu: a situação é a que o provedor informou. Clique em uma mensagem para ler o texto.',
    },
  },
];
