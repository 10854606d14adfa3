/** Brazilian documents and phones (kit field options `document` and `phone`), and the limits a form shows. */
export default {
  validation: {
    document: {
      cpf: '{{label}} is not a valid CPF: check the digits',
      cnpj: '{{label}} is not a valid CNPJ: check the digits',
      cpfOrCnpj: '{{label}} is not a valid CPF or CNPJ: check the digits',
    },
    phone: {
      invalid: '{{label}} must be a phone number with area code, such as (11) 3265-4321 or (11) 98765-4321',
      mobile: '{{label}} must be a mobile number with area code, such as (11) 98765-4321',
    },
  },
  entities: {
    customer: {
      errors: {
        documentTaken: 'A customer with this {{document}} already exists in this company',
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
