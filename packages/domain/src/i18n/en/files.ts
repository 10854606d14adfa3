/** Messages of the files module (POST /file/upload, GET /file/:id/:name). */
export default {
  errors: {
    file: {
      missing: 'No file was sent',
      empty: 'The file is empty',
      unknownTarget: 'Files cannot be uploaded to {{entity}}.{{field}}',
    },
  },
};
