/** Mensagens das etiquetas do pedido (POST /order/generate-tag). */
export default {
  orderTags: {
    print: 'Imprimir etiquetas',
    printing: 'Gerando etiquetas...',
    noneSelected: 'Selecione os pedidos cujas etiquetas deseja imprimir',
    generated: 'Etiqueta gerada',
    error: 'Erro ao gerar as etiquetas',
  },
};
