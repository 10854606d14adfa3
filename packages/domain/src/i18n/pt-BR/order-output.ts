/** Mensagens das etiquetas do pedido (POST /order/generate-tag) e da exportação por e-mail (GET /order/export). */
export default {
  orderTags: {
    fileName: 'imprimir-etiquetas',
    recipient: 'Destinatário',
    address: 'Endereço',
    postalCode: 'CEP',
    locker: 'Armário',
    type: 'Tipo do pedido',
    trackingCode: 'Código de rastreio',
    orderNumber: 'Número do pedido',
    logisticsCompany: 'Transportadora',
    createdAt: 'Criado em',
    notAvailable: 'N/A',
    /** A marca do provedor, impressa quando a empresa do pedido não tem nome a mostrar. */
    defaultLogisticsCompany: 'Ebox',
    print: 'Imprimir etiquetas',
    printing: 'Gerando etiquetas...',
    noneSelected: 'Selecione os pedidos cujas etiquetas deseja imprimir',
    generated: 'Etiqueta gerada',
    error: 'Erro ao gerar as etiquetas',
  },
  orderExport: {
    started: 'Exportação iniciada: o endereço para baixar a planilha será enviado ao seu e-mail',
    error: 'Não foi possível exportar os dados',
    file: 'O arquivo exportado',
  },
  errors: {
    orderTags: {
      orderNotFound: 'Pedido não encontrado: {{id}}',
    },
    orderExport: {
      periodRequired: 'Escolha o período de criação a exportar (de e até)',
      periodInvalid: 'O fim do período da exportação é anterior ao início',
      linkExpired: 'Este endereço para baixar a planilha expirou: exporte os pedidos novamente',
      linkInvalid: 'Este endereço para baixar a planilha não é válido',
      fileGone: 'O arquivo exportado não está mais disponível',
    },
  },
  mail: {
    orderExport: {
      subject: 'Sua exportação de pedidos do {{appName}} está pronta',
      body: 'Os pedidos criados de {{from}} a {{to}} podem ser baixados. O endereço expira em {{hours}} horas.',
      action: 'Baixar a planilha',
    },
  },
};
