export default {
  entities: {
    version: {
      menu: 'Versions',
      label: 'Version',
      labelPlural: 'Versions',
      fields: {
        identification: 'Identification',
        name: 'Name',
        versionNumber: 'Version number',
        osApplication: 'Operating system',
        company: 'Company',
        download: 'Download address',
        description: 'Description',
        file: 'File',
        sha256: 'SHA-256',
        sizeInBytes: 'Size (bytes)',
        id: 'ID',
        createdAt: 'Created at',
        updatedAt: 'Updated at',
      },
      enumerators: {
        osApplication: { windows: 'Windows', linux: 'Linux', mac: 'Mac' },
      },
      create: { success: 'Version created successfully' },
      update: { success: 'Version updated successfully' },
      destroy: { success: 'Version deleted successfully' },
      destroyAll: { success: 'Versions deleted successfully' },
    },
  },
};
