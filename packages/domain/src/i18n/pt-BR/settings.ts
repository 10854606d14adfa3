export default {
  settings: {
    title: 'Configurações',
    theme: 'Cor do tema',
    themeHint: 'A cor vale para todos os usuários do console.',
    save: 'Salvar',
    saved: 'Configurações salvas. A página será recarregada em instantes.',
    current: 'Atual',
    themes: {
      default: 'Padrão',
      cyan: 'Ciano',
      'geek-blue': 'Azul geek',
      gold: 'Dourado',
      lime: 'Lima',
      magenta: 'Magenta',
      orange: 'Laranja',
      'polar-green': 'Verde polar',
      purple: 'Roxo',
      red: 'Vermelho',
      volcano: 'Vulcão',
      yellow: 'Amarelo',
    },
  },
};
