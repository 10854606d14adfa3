export default {
  entities: {
    version: {
      menu: 'Versões',
      label: 'Versão',
      labelPlural: 'Versões',
      fields: {
        identification: 'Identificação',
        name: 'Nome',
        versionNumber: 'Número da versão',
        osApplication: 'Sistema operacional',
        company: 'Empresa',
        download: 'Endereço para baixar',
        description: 'Descrição',
        file: 'Arquivo',
        sha256: 'SHA-256',
        sizeInBytes: 'Tamanho (bytes)',
        id: 'ID',
        createdAt: 'Criado em',
        updatedAt: 'Atualizado em',
      },
      enumerators: {
        osApplication: { windows: 'Windows', linux: 'Linux', mac: 'Mac' },
      },
      create: { success: 'Versão criada com sucesso' },
      update: { success: 'Versão atualizada com sucesso' },
      destroy: { success: 'Versão excluída com sucesso' },
      destroyAll: { success: 'Versões excluídas com sucesso' },
    },
  },
};
