/** Messages of the files module (POST /file/upload, GET /file/:id/:name). */
export default {
  errors: {
    file: {
      missing: 'Nenhum arquivo foi enviado',
      empty: 'O arquivo está vazio',
      malformed: 'O envio está malformado ou incompleto: envie uma parte multipart/form-data chamada "file"',
      unknownTarget: 'Não é possível enviar arquivos para {{entity}}.{{field}}',
    },
  },
};
