/** Server-only words of the payment list's mailed export (GET /payment/export): its link's errors and its mail. */
export default {
  errors: {
    paymentExport: {
      linkExpired: 'This download link has expired: export the payments again',
      linkInvalid: 'This download link is not valid',
      fileGone: 'The exported file is no longer available',
    },
  },
  mail: {
    paymentExport: {
      subject: 'Your payment export from {{appName}} is ready',
      body: 'The payments you exported are ready to download. The link expires in {{hours}} hours.',
      action: 'Download the spreadsheet',
    },
  },
};
