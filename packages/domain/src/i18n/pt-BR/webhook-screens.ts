/**
 * As palavras da página do webhook (segredo de assinatura e registro de entregas): o console as
 * carrega com as telas de webhook (apps/web/src/features/webhook/messages.ts).
 */
export const webhookScreenAreas = [
  {
    webhookPage: {
      secret: {
        title: 'Segredo de assinatura',
        hint: 'Cada entrega é assinada como o Standard Webhooks define (cabeçalhos webhook-id, webhook-timestamp e webhook-signature). O destinatário verifica a assinatura com este segredo, usando qualquer biblioteca Standard Webhooks.',
        createdTitle: 'Webhook criado: copie o segredo de assinatura',
        rotatedTitle: 'Novo segredo de assinatura',
        shownOnce: 'Este segredo não será mostrado de novo. Guarde-o no sistema que recebe os eventos.',
        previousValidUntil: 'O segredo anterior continua assinando até {{date}}.',
        previousStopped: 'O segredo anterior deixou de valer.',
        copy: 'Copiar segredo',
        copied: 'Segredo copiado',
        done: 'Já guardei o segredo',
        rotate: 'Trocar segredo',
        rotateTitle: 'Trocar o segredo de assinatura?',
        rotateText:
          'Um novo segredo passa a assinar as entregas. Escolha por quanto tempo o atual continua valendo, para que o destinatário troque sem perder entregas.',
        overlap: 'O segredo atual continua valendo por',
        overlapNone: 'Nenhum tempo (deixa de valer agora)',
        overlapHours: '{{count}} horas',
        rotateConfirm: 'Trocar segredo',
        keep: 'Manter segredo',
      },
      deliveries: {
        title: 'Entregas',
        empty: 'Nenhuma entrega ainda: os eventos dos pedidos da empresa aparecem aqui quando forem enviados.',
        createdAt: 'Criada em',
        type: 'Evento',
        order: 'Pedido',
        status: 'Situação',
        attempts: 'Tentativas',
        lastAnswer: 'Última resposta',
        nextAttempt: 'Próxima tentativa',
        statuses: { pending: 'Aguardando', delivered: 'Entregue', failed: 'Desistida' },
        noAnswer: 'Sem resposta',
        attemptLog: 'Tentativas',
        attemptAt: 'Em',
        answer: 'Resposta',
        duration: 'Duração',
        durationMs: '{{ms}} ms',
        excerpt: 'Início da resposta',
        body: 'Corpo enviado',
        details: 'Detalhes',
        actions: 'Ações',
        resend: 'Enviar de novo',
        resent: 'A entrega voltou para a fila e será enviada de novo',
        disabled: 'Webhook desativado: {{reason}}',
        disabledNoReason: 'Webhook desativado',
      },
    },
  },
];
