import { MESSAGE_TEMPLATE_TRIGGERS, MESSAGE_TEMPLATE_TYPES } from '../../entities/enums';
import { LANGUAGES } from '../languages';

/**
 * Words the message template (ccm) already says, by reference (i18next's $t nesting): the log's
 * channel, trigger and language read as the template's, without this area importing the
 * dictionary's own entity files (which would split them into a chunk of their own).
 */
const sameAs = (values: readonly string[], key: string) => Object.fromEntries(values.map((value) => [value, `$t(${key}.${value})`]));

/**
 * The message log's fields (entities/order-message.ts) for the kit's filters and columns: with the
 * message screens, not in the console's first dictionary. Channel, trigger and language are the
 * template's words.
 */
const orderMessageLabels = {
  entities: {
    orderMessage: {
      label: 'Mensagem ao cliente',
      labelPlural: 'Mensagens aos clientes',
      fields: {
        order: 'Pedido',
        company: 'Empresa',
        template: 'Modelo',
        trigger: 'Gatilho',
        channel: 'Canal',
        language: 'Idioma',
        recipient: 'Para',
        subject: 'Assunto',
        body: 'Texto',
        status: 'Situação',
        provider: 'Provedor',
        providerMessageId: 'ID no provedor',
        attempts: 'Tentativas',
        error: 'Erro',
        errorCode: 'Código do erro',
        sentAt: 'Enviada em',
        deliveredAt: 'Entregue em',
        readAt: 'Lida em',
        id: 'ID',
        createdAt: 'Criada em',
        updatedAt: 'Atualizada em',
      },
      enumerators: {
        trigger: sameAs(MESSAGE_TEMPLATE_TRIGGERS, 'entities.ccm.enumerators.trigger'),
        channel: sameAs(MESSAGE_TEMPLATE_TYPES, 'entities.ccm.enumerators.type'),
        language: sameAs(LANGUAGES, 'entities.ccm.enumerators.language'),
        status: {
          queued: 'Na fila',
          sent: 'Enviada',
          delivered: 'Entregue',
          read: 'Lida',
          failed: 'Falhou',
        },
      },
    },
  },
};

/**
 * As palavras das telas de mensagens aos clientes (o cartão de comunicações da página do pedido, o
 * registro de mensagens e os dispositivos de push do cliente): o console as carrega com essas telas (apps/web/src/features/message/messages.ts).
 */
export const messageScreenAreas = [
  orderMessageLabels,
  {
    customerDevices: {
      title: 'Dispositivos para push',
      empty: 'O app do cliente ainda não registrou um dispositivo para push',
      device: 'Dispositivo',
      receivesPush: 'Recebe o push',
      platform: 'Plataforma',
      platforms: { android: 'Android', ios: 'iOS', web: 'Web' },
      registeredAt: 'Registrado em',
      remove: 'Remover',
      removeLabel: 'Remover o dispositivo {{device}}',
      removeTitle: 'Remover o dispositivo {{device}}?',
      removeText: 'As notificações push deixam de ir para este dispositivo até o app registrá-lo de novo.',
      removed: 'Dispositivo removido',
    },
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
