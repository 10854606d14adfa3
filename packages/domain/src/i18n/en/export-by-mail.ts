/**
 * The export dialog's words for an export the server writes and mails (GET /order/export): the
 * console loads them with that dialog (apps/web/src/kit/list/export-modal.tsx), the API with the rest.
 */
export const exportByMailAreas = [
  {
    orderExport: {
      started: 'Export started: a download link will be emailed to you',
      error: 'Cannot export data',
    },
  },
];
