/** Server-only messages of the order's documents: the tag PDF's labels, the export's file, errors and mail (never sent to the browser). */
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
  },
  orderExport: {
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
