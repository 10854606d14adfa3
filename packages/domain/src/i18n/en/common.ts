export default {
  app: {
    title: 'Ebox Console',
  },
  common: {
    // In the public dictionary: the skip link is the first Tab stop of the sign-in page too.
    skipToContent: 'Skip to content',
    save: 'Save',
    cancel: 'Cancel',
    back: 'Back',
    backHome: 'Back home',
    clear: 'Clear',
    languageCurrent: 'Language: {{language}}',
    yes: 'Yes',
    no: 'No',
    search: 'Search',
    reset: 'Reset',
    close: 'Close',
    details: 'Details',
    loading: 'Loading...',
    empty: 'No data',
    actions: 'Actions',
    refresh: 'Refresh',
    total: '{{count}} in total',
    language: 'Language',
    languages: {
      'pt-BR': 'Português',
      en: 'English',
    },
  },
  errorPages: {
    forbidden: {
      title: 'Forbidden',
      message: "Sorry, you don't have access to this page",
    },
    notFound: {
      title: 'Not found',
      message: 'Sorry, the page you visited does not exist',
    },
    serverError: {
      title: 'An error occurred',
      message: 'Sorry, the server is reporting an error',
    },
  },
};
