/**
 * The export dialog's words for an export the server writes and mails (GET /order/export): the
 * console loads them with that dialog (apps/web/src/kit/list/export-modal.tsx), the API with the rest.
 */
export const exportByMailAreas = [
  {
    orderExport: {
      started: 'Exportação iniciada: o endereço para baixar a planilha será enviado ao seu e-mail',
      error: 'Não foi possível exportar os dados',
      period: 'Período de criação dos pedidos',
      periodHint: 'No máximo {{days}} dias. A planilha é gerada no servidor e o endereço para baixá-la chega ao seu e-mail.',
      periodRequired: 'Escolha o início e o fim do período',
      periodTooLong: 'Escolha um período de no máximo {{days}} dias',
      periodInvalid: 'O fim do período é anterior ao início',
      selectedOnly_one: 'Só a linha selecionada é exportada',
      selectedOnly_other: 'Só as {{count}} linhas selecionadas são exportadas',
      send: 'Enviar por e-mail',
    },
  },
];
