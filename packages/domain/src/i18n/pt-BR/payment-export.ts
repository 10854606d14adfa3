/** Textos só do servidor da exportação por e-mail da lista de pagamentos (GET /payment/export): erros do link e o e-mail. */
export default {
  errors: {
    paymentExport: {
      linkExpired: 'Este endereço para baixar a planilha expirou: exporte os pagamentos novamente',
      linkInvalid: 'Este endereço para baixar a planilha não é válido',
      fileGone: 'O arquivo exportado não está mais disponível',
    },
  },
  mail: {
    paymentExport: {
      subject: 'Sua exportação de pagamentos do {{appName}} está pronta',
      body: 'Os pagamentos que você exportou estão prontos para baixar. O link expira em {{hours}} horas.',
      action: 'Baixar a planilha',
    },
  },
};
