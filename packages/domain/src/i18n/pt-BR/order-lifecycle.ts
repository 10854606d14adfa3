/** O histórico do pedido em palavras (gatilhos e recusas do ciclo de vida): a página do pedido o mostra, e a API ao registrar cada passo. */
export default {
  entities: {
    order: {
      lifecycle: {
        triggers: {
          create: 'Pedido criado',
          import: 'Pedido importado',
          'terminal.EXPIRED': 'O armário registrou a expiração',
          'terminal.MAINTENANCE': 'Aberto em manutenção',
          'terminal.COURIER': 'Depósito do entregador',
          'terminal.CUSTOMER_TAKEN': 'Retirada do cliente',
          'terminal.CUSTOMER_SEND': 'Depósito de envio do cliente',
          'terminal.CUSTOMER_STORAGE': 'Depósito de guarda do cliente',
          'terminal.COURIER_TAKEN': 'Coleta do entregador',
          'terminal.CUSTOMER_RETURN': 'Depósito de devolução do cliente',
          'console.inbound': 'Receber no armazém',
          'console.dispatch': 'Enviar ao armário',
          'console.returnToSender': 'Devolver ao remetente',
          'console.release': 'Liberar',
          'console.failDelivery': 'Registrar falha na entrega',
          'console.cancel': 'Cancelar',
          'job.expireOverdue': 'Expiração automática na data de expiração',
        },
        refusals: {
          notAllowed: 'Um pedido de tipo {{type}} com status {{status}} não aceita "{{trigger}}"',
          collectExpiredNotAllowed: 'A empresa não permite retirar pedidos expirados',
          wrongCompartment: 'O código de acesso pertence a outro compartimento deste e-box',
        },
      },
    },
  },
};
