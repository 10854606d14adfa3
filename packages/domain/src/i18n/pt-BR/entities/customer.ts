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
        address: 'Endereço',
        photo: 'Foto',
        pcd: 'Pessoa com deficiência',
        language: 'Idioma das mensagens',
        enable: 'Ativo',
        id: 'ID',
        createdAt: 'Criado em',
        updatedAt: 'Atualizado em',
      },
      enumerators: {
        language: {
          'pt-BR': 'Português (Brasil)',
          en: 'Inglês',
        },
      },
      hints: {
        address: 'Um endereço do catálogo de endereços da empresa',
        cellphone: 'Celular com DDD, digitado como quiser: (21) 98765-4321',
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
