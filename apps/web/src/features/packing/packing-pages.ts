/** The packing's three screens in one chunk, loaded by one import() (each import() adds to the first screen's JavaScript). */
export { PackingListPage } from './packing-list-page';
export { PackingNewPage } from './packing-new-page';
export { PackingViewPage } from './packing-view-page';
