/**
 * As palavras das telas de entrada (leitura dos códigos de rastreio e pedidos de uma entrada): o
 * console as carrega com essas telas (apps/web/src/features/inbound/messages.ts), não com todas.
 */
export const inboundScreenAreas = [
  {
    entities: {
      inbound: {
        // Os títulos das partes do formulário de entrada (a tela as declara, não a entidade).
        sections: {
          scan: 'Leitura dos códigos',
          details: 'Dados da entrada',
        },
      },
    },
    inboundPage: {
      scan: {
        label: 'Código de rastreio',
        hint: 'Leia com o leitor de código de barras ou cole vários códigos (separados por linha, vírgula, espaço ou ponto e vírgula).',
        placeholder: 'Leia ou digite um código e tecle Enter',
        lastRead: 'Última leitura',
        searching: 'Consultando…',
        alreadyAdded: 'Já adicionado nesta entrada',
        failed: 'Não foi possível consultar',
        retry: 'Consultar de novo',
      },
      counts: {
        found: 'Encontrados',
        refused: 'Recusados',
        pending: 'Consultando',
      },
      columns: {
        sequence: 'Nº',
        trackingCode: 'Código de rastreio',
        answer: 'Resposta',
        customer: 'Cliente',
        locker: 'Ebox',
        type: 'Tipo',
        status: 'Status',
        actions: 'Ações',
      },
      remove: 'Remover {{code}}',
      orders: {
        title: 'Pedidos da entrada',
        empty: 'Nenhum pedido nesta entrada',
      },
    },
  },
];
