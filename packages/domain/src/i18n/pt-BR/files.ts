/** Messages of the files module (POST /file/upload, GET /file/:id/:name). */
export default {
  errors: {
    file: {
      missing: 'Nenhum arquivo foi enviado',
      empty: 'O arquivo está vazio',
      malformed: 'O envio está malformado ou incompleto: envie uma parte multipart/form-data chamada "file"',
      unknownTarget: 'Não é possível enviar arquivos para {{entity}}.{{field}}',
      signature: 'O endereço de envio é inválido ou expirou: peça um novo',
      tooLarge: 'O arquivo passa do tamanho máximo de {{max}} bytes',
      alreadyUploaded: 'Este endereço de envio já recebeu o seu arquivo: peça um novo',
    },
  },
};
