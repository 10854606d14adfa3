import orderOutput from './order-output';

/**
 * As palavras da página do pedido (suas ações e avisos ao vivo): o console as carrega com as telas
 * de pedido (apps/web/src/features/order/messages.ts), não com toda tela após o login.
 */
export const orderScreenAreas = [
  {
    orderPage: {
      cancel: {
        button: 'Cancelar pedido',
        title: 'Cancelar o pedido {{trackingCode}}?',
        text: 'O pedido continua na lista como cancelado e seu compartimento é liberado. Isso não pode ser desfeito.',
        confirm: 'Cancelar pedido',
        keep: 'Manter pedido',
        success: 'Pedido {{trackingCode}} cancelado',
      },
      open: {
        button: 'Abrir compartimento {{number}}',
      },
      customer: {
        edit: 'Editar {{role}}: {{name}}',
      },
      live: {
        changed: 'O pedido {{trackingCode}} agora está {{status}}',
      },
    },
  },
  // Tags and the export by mail are asked for from the order list only.
  orderOutput,
];
