/** Messages of the order's printed tags (POST /order/generate-tag) and its export by mail (GET /order/export). */
export default {
  orderTags: {
    fileName: 'print-tags',
    recipient: 'Recipient',
    address: 'Address',
    postalCode: 'Postal code',
    locker: 'Locker',
    type: 'Order type',
    trackingCode: 'Tracking code',
    orderNumber: 'Order number',
    logisticsCompany: 'Logistics company',
    createdAt: 'Created at',
    notAvailable: 'N/A',
    /** The provider's brand, printed when the order's company has no name to show. */
    defaultLogisticsCompany: 'Ebox',
    print: 'Print tags',
    printing: 'Generating tags...',
    noneSelected: 'Select the orders whose tags you want to print',
    generated: 'Tag generated',
    error: 'Error generating the tags',
  },
  orderExport: {
    started: 'Export started: a download link will be emailed to you',
    error: 'Cannot export data',
    file: 'The exported file',
  },
  errors: {
    orderTags: {
      orderNotFound: 'Order not found: {{id}}',
    },
    orderExport: {
      periodRequired: 'Choose the creation period to export (from and to)',
      periodInvalid: 'The end of the export period is before its start',
      linkExpired: 'This download link has expired: export the orders again',
      linkInvalid: 'This download link is not valid',
      fileGone: 'The exported file is no longer available',
    },
  },
  mail: {
    orderExport: {
      subject: 'Your order export from {{appName}} is ready',
      body: 'The orders created from {{from}} to {{to}} are ready to download. The link expires in {{hours}} hours.',
      action: 'Download the spreadsheet',
    },
  },
};
