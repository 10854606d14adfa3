/** Messages of the order's printed tags (POST /order/generate-tag). */
export default {
  orderTags: {
    print: 'Print tags',
    printing: 'Generating tags...',
    noneSelected: 'Select the orders whose tags you want to print',
    generated: 'Tag generated',
    error: 'Error generating the tags',
  },
};
