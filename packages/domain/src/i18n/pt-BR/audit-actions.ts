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
        parcel_deposited: 'Encomenda depositada',
        parcel_taken: 'Encomenda retirada',
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
        // Os compartimentos de um armário gerados de novo a partir dos seus módulos (modules/ebox).
        generateCompartiments: 'Compartimentos gerados',
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
        // A packing's run (modules/packing).
        finish: 'Romaneio finalizado',
        retarget: 'Compartimentos de entrega escolhidos de novo',
        pause: 'Liberação pausada',
        resume: 'Liberação retomada',
        retryFailed: 'Armários com falha tentados em nova liberação',
        releaseStart: 'Liberação iniciada',
        releaseStage: 'Etapa da liberação iniciada',
        releaseComplete: 'Liberação concluída',
        software_update: 'Atualização de software enviada',
        software_update_progress: 'Andamento da atualização de software',
        operatorSignIn: 'Entrada na tela do armário',
        operatorSignInRefused: 'Entrada recusada na tela do armário',
        operatorSignOut: 'Saída da tela do armário',
        terminalPinChange: 'PIN da tela do armário definido',
        compartment_test: 'Compartimento testado no armário',
        maintenance_start: 'Manutenção iniciada no armário',
        update_version: 'Atualização de versão iniciada no armário',
      },
      /** Um evento numa porta ou um armário que cai e volta como uma frase (audit-events.ts), não como campos alterados. */
      events: {
        doorOf: '{{number}} de {{locker}}',
        door_opened: 'Porta {{door}} aberta',
        door_closed: 'Porta {{door}} fechada',
        door_opened_without_command: 'Porta {{door}} aberta sem comando',
        parcel_deposited: 'Encomenda depositada na porta {{door}}',
        parcel_taken: 'Encomenda retirada da porta {{door}}',
        open_compartment: 'Abertura da porta {{door}} pelo console',
        online: '{{locker}} ficou online',
        offline: '{{locker}} ficou offline',
        aLocker: 'Um armário',
        statusReason: {
          last_will: 'o terminal se desconectou',
          heartbeat_timeout: 'sem sinal no prazo',
          disenrolled: 'terminal desvinculado',
        },
        withDetail: '{{sentence}} · {{detail}}',
        orderNow: 'pedido agora {{status}}',
        refused: {
          noOrder: 'nenhum pedido com este código',
          wrongCompartment: 'o pedido é de outra porta',
          refused: 'o pedido não aceita este passo',
          forbidden: 'o pedido não é deste armário',
          other: 'nenhum pedido movido ({{reason}})',
        },
        outcome: {
          opened: 'aberta',
          done: 'feita',
          offline: 'falhou: armário offline',
          unknown: 'sem resposta do terminal',
          jammed: 'falhou: porta travada',
          failed: 'falhou',
          refused: 'recusada pelo terminal',
          unsupported: 'o terminal não conhece este comando',
          other: 'resultado: {{outcome}}',
        },
      },
      /** O interruptor da página do registro (filter[routine]=false na API). */
      routine: {
        hide: 'Ocultar relatórios de rotina dos terminais',
        help: 'Online e offline, estado das portas, versões e status dos compartimentos informados pelos próprios armários',
        appliesToAction: 'A ação escolhida no filtro é um relatório de rotina: ele aparece mesmo com o interruptor ligado',
      },
    },
  },
];
