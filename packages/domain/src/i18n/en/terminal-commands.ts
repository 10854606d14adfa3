export default {
  terminalCommands: {
    /** The locker is offline, or the command could not be published, or it got no answer in time. */
    couldNotCommunicate: 'Could not communicate with Locker',
    unsupported: 'This terminal does not support {{action}}',
    jammed: 'The door of compartment {{number}} is jammed',
    refused: 'The terminal refused the command',
    failed: 'The terminal could not carry out the command',
    orderNotInCompartment: 'This order is not in compartment {{number}}: nothing was opened',
    notOpenable: 'Only a compartment with a number, on a locker, can be opened',
    pinFormat: "The PIN for the lockers' screens is 4 to 8 digits",
    holdsParcel: 'Compartment {{number}} holds a parcel: it cannot be locked or unlocked now',
    /** Open, lock and release of a locker whose terminal refused, or was not sent, its relay mapping. */
    configRefused: 'The terminal refused its configuration: {{reason}}',
    configInvalid: 'The configuration was not sent to the terminal: {{reason}}',
    /** Why a relay mapping is not sent (checked before apply_config). */
    configCheck: {
      unmapped: 'enabled compartments {{numbers}} have no board or channel',
      outOfRange: 'compartments {{numbers}} name a channel outside 1 to {{channels}} or a board below 1',
      duplicate: 'compartments {{numbers}} share board {{board}}, channel {{channel}}',
    },
    actions: {
      open_compartment: 'opening a compartment',
      apply_config: 'the compartment configuration',
      reboot: 'reboot',
      restart_app: 'restarting the app',
      sync: 'sync',
      software_update: 'software update',
      apply_access_codes: 'the access codes kept at the locker',
    },
  },
};
