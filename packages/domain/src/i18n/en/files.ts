/** Messages of the files module (POST /file/upload, GET /file/:id/:name). */
export default {
  errors: {
    file: {
      missing: 'No file was sent',
      empty: 'The file is empty',
      malformed: 'The upload is malformed or incomplete: send one multipart/form-data part named "file"',
      unknownTarget: 'Files cannot be uploaded to {{entity}}.{{field}}',
      signature: 'The upload address is invalid or has expired: ask for a new one',
      tooLarge: 'The file is larger than the maximum of {{max}} bytes',
      alreadyUploaded: 'This upload address has already received its file: ask for a new one',
    },
  },
};
