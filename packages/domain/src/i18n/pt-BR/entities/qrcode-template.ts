export default {
  entities: {
    qrcodeTemplate: {
      menu: 'Modelos de QR code',
      label: 'Modelo de QR code',
      labelPlural: 'Modelos de QR code',
      fields: {
        type: 'Momento',
        hbsContent: 'Conteúdo (Handlebars)',
        company: 'Empresa',
        cluster: 'Cluster',
        enable: 'Ativo',
        id: 'ID',
        createdAt: 'Criado em',
        updatedAt: 'Atualizado em',
      },
      enumerators: {
        type: {
          STORED: 'Depositado',
          CUSTOMER_TAKEN: 'Retirado pelo cliente',
          CUSTOMER_SEND: 'Envio do cliente',
          EXPIRED: 'Expirado',
        },
      },
      hints: {
        hbsContent: 'HTML com variáveis Handlebars entre chaves duplas',
      },
      errors: {
        hbsContentInvalid: '{{label}} não compila (linha {{line}}): {{reason}}',
      },
      create: {
        success: 'Modelo de QR code criado com sucesso',
      },
      update: {
        success: 'Modelo de QR code atualizado com sucesso',
      },
      destroy: {
        success: 'Modelo de QR code excluído com sucesso',
      },
      destroyAll: {
        success: 'Modelos de QR code excluídos com sucesso',
      },
    },
  },
};
