export default {
  outbox: {
    title: 'Caixa de saída',
    intro:
      'E-mails e SMS enviados pelo console. Cada mensagem entra na fila junto com a alteração que a envia, e um processo em segundo plano a entrega ao serviço de e-mail ou SMS, tentando de novo algumas vezes antes de desistir. Sem serviço de e-mail ou SMS configurado, as mensagens ficam aqui para que seus links possam ser abertos por quem já pode gerenciar o destinatário.',
    openLink: 'Abrir link',
    linkHidden: 'Link oculto',
    linkHiddenHint:
      'O código deste link de uso único está oculto. Ele só aparece para quem tem todas as permissões do destinatário, e só enquanto as mensagens ficam na caixa de saída (sem serviço de e-mail ou SMS configurado).',
    empty: 'Nenhuma mensagem ainda',
    queue: {
      title: 'Fila de tarefas',
      intro: 'O trabalho que o console faz em segundo plano (envio de e-mails e SMS, tarefas agendadas): tarefas por tipo e situação.',
      job: 'Tarefa',
      states: {
        queued: 'Na fila',
        active: 'Em execução',
        retrying: 'Aguardando nova tentativa',
        failed: 'Falharam',
        completed: 'Concluídas',
      },
      names: {
        'webhook-lane': 'Enviar os webhooks de um pedido (em ordem)',
        'messages-send': 'Enviar e-mails e SMS',
        'auth-purge-revoked-tokens': 'Esquecer saídas expiradas (diária)',
        'maintenance-purge-idempotency-keys': 'Esquecer respostas guardadas de pedidos repetidos (diária)',
        'orders-expire-overdue': 'Expirar pedidos após a data de expiração (a cada minuto)',
        'terminal-apply-config': 'Enviar a ligação dos compartimentos a um e-box',
        'event-ebox-statusChanged-accessCodes': 'Enviar os códigos de acesso a um e-box que ficou online',
        'terminal-apply-access-codes': 'Enviar a um e-box os códigos de acesso dos seus pedidos',
        'event-ebox-statusChanged-applyConfig': 'Configurar um e-box que ficou online',
        'order-export': 'Exportar pedidos por e-mail',
      },
      failures: 'Últimas falhas',
      noFailures: 'Nenhuma tarefa falhou',
      failedAt: 'Falhou em',
      error: 'Erro',
      attempts: 'Tentativas',
      empty: 'Nenhuma tarefa ainda',
    },
  },
};
