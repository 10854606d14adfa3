export default {
  entities: {
    auditLog: {
      label: 'Registro de auditoria',
      labelPlural: 'Registros de auditoria',
      fields: {
        timestamp: 'Data',
        createdByEmail: 'Por',
        actorLabel: 'Agente',
        entityName: 'Entidade',
        entityId: 'Id do registro',
        action: 'Ação',
        values: 'Valores',
        before: 'Antes',
        after: 'Depois',
      },
    },
  },
  auditLog: {
    actions: {
      create: 'Criação',
      update: 'Alteração',
      delete: 'Exclusão',
      import: 'Importação',
    },
    entityNames: {
      user: 'Usuário',
      settings: 'Configurações',
    },
    detail: 'Registro de auditoria',
    system: 'Sistema',
    systemActor: 'Sistema ({{name}})',
    terminalActor: 'Terminal {{name}}',
    nothing: 'Nada',
  },
};
