/**
 * The export dialog's words for an export the server writes and mails (GET /order/export): the
 * console loads them with that dialog (apps/web/src/kit/list/export-modal.tsx), the API with the rest.
 */
export const exportByMailAreas = [
  {
    orderExport: {
      started: 'Exportação iniciada: o endereço para baixar a planilha será enviado ao seu e-mail',
      error: 'Não foi possível exportar os dados',
    },
  },
];
