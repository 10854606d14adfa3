export default {
  entities: {
    address: {
      menu: 'Endereços',
      label: 'Endereço',
      labelPlural: 'Endereços',
      fields: {
        street: 'Rua',
        number: 'Número',
        additional: 'Complemento',
        reference: 'Ponto de referência',
        neighborhood: 'Bairro',
        city: 'Cidade',
        state: 'Estado',
        postalCode: 'CEP',
        country: 'País',
        company: 'Empresa',
        coordinates: 'Coordenadas',
        latitude: 'Latitude',
        longitude: 'Longitude',
        id: 'ID',
        createdAt: 'Criado em',
        updatedAt: 'Atualizado em',
      },
      hints: {
        additional: 'Apartamento, bloco, andar',
        reference: 'Um ponto que ajuda a encontrá-lo',
        state: 'UF, por exemplo RJ, SP, MG',
        postalCode: 'Um CEP (00000-000) preenche rua, bairro, cidade e estado quando o catálogo de endereços o conhece',
        country: 'Vazio: Brasil',
      },
      errors: {
        postalCode: 'Não é um CEP (8 dígitos, 00000-000): {{postalCode}}',
      },
      postalCodeFill: {
        filled: 'Endereço preenchido pelo catálogo de endereços (CEP {{postalCode}})',
      },
      create: { success: 'Endereço criado com sucesso' },
      update: { success: 'Endereço atualizado com sucesso' },
      destroy: { success: 'Endereço excluído com sucesso' },
      destroyAll: { success: 'Endereços excluídos com sucesso' },
    },
  },
};
