/** Brazilian documents and phones (kit field options `document` and `phone`), and the limits a form shows. */
export default {
  validation: {
    document: {
      cpf: 'O campo {{label}} deve ter um CPF válido: confira os dígitos',
      cnpj: 'O campo {{label}} deve ter um CNPJ válido: confira os dígitos',
      cpfOrCnpj: 'O campo {{label}} deve ter um CPF ou CNPJ válido: confira os dígitos',
    },
    phone: {
      invalid: 'O campo {{label}} deve ser um telefone com DDD, como (11) 3265-4321 ou (11) 98765-4321',
      mobile: 'O campo {{label}} deve ser um celular com DDD, como (11) 98765-4321',
    },
  },
  entities: {
    customer: {
      errors: {
        documentTaken: 'Já existe um cliente com este {{document}} nesta empresa',
      },
    },
  },
  kit: {
    upload: {
      /** A file refused before or by the upload, said under its field. */
      refusedFile: '{{name}}: {{reason}}',
    },
  },
  ids: {
    documentTypes: { cpf: 'CPF', cnpj: 'CNPJ' },
  },
};
