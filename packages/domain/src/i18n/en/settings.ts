export default {
  settings: {
    title: 'Settings',
    theme: 'Theme colour',
    themeHint: 'The colour applies to every user of the console.',
    save: 'Save',
    saved: 'Settings saved. The page will reload in a moment.',
    current: 'Current',
    themes: {
      default: 'Default',
      cyan: 'Cyan',
      'geek-blue': 'Geek blue',
      gold: 'Gold',
      lime: 'Lime',
      magenta: 'Magenta',
      orange: 'Orange',
      'polar-green': 'Polar green',
      purple: 'Purple',
      red: 'Red',
      volcano: 'Volcano',
      yellow: 'Yellow',
    },
  },
};
