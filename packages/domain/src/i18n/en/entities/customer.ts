export default {
  entities: {
    customer: {
      menu: 'Customers',
      label: 'Customer',
      labelPlural: 'Customers',
      fields: {
        name: 'Name',
        cellphone: 'Mobile phone',
        email: 'Email',
        documentNumber: 'Document number (CPF/CNPJ)',
        company: 'Company',
        buildingLevel2: 'Unit (level 2)',
        address: 'Address',
        photo: 'Photo',
        pcd: 'Person with a disability',
        language: 'Message language',
        enable: 'Active',
        id: 'ID',
        createdAt: 'Created at',
        updatedAt: 'Updated at',
      },
      enumerators: {
        language: {
          'pt-BR': 'Portuguese (Brazil)',
          en: 'English',
        },
      },
      hints: {
        address: "An address from the company's address book",
        cellphone: 'Mobile with area code, typed any way: (21) 98765-4321',
        pcd: 'Gets accessible compartments',
      },
      create: {
        success: 'Customer created successfully',
      },
      update: {
        success: 'Customer updated successfully',
      },
      destroy: {
        success: 'Customer deleted successfully',
      },
      destroyAll: {
        success: 'Customers deleted successfully',
      },
    },
  },
};
