/** Messages of the files module (POST /file/upload, GET /file/:id/:name). */
export default {
  errors: {
    file: {
      missing: 'Nenhum arquivo foi enviado',
      empty: 'O arquivo está vazio',
      unknownTarget: 'Não é possível enviar arquivos para {{entity}}.{{field}}',
    },
  },
};
