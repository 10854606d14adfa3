/** Mensagens das etiquetas do pedido (POST /order/generate-tag) e da exportação por e-mail (GET /order/export). */
export default {
  orderTags: {
    print: 'Imprimir etiquetas',
    printing: 'Gerando etiquetas...',
    noneSelected: 'Selecione os pedidos cujas etiquetas deseja imprimir',
    generated: 'Etiqueta gerada',
    error: 'Erro ao gerar as etiquetas',
  },
  orderExport: {
    started: 'Exportação iniciada: o endereço para baixar a planilha será enviado ao seu e-mail',
    error: 'Não foi possível exportar os dados',
  },
};
