import orderLifecycle from './order-lifecycle';
import orderOutput from './order-output';

/**
 * As palavras da página do pedido (suas ações e avisos ao vivo): o console as carrega com as telas
 * de pedido (apps/web/src/features/order/messages.ts), não com toda tela após o login.
 */
export const orderScreenAreas = [
  orderLifecycle,
  {
    orderList: {
      // The one search (docs/decisions.md "The one search"); the reference only for who may filter by it.
      search: {
        placeholder: 'Buscar por rastreio, nº de referência, telefone ou e-mail',
        placeholderNoReference: 'Buscar por rastreio, telefone ou e-mail',
        hint: 'Rastreio e referência pelo início; telefone em qualquer formato, pelos últimos 8 dígitos ou mais; e-mail inteiro.',
        hintNoReference: 'Rastreio pelo início; telefone em qualquer formato, pelos últimos 8 dígitos ou mais; e-mail inteiro.',
        found: '{{count}} pedidos encontrados:',
      },
    },
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
      accessCode: {
        hiddenNoPermission: 'Oculto: só quem pode reenviar o código ou editar o pedido o vê',
        hiddenFinished: 'Oculto: o pedido foi finalizado e o código não abre mais nada',
        newCode: 'Novo código',
        title: 'Gerar um novo código de acesso para o pedido {{trackingCode}}?',
        text: 'O código atual deixa de abrir o compartimento; o armário recebe o novo. Envie-o de novo ao cliente.',
        confirm: 'Gerar novo código',
        keep: 'Manter código atual',
        success: 'Novo código de acesso gerado para o pedido {{trackingCode}}',
      },
      customer: {
        edit: 'Editar {{role}}: {{name}}',
      },
      glance: {
        title: 'Situação do pedido',
        steps: 'Etapas do pedido',
        inLocker: 'No armário {{locker}}, porta {{number}}, desde {{date}}',
        booked: 'Porta {{number}} reservada no armário {{locker}}',
        next: 'A seguir: {{step}}',
        nextBy: 'A seguir: {{step}}, até {{date}}',
        overdue: 'Prazo para "{{step}}" vencido em {{date}}',
        finished: 'Pedido concluído',
        finishedAt: 'Pedido concluído em {{date}}',
      },
      live: {
        changed: 'O pedido {{trackingCode}} agora está {{status}}',
      },
    },
  },
  // Tags and the export by mail are asked for from the order list only.
  orderOutput,
];
