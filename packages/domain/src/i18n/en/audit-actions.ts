/**
 * The audit log's action names: the console loads them with the log and a record's history tab
 * (apps/web/src/kit/audit/audit-messages.ts), not with the first screen.
 */
export const auditActionAreas = [
  {
    auditLog: {
      actions: {
        create: 'Create',
        update: 'Update',
        delete: 'Delete',
        import: 'Import',
        // A message's delivery, written by the message sender (platform/deliver-message.ts).
        sent: 'Sent',
        failed: 'Delivery failed',
        // A customer's message (modules/message): written, then as its provider reported it.
        queued: 'Queued',
        delivered: 'Delivered',
        read: 'Read',
        // A locker's status and door events, written by the terminal link (modules/terminal-link).
        online: 'Went online',
        offline: 'Went offline',
        door_opened: 'Door opened',
        door_closed: 'Door closed',
        door_opened_without_command: 'Door opened without a command',
        parcel_deposited: 'Parcel deposited',
        parcel_taken: 'Parcel taken',
        rate_limited: 'Over its message rate (messages dropped)',
        // Commands from the console to a terminal (modules/terminal-commands), with its answer.
        open_compartment: 'Compartment opening',
        reboot: 'Reboot',
        restart_app: 'App restart',
        sync: 'Sync',
        apply_config: 'Compartment configuration sent',
        apply_access_codes: 'Access codes sent',
        lock: 'Locked',
        release: 'Unlocked',
        // A locker's compartments generated again from its modules (modules/ebox).
        generateCompartiments: 'Compartments generated',
        // An order moved by the console, a locker or a job (modules/order).
        cancel: 'Canceled',
        parcelEvent: 'Moved at the locker (deposit or pickup)',
        updateStatus: 'Status updated',
        updateOverdue: 'Expiry date updated',
        newAccessCode: 'New access code',
        expireOverdue: 'Expired at its expiry date',
        // A customer's app registering a device for push notifications (modules/message), or FCM forgetting it.
        deviceRegister: 'Device registered for push',
        deviceRemove: 'Device removed from push',
        // A webhook's deliveries and its switch-off, written by the webhook sender (modules/webhook).
        webhookDelivered: 'Event delivered to the webhook',
        webhookDeliveryFailed: 'Webhook delivery given up',
        webhookDisabled: 'Webhook disabled by the console',
        webhookReplay: 'Given-up deliveries sent again',
        webhookResend: 'Delivery sent again',
        rotateSecret: 'Signing secret rotated',
        // The dashboard's alerts on a locker (modules/dashboard).
        alertRaised: 'Alert raised',
        alertLevelChanged: 'Alert level changed',
        alertResolved: 'Alert resolved',
        // A packing's run (modules/packing).
        finish: 'Packing finished',
        retarget: 'Delivery compartments chosen again',
        pause: 'Release paused',
        resume: 'Release resumed',
        retryFailed: 'Failed lockers retried in a new release',
        releaseStart: 'Release started',
        releaseStage: 'Release stage started',
        releaseComplete: 'Release completed',
        software_update: 'Software update sent',
        software_update_progress: 'Software update progress',
        operatorSignIn: "Signed in at the locker's screen",
        operatorSignInRefused: "Sign-in refused at the locker's screen",
        operatorSignOut: "Signed out of the locker's screen",
        terminalPinChange: "PIN for the locker's screen set",
        compartment_test: 'Compartment tested at the locker',
        maintenance_start: 'Maintenance started at the locker',
        update_version: 'Software update started at the locker',
      },
      /** An event at a door, or a locker going offline and coming back, as one sentence (audit-events.ts), not as fields changed. */
      events: {
        doorOf: '{{number}} of {{locker}}',
        door_opened: 'Door {{door}} opened',
        door_closed: 'Door {{door}} closed',
        door_opened_without_command: 'Door {{door}} opened without a command',
        parcel_deposited: 'Parcel deposited in door {{door}}',
        parcel_taken: 'Parcel taken from door {{door}}',
        open_compartment: 'Door {{door}} opening from the console',
        online: '{{locker}} came online',
        offline: '{{locker}} went offline',
        aLocker: 'A locker',
        statusReason: {
          last_will: 'its terminal disconnected',
          heartbeat_timeout: 'no heartbeat in time',
          disenrolled: 'terminal disenrolled',
        },
        withDetail: '{{sentence}} · {{detail}}',
        orderNow: 'order now {{status}}',
        refused: {
          noOrder: 'no order has this code',
          wrongCompartment: "the order is another door's",
          refused: 'the order does not take this step',
          forbidden: "the order is not this locker's",
          other: 'no order moved ({{reason}})',
        },
        outcome: {
          opened: 'opened',
          done: 'done',
          offline: 'failed: locker offline',
          unknown: 'no answer from the terminal',
          jammed: 'failed: door jammed',
          failed: 'failed',
          refused: 'refused by the terminal',
          unsupported: 'the terminal does not know this command',
          other: 'outcome: {{outcome}}',
        },
      },
      /** The log page's switch (filter[routine]=false on the API). */
      routine: {
        hide: "Hide terminals' routine reports",
        help: 'Online and offline, door states, versions and compartment statuses the lockers report themselves',
        appliesToAction: 'The action chosen in the filter is a routine report: it shows even with the switch on',
      },
    },
  },
];
