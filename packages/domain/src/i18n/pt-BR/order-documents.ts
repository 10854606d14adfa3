/** Server-only messages of the order's documents: the tag PDF's labels, the export's file, errors and mail (never sent to the browser). */
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
  },
  orderExport: {
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
