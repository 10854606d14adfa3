// The terminal software's pages share one chunk and one import() (app/entity-pages.ts).

export { ReleaseViewPage } from './release-view-page';
export { TerminalUiVersionFormPage } from './terminal-ui-version-form-page';
