/** Server-only messages of rules the API enforces (see ../en/list-and-order-rules.ts). */
export default {
  errors: {
    filterNotAllowed: 'Você não pode filtrar {{entity}} por {{field}}: é preciso a permissão "{{permission}}"',
    orderStampPeriodTooLong: 'Escolha um período em "{{field}}" de no máximo {{days}} dias',
    orderTypeNotEnabled: 'A empresa {{company}} não opera pedidos do tipo {{type}} (operações habilitadas: {{enabled}})',
  },
};
