/** Messages of the order list: its printed tags (POST /order/generate-tag), clocks and live notice. */
export default {
  orderTags: {
    print: 'Print tags',
    printing: 'Generating tags...',
    noneSelected: 'Select the orders whose tags you want to print',
    generated: 'Tag generated',
    error: 'Error generating the tags',
  },
  // The order list itself (issue 29, item 4): its clocks, the notice of new orders, a refused period.
  orderList: {
    columns: {
      door: 'Door',
      inLockerFor: 'In the locker for',
      expiresIn: 'Expires in',
    },
    clock: {
      aged: '{{duration}} · aged',
      agedHint: 'In the locker for over {{days}} days, since {{since}}',
      since: 'In the locker since {{since}}',
      inFuture: 'in {{duration}}',
      overdue: 'Overdue by {{duration}}',
      overdueHint: 'Expired on {{date}}',
      dueHint: 'Expires on {{date}}',
    },
    duration: {
      days: '{{n}} d',
      hours: '{{n}} h',
      minutes: '{{n}} min',
      seconds: '{{n}} s',
    },
    live: {
      created_one: '{{count}} new order',
      created_other: '{{count}} new orders',
      changed_one: '{{count}} changed',
      changed_other: '{{count}} changed',
      refresh: '{{news}}: click to refresh the list',
    },
    refused: {
      periodTooLong: 'Period too long: the order list shows at most {{days}} days',
    },
  },
};
