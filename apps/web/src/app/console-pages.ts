/**
 * The private layout and the kit's list page behind one dynamic import: each dynamic import is a
 * file of its own before the chunk it points to (vite.config.ts, the `console` chunk), and a list
 * opened first needs both.
 */
export { EntityListPage } from '../kit/list/entity-list-page';
export { default as PrivateLayout } from './private-layout';
