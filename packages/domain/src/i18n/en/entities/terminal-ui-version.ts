export default {
  entities: {
    terminalUiVersion: {
      menu: 'Terminal UI builds',
      label: 'Terminal UI version',
      labelPlural: 'Terminal UI versions',
      fields: {
        identification: 'Identification',
        description: 'Description',
        company: 'Company',
        keyS3: 'Storage key',
        file: 'Uploaded file',
        fileName: 'File',
        sha256: 'SHA-256',
        sizeInBytes: 'Size (bytes)',
        id: 'ID',
        createdAt: 'Created at',
        updatedAt: 'Updated at',
      },
      upload: {
        choose: 'Choose the UI build',
        hint: 'The file goes straight to storage, up to {{max}} MB',
        progress: 'Uploading the build',
        done: 'Build uploaded: {{name}}',
        failed: 'The upload failed. Try again',
        required: 'Upload the UI build before saving',
      },
      errors: {
        uploadMissing: 'The uploaded build was not found: upload the file again',
        buildFixed: 'A registered version keeps its build: register a new version',
        tooLarge: 'The build is larger than the maximum of {{max}} bytes',
      },
      create: { success: 'Terminal UI version registered successfully' },
      update: { success: 'Terminal UI version updated successfully' },
      destroy: { success: 'Terminal UI version deleted successfully' },
      destroyAll: { success: 'Terminal UI versions deleted successfully' },
    },
  },
};
