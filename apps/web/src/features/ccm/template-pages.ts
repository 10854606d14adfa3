/**
 * The pages of the templates people write (issue 27, item 6), loaded together by app/entity-pages.ts:
 * message templates (ccm) and QR-code templates share the editor, its preview and its variables.
 */
export { CcmFormPage } from './ccm-form-page';
export { CcmViewPage } from './ccm-view-page';
export { QrcodeTemplateFormPage } from './qrcode-template-form-page';
export { QrcodeTemplateViewPage } from './qrcode-template-view-page';
