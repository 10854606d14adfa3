/**
 * Imports by natural key (issue 8): what a relation cell matched, what each template column accepts,
 * the failed rows file. Merged into `errors` and `kit.importer` (see i18n/index.ts).
 */
export default {
  errors: {
    naturalKey: {
      none: {
        default: 'No {{label}} named “{{value}}”',
        company: 'No company named “{{value}}”',
        group: 'No group named “{{value}}”',
        building: 'No building named “{{value}}”',
        buildingLevel1: 'No level 1 named “{{value}}”',
        buildingLevel2: 'No level 2 named “{{value}}”',
        customer: 'No customer with name, e-mail or document “{{value}}”',
        role: 'No role named “{{value}}”',
        eboxModule: 'No module with name or code “{{value}}”',
        ebox: 'No e-box with code or name “{{value}}”',
        cluster: 'No cluster named “{{value}}”',
        compartimentLayout: 'No compartment layout with code or name “{{value}}”',
      },
      several: {
        default: 'Several {{label}} records named “{{value}}”: use the id',
        company: 'Several companies named “{{value}}”: use the external id or the id',
        group: 'Several groups named “{{value}}”: use the id',
        building: 'Several buildings named “{{value}}”: use the external id or the id',
        buildingLevel1: 'Several levels 1 named “{{value}}”: use the id',
        buildingLevel2: 'Several levels 2 named “{{value}}”: use the id',
        customer: 'Several customers with name, e-mail or document “{{value}}”: use the e-mail or the id',
        role: 'Several roles named “{{value}}”: use the id',
        eboxModule: 'Several modules with name or code “{{value}}”: use the code or the id',
        ebox: 'Several e-boxes with code or name “{{value}}”: use the code or the id',
        cluster: 'Several clusters named “{{value}}”: use the id',
        compartimentLayout: 'Several compartment layouts with code or name “{{value}}”: use the code or the id',
      },
    },
  },
  kit: {
    importer: {
      accepts: {
        text: 'Text',
        textMax: 'Text, up to {{max}} characters',
        email: 'E-mail',
        url: 'Address (https://...)',
        number: 'Number',
        integer: 'Whole number',
        boolean: 'Yes/No',
        dateTime: 'DD/MM/YYYY HH:mm',
        dateRange: 'Two dates DD/MM/YYYY HH:mm',
        enum: 'One of: {{values}}',
        enumMultiple: 'One or more of (comma separated): {{values}}',
        relation: '{{entity}}: {{keys}} or id',
        relationMultiple: '{{entity}}: {{keys}} or id, several separated by commas',
        stringList: 'Words separated by spaces',
        files: 'File addresses, separated by spaces',
        required: 'required',
      },
      byNames:
        'A spreadsheet exported from the list can be imported too: columns are recognised by their title, and related records (company, role...) by name or id, regardless of case and accents. The template’s second row says what each column accepts.',
      groupedRows:
        'Rows with the same {{column}} make one record: their {{lists}} follow one another in row order (a cell may also list several, separated by commas)',
      groupDisagrees: 'Rows {{lines}} (“{{value}}”) give different values for {{column}}',
      acceptsRow: 'What each column accepts (this row is skipped on import)',
      missingColumns: 'The spreadsheet lacks required columns: {{columns}}',
      templateOtherEntity: 'This spreadsheet is the import template of {{other}}, not of {{entity}}. Download the template of {{entity}}',
      templateOutdated:
        'This template of {{entity}} is from an older version of its columns. Download the template again and copy your rows into it',
      invalidFileColumns: 'No column of the spreadsheet matches {{entity}}. Use the template or a spreadsheet exported by the console',
      imported: 'Imported',
      failed: 'Failed',
      pending: 'Pending',
      downloadFailed: 'Download failed rows',
      failedFileName: '{{entity}}_failed_rows.xlsx',
      errorColumn: 'Error',
      lineColumn: 'Line',
      progressLabel: '{{imported}} of {{total}} imported',
    },
  },
};
