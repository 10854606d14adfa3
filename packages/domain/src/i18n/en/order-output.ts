/** Messages of the order's printed tags (POST /order/generate-tag) and its export by mail (GET /order/export). */
export default {
  orderTags: {
    print: 'Print tags',
    printing: 'Generating tags...',
    noneSelected: 'Select the orders whose tags you want to print',
    generated: 'Tag generated',
    error: 'Error generating the tags',
  },
  orderExport: {
    started: 'Export started: a download link will be emailed to you',
    error: 'Cannot export data',
  },
};
