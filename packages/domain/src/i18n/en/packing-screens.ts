/**
 * The words of the packing screens (stepped building, list and follow-up): the console loads them
 * with those screens (apps/web/src/features/packing/messages.ts), not with every one.
 */
export const packingScreenAreas = [
  {
    packingPage: {
      steps: {
        header: 'Packing list details',
        summary: 'Summary',
      },
      header: {
        hint: 'A return run only collects (reverse and expired collections); with a route, the lockers follow its order.',
      },
      actions: {
        next: 'Next',
        back: 'Back',
        save: 'Save packing list',
        retry: 'Try again',
        finish: 'Finish',
        download: 'Download packing list',
        deselectRefused: 'Unselect the refused ones',
      },
      filters: {
        lockers: 'Lockers',
        lockersPlaceholder: 'All lockers',
        trackingCode: 'Tracking code',
        trackingCodePlaceholder: 'Starts with…',
      },
      locker: {
        none: 'No locker',
        orders_one: '{{count}} order',
        orders_other: '{{count}} orders',
        notFitting_one: '{{count}} does not fit',
        notFitting_other: '{{count}} do not fit',
        selectAll: 'Select all of {{locker}} ({{count}})',
        selected_one: '{{count}} selected',
        selected_other: '{{count}} selected',
        show: 'Show the orders of {{locker}}',
      },
      stepTotals: 'Orders: {{orders}} · Lockers: {{lockers}} · Selected: {{selected}}',
      emptyStep: 'No orders in this step',
      emptyFiltered: 'No orders match these filters',
      metricsFailed: "The steps' orders could not be loaded",
      columns: {
        trackingCode: 'Tracking code',
        customer: 'Customer',
        size: 'Size',
        compartment: 'Compartment',
        target: 'Target compartment',
        step: 'Step',
        outcome: 'Outcome',
        locker: 'Locker',
        total: 'Total',
      },
      hasChange: 'Changed',
      hasChangeHint: 'The order changed since it was picked for an earlier packing list: check it before taking it.',
      hasChangeHintPacked: 'The order changed since it was picked for this packing list: check it before taking it.',
      retargeted: 'was {{number}}',
      refused: 'Refused',
      selectRow: 'Select {{code}}',
      summary: {
        empty: 'No orders selected: pick them in the steps.',
        total: 'Packing list total',
        refused: 'The packing list was not saved',
        skipped: 'A return run takes no deliveries: {{count}} selected deliveries are left out.',
      },
      outcomes: {
        none: 'To do',
        done: 'Done',
        wrongLocker: 'Wrong locker',
        notMade: 'Not made',
      },
      progress: '{{done}} of {{total}} done',
      orders: {
        title: 'Orders of the packing list',
        empty: 'No orders in this packing list',
      },
      finish: {
        confirmTitle: 'Finish packing list?',
        confirmOne: 'Finish the packing list {{name}}? Its orders become free for another packing list.',
        confirmMany: 'Finish {{count}} packing lists? Their orders become free for another packing list.',
        progress: 'Finishing {{done}} of {{total}}…',
        done: '{{count}} packing lists finished',
        failed: 'Not finished: {{names}}',
      },
      downloaded: 'Packing list downloaded',
    },
  },
];
