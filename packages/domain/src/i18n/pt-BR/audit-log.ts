export default {
  entities: {
    auditLog: {
      label: 'Registro de auditoria',
      labelPlural: 'Registros de auditoria',
      fields: {
        timestamp: 'Data',
        createdByEmail: 'Por',
        actorLabel: 'Autor',
        entityName: 'Entidade',
        entityId: 'ID do registro',
        action: 'Ação',
        values: 'Alterações',
        before: 'Antes',
        after: 'Depois',
        entityLabel: 'Registro',
        authorName: 'Autor',
        references: 'Registros relacionados',
        changes: 'Alterações',
      },
    },
  },
  auditLog: {
    actions: {
      create: 'Criação',
      update: 'Alteração',
      delete: 'Exclusão',
      import: 'Importação',
      // A message's delivery, written by the message sender (platform/deliver-message.ts).
      sent: 'Enviada',
      failed: 'Falha no envio',
      // A locker's status and door events, written by the terminal link (modules/terminal-link).
      online: 'Ficou online',
      offline: 'Ficou offline',
      door_opened: 'Porta aberta',
      door_closed: 'Porta fechada',
      door_opened_without_command: 'Porta aberta sem comando',
      // An order moved by the console or a job (modules/order).
      updateStatus: 'Status atualizado',
      updateOverdue: 'Data de expiração atualizada',
      expireOverdue: 'Expirado na data de expiração',
    },
    entityNames: {
      user: 'Usuário',
      settings: 'Configurações',
      outbox: 'Mensagem (e-mail ou SMS)',
    },
    detail: 'Registro de auditoria',
    system: 'Sistema',
    systemActor: 'Sistema: {{name}}',
    /** The system actors (packages/domain/src/actors.ts) as the log names them. */
    systemActors: {
      demoSeed: 'dados de demonstração',
      messageSender: 'envio de mensagens',
      maintenance: 'manutenção',
      orderExpiry: 'expiração de pedidos',
    },
    authorContaining: 'E-mail contendo “{{text}}”',
    authorPlaceholder: 'Nome, e-mail ou sistema',
    terminalActor: 'Terminal {{name}}',
    // Issue 8: the log in words, and a record's history tab.
    none: '—',
    unknownRecord: '(registro indisponível)',
    noChanges: 'Nenhum campo alterado',
    moreChanges: '+ {{count}} alterações',
    recordTab: 'Dados',
    historyTab: 'Histórico',
    historyEmpty: 'Nenhuma alteração registrada',
    openRecord: 'Abrir {{label}}',
    nothing: 'Nada',
  },
};
