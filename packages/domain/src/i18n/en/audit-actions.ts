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
      },
    },
  },
];
