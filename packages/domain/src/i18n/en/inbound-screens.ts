/**
 * The inbound screens' words (reading tracking codes, an inbound's orders): the console loads them
 * with those screens (apps/web/src/features/inbound/messages.ts), not with every signed-in screen.
 */
export const inboundScreenAreas = [
  {
    entities: {
      inbound: {
        // The titles of the inbound form's parts (the screen declares them, not the entity).
        sections: {
          scan: 'Scan codes',
          details: 'Inbound details',
        },
      },
    },
    inboundPage: {
      scan: {
        label: 'Tracking code',
        hint: 'Read with the barcode scanner or paste several codes (one per line, or separated by commas, spaces or semicolons).',
        placeholder: 'Scan or type a code and press Enter',
        lastRead: 'Last read',
        searching: 'Looking up…',
        alreadyAdded: 'Already added to this inbound',
        failed: 'Could not look it up',
        retry: 'Look up again',
      },
      counts: {
        found: 'Found',
        refused: 'Refused',
        pending: 'Looking up',
      },
      columns: {
        sequence: 'No.',
        trackingCode: 'Tracking code',
        answer: 'Answer',
        customer: 'Customer',
        locker: 'Ebox',
        type: 'Type',
        status: 'Status',
        actions: 'Actions',
      },
      remove: 'Remove {{code}}',
      orders: {
        title: "The inbound's orders",
        empty: 'No orders in this inbound',
      },
    },
  },
];
