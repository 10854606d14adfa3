export default {
  auditLog: {
    title: 'Registros de auditoria',
    fields: {
      timestamp: 'Data',
      createdByEmail: 'Por',
      entityName: 'Entidade',
      entityId: 'Id do registro',
      action: 'Ação',
      values: 'Valores',
      before: 'Antes',
      after: 'Depois',
      period: 'Período',
    },
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
    nothing: 'Nada',
    empty: 'Nenhum registro de auditoria com estes filtros',
  },
};
