export default {
  entities: {
    route: {
      menu: 'Rotas',
      label: 'Rota',
      labelPlural: 'Rotas',
      fields: {
        name: 'Nome',
        company: 'Empresa',
        ebox: 'Armários',
        operatedBy: 'Operado por',
        notes: 'Observações',
        id: 'ID',
        createdAt: 'Criado em',
        updatedAt: 'Atualizado em',
      },
      errors: {
        notAnOperator: 'Escolha um usuário com papel de operador na empresa da rota',
        repeatedStop: 'Um armário entra uma só vez na rota: as paradas {{first}} e {{second}} são o mesmo armário',
      },
      create: {
        success: 'Rota criada com sucesso',
      },
      update: {
        success: 'Rota atualizada com sucesso',
      },
      destroy: {
        success: 'Rota excluída com sucesso',
      },
      destroyAll: {
        success: 'Rotas excluídas com sucesso',
      },
    },
  },
};
