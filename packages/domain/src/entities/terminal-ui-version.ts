import { defineEntity } from '../kit/entity';

/**
 * The largest terminal UI build the console accepts: the local store refuses a PUT past it, and a
 * registration refuses an object in S3 past it (a presigned PUT cannot bound its size).
 */
export const TERMINAL_UI_BUILD_MAX_BYTES = 200 * 1024 * 1024;

/**
 * A build of the terminal's UI (spec 3 "terminalUiVersion"), uploaded as spec 7.4 says: the browser
 * PUTs the bytes to a signed URL (POST /upload/terminalUiVersion), then registers the build with
 * `keyS3` and `file` (the stored file's id). The server reads the build once at registration and
 * keeps its SHA-256 and size; an update changes only identification, description and company.
 */
export const terminalUiVersion = defineEntity({
  name: 'terminalUiVersion',
  path: 'terminalUiVersion',
  table: 'terminal_ui_version',
  labelField: 'identification',
  naturalKey: ['identification'],
  scope: { kind: 'company', field: 'company' },
  fields: {
    identification: { type: 'text', required: true, max: 255 },
    description: { type: 'text', required: true, max: 21845, multiline: true },
    company: { type: 'relation', entity: 'company', required: true },
    /** The storage key the upload answered (`Key`); required by the create (modules/terminal-software). */
    keyS3: { type: 'text', max: 1024, hideInForm: true },
    /** The uploaded file's id (`File.id`). */
    file: { type: 'text', max: 36, hideInForm: true },
    fileName: { type: 'text', max: 255, readOnly: true, hideInForm: true },
    /** Computed by the server from the stored bytes at registration (hex). */
    sha256: { type: 'text', length: 64, readOnly: true, hideInForm: true },
    sizeInBytes: { type: 'number', readOnly: true, hideInForm: true },
  },
  listColumns: ['identification', 'description', 'company', 'fileName', 'sizeInBytes', 'createdAt'],
  filters: ['identification', 'description', 'company', 'createdAt'],
  importColumns: [],
  noImport: true,
});
