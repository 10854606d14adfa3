export default {
  layout: {
    menu: {
      dashboard: 'Dashboard',
      warehouse: 'Warehouse',
      terminal: 'Terminal software',
      system: 'System',
      iam: 'Users',
      role: 'Roles',
      auditLogs: 'Audit log',
      settings: 'Settings',
      outbox: 'Outbox',
    },
    header: {
      profile: 'Profile',
      signOut: 'Sign out',
      toggleMenu: 'Show or hide the menu',
    },
  },
  home: {
    welcome: 'Welcome, {{name}}',
    intro: 'This is the Ebox Console, the back-office of the smart locker network.',
    shortcuts: 'Your pages',
    noShortcuts: 'You have no pages yet beyond your profile. Ask an administrator for more permissions.',
    profileShortcut: 'Edit my profile',
    signedInAs: 'Signed in as {{email}}',
    roles: 'Roles',
  },
};
