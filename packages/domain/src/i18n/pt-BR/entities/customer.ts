export default {
  entities: {
    customer: {
      menu: 'Clientes',
      label: 'Cliente',
      labelPlural: 'Clientes',
      fields: {
        name: 'Nome',
        cellphone: 'Celular',
        email: 'E-mail',
        documentNumber: 'CPF/CNPJ',
        company: 'Empresa',
        buildingLevel2: 'Unidade (nível 2)',
        photo: 'Foto',
        pcd: 'Pessoa com deficiência',
        enable: 'Ativo',
        id: 'Id',
        createdAt: 'Criado em',
        updatedAt: 'Atualizado em',
      },
      hints: {
        cellphone: 'Só números, com código do país e DDD, por exemplo 5521987654321',
        pcd: 'Recebe compartimentos acessíveis',
      },
      create: {
        success: 'Cliente criado com sucesso',
      },
      update: {
        success: 'Cliente atualizado com sucesso',
      },
      destroy: {
        success: 'Cliente excluído com sucesso',
      },
      destroyAll: {
        success: 'Clientes excluídos com sucesso',
      },
    },
  },
};
