export default {
  app: {
    title: 'Ebox Console',
  },
  common: {
    // In the public dictionary: the skip link is the first Tab stop of the sign-in page too.
    skipToContent: 'Pular para o conteúdo',
    save: 'Salvar',
    cancel: 'Cancelar',
    back: 'Voltar',
    backHome: 'Voltar ao início',
    clear: 'Limpar',
    languageCurrent: 'Idioma: {{language}}',
    yes: 'Sim',
    no: 'Não',
    search: 'Pesquisar',
    reset: 'Limpar',
    close: 'Fechar',
    details: 'Detalhes',
    loading: 'Carregando...',
    empty: 'Nenhum dado',
    actions: 'Ações',
    refresh: 'Atualizar',
    total: '{{count}} no total',
    language: 'Idioma',
    languages: {
      'pt-BR': 'Português',
      en: 'English',
    },
  },
  errorPages: {
    forbidden: {
      title: 'Proibido',
      message: 'Desculpe, você não tem acesso a esta página',
    },
    notFound: {
      title: 'Não encontrado',
      message: 'Desculpe, a página que você visitou não existe',
    },
    serverError: {
      title: 'Ocorreu um erro',
      message: 'Desculpe, o servidor está reportando um erro',
    },
  },
};
