/** The inbound's two screens in one chunk, loaded by one import() (each import() adds to the first screen's JavaScript). */
export { InboundFormPage } from './inbound-form-page';
export { InboundViewPage } from './inbound-view-page';
