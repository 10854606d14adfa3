/** What the importer says while it reads and imports a spreadsheet: loaded with the import page (import-screens.ts). */
export default {
  kit: {
    importer: {
      title: 'Import {{entity, inSentence}}',
      intro:
        'Download the template, fill in one row per record and upload the spreadsheet (.xlsx). Every row is validated and imported in batches of 10; you can pause and resume at any time.',
      downloadTemplate: 'Download template',
      chooseFile: 'Choose spreadsheet (.xlsx)',
      fileLoaded: '{{fileName}}: {{count}} row(s)',
      start: 'Import',
      pause: 'Pause',
      resume: 'Resume',
      restart: 'Import another spreadsheet',
      running: 'Importing...',
      pausing: 'Pausing after the current batch...',
      paused: 'Import paused. Click Resume to continue where it stopped.',
      finished: 'Import finished',
      summary: '{{imported}} imported, {{errors}} with errors, {{pending}} pending, of {{total}} row(s)',
      templateFileName: '{{entity}}_template.xlsx',
      templateHint: 'One row per record. Lists (several values) separated by spaces; dates as YYYY-MM-DD HH:mm.',
      status: {
        pending: 'Pending',
        imported: 'Imported',
        error: 'Error',
      },
      columns: {
        line: 'Row',
        status: 'Status',
        message: 'Message',
      },
      errors: {
        invalidFileExcel: 'Only Excel spreadsheets (.xlsx) are allowed',
        invalidFileUpload: 'The file could not be read. Check that it is a valid .xlsx spreadsheet',
        invalidFileEmpty: 'The spreadsheet is empty: no data rows were found',
        invalidFileTemplate: 'The spreadsheet is not from the current template. Download the template again and copy your data into it',
      },
    },
  },
};
