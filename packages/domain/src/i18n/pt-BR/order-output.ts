/** Mensagens da lista de pedidos: etiquetas (POST /order/generate-tag), prazos e aviso ao vivo. */
export default {
  orderTags: {
    print: 'Imprimir etiquetas',
    printing: 'Gerando etiquetas...',
    noneSelected: 'Selecione os pedidos cujas etiquetas deseja imprimir',
    generated: 'Etiqueta gerada',
    error: 'Erro ao gerar as etiquetas',
  },
  // The order list itself (issue 29, item 4): its clocks, the notice of new orders, a refused period.
  orderList: {
    columns: {
      door: 'Porta',
      inLockerFor: 'No armário há',
      expiresIn: 'Vence em',
    },
    clock: {
      // Words beside the colour: an aged or overdue parcel reads as such without telling colours apart.
      aged: '{{duration}} · parada',
      agedHint: 'No armário há mais de {{days}} dias, desde {{since}}',
      since: 'No armário desde {{since}}',
      inFuture: 'em {{duration}}',
      overdue: 'Vencido há {{duration}}',
      overdueHint: 'Venceu em {{date}}',
      dueHint: 'Vence em {{date}}',
    },
    duration: {
      days: '{{n}} d',
      hours: '{{n}} h',
      minutes: '{{n}} min',
      seconds: '{{n}} s',
    },
    live: {
      created_one: '{{count}} pedido novo',
      created_other: '{{count}} pedidos novos',
      changed_one: '{{count}} alterado',
      changed_other: '{{count}} alterados',
      refresh: '{{news}}: clique para atualizar a lista',
    },
    refused: {
      periodTooLong: 'Período longo demais: a lista de pedidos mostra no máximo {{days}} dias',
    },
  },
};
