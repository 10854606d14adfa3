export default {
  entities: {
    terminalUiVersion: {
      menu: 'Interfaces do terminal',
      label: 'Versão da interface do terminal',
      labelPlural: 'Versões da interface do terminal',
      fields: {
        identification: 'Identificação',
        description: 'Descrição',
        company: 'Empresa',
        keyS3: 'Chave no armazenamento',
        file: 'Arquivo enviado',
        fileName: 'Arquivo',
        sha256: 'SHA-256',
        sizeInBytes: 'Tamanho (bytes)',
        id: 'ID',
        createdAt: 'Criado em',
        updatedAt: 'Atualizado em',
      },
      upload: {
        choose: 'Escolher o pacote da interface',
        hint: 'O arquivo vai direto para o armazenamento, até {{max}} MB',
        progress: 'Enviando o pacote',
        done: 'Pacote enviado: {{name}}',
        failed: 'O envio do pacote falhou. Tente de novo',
        required: 'Envie o pacote da interface antes de salvar',
      },
      errors: {
        uploadMissing: 'O pacote enviado não foi encontrado: envie o arquivo de novo',
        buildFixed: 'O pacote de uma versão registrada não muda: registre uma nova versão',
        tooLarge: 'O pacote passa do tamanho máximo de {{max}} bytes',
      },
      create: { success: 'Versão da interface registrada com sucesso' },
      update: { success: 'Versão da interface atualizada com sucesso' },
      destroy: { success: 'Versão da interface excluída com sucesso' },
      destroyAll: { success: 'Versões da interface excluídas com sucesso' },
    },
  },
};
