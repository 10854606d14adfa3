/**
 * Os nomes das ações do registro de auditoria: o console os carrega com o registro e com a aba de
 * histórico de um registro (apps/web/src/kit/audit/audit-messages.ts), não com a primeira tela.
 */
export const auditActionAreas = [
  {
    auditLog: {
      actions: {
        create: 'Criação',
        update: 'Alteração',
        delete: 'Exclusão',
        import: 'Importação',
        // A message's delivery, written by the message sender (platform/deliver-message.ts).
        sent: 'Enviada',
        failed: 'Falha no envio',
        // A customer's message (modules/message): written, then as its provider reported it.
        queued: 'Na fila',
        delivered: 'Entregue',
        read: 'Lida',
        // A locker's status and door events, written by the terminal link (modules/terminal-link).
        online: 'Ficou online',
        offline: 'Ficou offline',
        door_opened: 'Porta aberta',
        door_closed: 'Porta fechada',
        door_opened_without_command: 'Porta aberta sem comando',
        rate_limited: 'Acima do limite de mensagens (mensagens descartadas)',
        // Commands from the console to a terminal (modules/terminal-commands), with its answer.
        open_compartment: 'Abertura de compartimento',
        reboot: 'Reinicialização',
        restart_app: 'Reinício do aplicativo',
        sync: 'Sincronização',
        apply_config: 'Configuração dos compartimentos enviada',
        apply_access_codes: 'Códigos de acesso enviados',
        lock: 'Bloqueado',
        release: 'Desbloqueado',
        // An order moved by the console, a locker or a job (modules/order).
        cancel: 'Cancelado',
        parcelEvent: 'Movido no armário (depósito ou retirada)',
        updateStatus: 'Status atualizado',
        updateOverdue: 'Data de expiração atualizada',
        newAccessCode: 'Novo código de acesso',
        expireOverdue: 'Expirado na data de expiração',
        // A customer's app registering a device for push notifications (modules/message), or FCM forgetting it.
        deviceRegister: 'Dispositivo registrado para push',
        deviceRemove: 'Dispositivo removido do push',
        // A webhook's deliveries and its switch-off, written by the webhook sender (modules/webhook).
        webhookDelivered: 'Evento entregue ao webhook',
        webhookDeliveryFailed: 'Entrega ao webhook abandonada',
        webhookDisabled: 'Webhook desativado pelo console',
        webhookReplay: 'Entregas desistidas reenviadas',
        webhookResend: 'Entrega reenviada',
        rotateSecret: 'Segredo de assinatura trocado',
        // Os alertas do painel sobre um armário (modules/dashboard).
        alertRaised: 'Alerta aberto',
        alertLevelChanged: 'Nível do alerta alterado',
        alertResolved: 'Alerta resolvido',
      },
    },
  },
];
