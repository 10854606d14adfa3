import ccm from './ccm';

const templateWords = ccm.entities.ccm.enumerators;

/**
 * O registro de mensagens (entities/order-message.ts) lido pelos filtros e colunas do kit e pelo
 * registro de auditoria. Canal, gatilho e idioma são os do modelo que a mensagem usou: as mesmas palavras.
 */
export default {
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
        trigger: templateWords.trigger,
        channel: templateWords.type,
        language: templateWords.language,
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
