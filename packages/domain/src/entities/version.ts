import { defineEntity } from '../kit/entity';

/** The operating systems a terminal application is built for (spec 3: osApplication). */
export const OS_APPLICATIONS = ['windows', 'linux', 'mac'] as const;

/**
 * A version of the terminal application (spec 3 "version"), listed at /versions. Spec 2.6 guards
 * the terminal submenu's /versions with the terminalUiVersion permissions, so it borrows them
 * (docs/decisions.md "Terminal software (issue 31)").
 */
export const version = defineEntity({
  name: 'version',
  path: 'versions',
  table: 'terminal_version',
  labelField: 'identification',
  naturalKey: ['identification'],
  permissionPrefix: 'terminalUiVersion',
  scope: { kind: 'company', field: 'company' },
  fields: {
    identification: { type: 'text', required: true, max: 255 },
    name: { type: 'text', max: 255 },
    /** Compared as a version: 1.10.0 comes after 1.9.2. */
    versionNumber: { type: 'text', max: 39, matches: 'version' },
    osApplication: { type: 'enum', options: OS_APPLICATIONS },
    company: { type: 'relation', entity: 'company', required: true },
    /** Where a terminal downloads this version. */
    download: { type: 'text', max: 2048, url: true },
    description: { type: 'text', required: true, max: 21845, multiline: true },
    /** The build a release sends (a file the console stored); its digest is computed at registration. */
    file: { type: 'files', max: 1 },
    /** Computed by the server from the stored file when it is attached (hex), like a terminal UI build's. */
    sha256: { type: 'text', length: 64, readOnly: true, hideInForm: true },
    sizeInBytes: { type: 'number', readOnly: true, hideInForm: true },
  },
  listColumns: ['identification', 'name', 'versionNumber', 'osApplication', 'company', 'createdAt'],
  filters: ['identification', 'name', 'versionNumber', 'osApplication', 'company', 'createdAt'],
  importColumns: ['identification', 'name', 'versionNumber', 'osApplication', 'company', 'download', 'description'],
  defaultOrderBy: 'versionNumber_DESC',
});
