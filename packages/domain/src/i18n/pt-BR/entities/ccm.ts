export default {
  entities: {
    ccm: {
      menu: 'Modelos de mensagem',
      label: 'Modelo de mensagem',
      labelPlural: 'Modelos de mensagem',
      fields: {
        type: 'Canal',
        subType: 'Operação',
        trigger: 'Gatilho',
        language: 'Vazio: todos os idiomas',
        subject: 'Assunto do e-mail, título do push ou nome do modelo do WhatsApp',
        content: 'Conteúdo',
        company: 'Empresa',
        cluster: 'Cluster',
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
        type: {
          whatsapp: 'WhatsApp',
          sms: 'SMS',
          email: 'E-mail',
          push: 'Push',
        },
        subType: {
          delivery: 'Entrega',
          return: 'Devolução',
          storage: 'Guarda-volumes',
          send: 'Envio',
        },
        trigger: {
          CREATED: 'Pedido criado',
          STORED: 'Depositado no armário',
          EXPIRED: 'Prazo de retirada expirado',
          INBOUND: 'Recebido no armazém',
          IN_TRANSIT_TO_STORE: 'Em trânsito para o armário',
          EXPIRED_TAKEN: 'Expirado e recolhido',
          EXPIRED_INBOUND: 'Expirado e recebido no armazém',
          EXPIRED_RETURNED: 'Expirado e devolvido',
          COURIER_TAKEN: 'Retirado pelo entregador',
          COURIER_INBOUND: 'Recebido no armazém pelo entregador',
          COURIER_RETURNED: 'Devolvido pelo entregador',
          CUSTOMER_TAKEN: 'Retirado pelo cliente',
          SEND_INBOUND: 'Envio recebido no armazém',
          SEND_RETURNED: 'Envio devolvido',
          PRE_EXPIRED: 'Prestes a expirar',
          CANCELED: 'Cancelado',
        },
      },
      hints: {
        language: 'Clientes deste idioma o recebem (nenhum: todos sem um modelo no seu idioma)',
        trigger: 'Situação do pedido que dispara o envio',
        subject: 'O assunto do e-mail, o título do push ou o nome do modelo do WhatsApp aprovado pela Meta',
      },
      errors: {
        contentInvalid: 'O conteúdo não compila (linha {{line}}): {{reason}}',
        subjectInvalid: 'O assunto não compila (linha {{line}}): {{reason}}',
      },
      create: {
        success: 'Modelo de mensagem criado com sucesso',
      },
      update: {
        success: 'Modelo de mensagem atualizado com sucesso',
      },
      destroy: {
        success: 'Modelo de mensagem excluído com sucesso',
      },
      destroyAll: {
        success: 'Modelos de mensagem excluídos com sucesso',
      },
    },
  },
};
