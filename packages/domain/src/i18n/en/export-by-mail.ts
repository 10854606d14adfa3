/**
 * The export dialog's words for an export the server writes and mails (GET /order/export): the
 * console loads them with that dialog (apps/web/src/kit/list/export-modal.tsx), the API with the rest.
 */
export const exportByMailAreas = [
  {
    orderExport: {
      started: 'Export started: a download link will be emailed to you',
      error: 'Cannot export data',
      period: 'Orders created in',
      periodHint: 'At most {{days}} days. The spreadsheet is written on the server and a link to download it is sent to your e-mail.',
      periodRequired: 'Choose the start and the end of the period',
      periodTooLong: 'Choose a period of at most {{days}} days',
      periodInvalid: 'The end of the period is before its start',
      send: 'Send by e-mail',
      selectedOnly_one: 'Only the selected row is exported',
      selectedOnly_other: 'Only the {{count}} selected rows are exported',
    },
  },
];
