export default {
  entities: {
    auditLog: {
      label: 'Audit entry',
      labelPlural: 'Audit log',
      fields: {
        timestamp: 'Date',
        createdByEmail: 'By',
        actorLabel: 'Author',
        entityName: 'Entity',
        entityId: 'Record ID',
        action: 'Action',
        values: 'Changes',
        before: 'Before',
        after: 'After',
        entityLabel: 'Record',
        authorName: 'Author',
        references: 'Related records',
        changes: 'Changes',
      },
    },
  },
  auditLog: {
    actions: {
      create: 'Create',
      update: 'Update',
      delete: 'Delete',
      import: 'Import',
      // A message's delivery, written by the message sender (platform/deliver-message.ts).
      sent: 'Sent',
      failed: 'Delivery failed',
      // A locker's status and door events, written by the terminal link (modules/terminal-link).
      online: 'Went online',
      offline: 'Went offline',
      door_opened: 'Door opened',
      door_closed: 'Door closed',
      door_opened_without_command: 'Door opened without a command',
      // An order moved by the console or a job (modules/order).
      updateStatus: 'Status updated',
      updateOverdue: 'Expiry date updated',
      expireOverdue: 'Expired at its expiry date',
    },
    entityNames: {
      user: 'User',
      settings: 'Settings',
      outbox: 'Message (email or SMS)',
    },
    detail: 'Audit entry',
    system: 'System',
    systemActor: 'System: {{name}}',
    /** The system actors (packages/domain/src/actors.ts) as the log names them. */
    systemActors: {
      demoSeed: 'demo data',
      messageSender: 'message sending',
      maintenance: 'maintenance',
      orderExpiry: 'order expiry',
    },
    authorContaining: 'Email containing “{{text}}”',
    authorPlaceholder: 'Name, email or system',
    terminalActor: 'Terminal {{name}}',
    // Issue 8: the log in words, and a record's history tab.
    none: '—',
    unknownRecord: '(record unavailable)',
    noChanges: 'No field changed',
    moreChanges: '+ {{count}} changes',
    recordTab: 'Details',
    historyTab: 'History',
    historyEmpty: 'No change recorded',
    openRecord: 'Open {{label}}',
    nothing: 'Nothing',
  },
};
