/** Enrolling a locker's terminal: POST /ebox/createToken, POST /ebox/disenrol/{id} and the locker page's dialog. */
export default {
  enrolment: {
    errors: {
      linkOff: 'The terminal link is off on this console: lockers cannot be enrolled',
      terminalIdNotUuid: 'The locker’s terminal ID “{{terminalId}}” is not a UUID: clear it (a new one is made) or enter a UUID',
    },
    tokenCreated: 'Token generated successfully!',
    disenrolled: 'Locker disenrolled: its terminal can no longer connect',
    dialog: {
      open: 'Generate token',
      title: 'Enrol the terminal',
      intro:
        'Install the terminal with this configuration file. The token can be used once, until it expires; generating a new one replaces any unused one.',
      generate: 'Generate token',
      generateAgain: 'Generate a new token',
      token: 'Token',
      expiresAt: 'Expires at',
      terminalId: 'Terminal ID (locker UUID)',
      mqttUrl: 'Broker',
      notEnrolled: 'Not enrolled',
      download: 'Download configuration file',
      close: 'Close',
    },
    disenrol: {
      button: 'Disenrol',
      confirmTitle: 'Disenrol this locker?',
      confirmText: 'Its terminal is disconnected at once and can only come back with a new token.',
      confirm: 'Disenrol',
      cancel: 'Cancel',
    },
  },
  // The audit log's names of enrolment's actions (modules/enrolment).
  auditLog: {
    actions: {
      createToken: 'Enrolment token generated',
      enrol: 'Terminal enrolled',
      disenrol: 'Terminal disenrolled',
    },
  },
};
