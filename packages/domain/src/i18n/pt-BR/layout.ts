export default {
  layout: {
    menu: {
      dashboard: 'Painel',
      warehouse: 'Armazém',
      terminal: 'Software do terminal',
      system: 'Sistema',
      iam: 'Usuários',
      role: 'Perfis de acesso',
      auditLogs: 'Registros de auditoria',
      settings: 'Configurações',
      outbox: 'Caixa de saída',
    },
    header: {
      profile: 'Perfil',
      signOut: 'Sair',
      toggleMenu: 'Mostrar ou esconder o menu',
    },
  },
  home: {
    welcome: 'Bem-vindo(a), {{name}}',
    intro: 'Este é o Ebox Console, o back-office da rede de armários inteligentes.',
    shortcuts: 'Suas páginas',
    noShortcuts: 'Você ainda não tem páginas além do seu perfil. Peça mais permissões a um administrador.',
    profileShortcut: 'Editar meu perfil',
    signedInAs: 'Conectado como {{email}}',
    roles: 'Perfis de acesso',
  },
};
