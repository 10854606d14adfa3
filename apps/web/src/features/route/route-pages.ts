// The route's form and view share one chunk and one import() (app/entity-pages.ts).
export { RouteFormPage } from './route-form-page';
export { RouteViewPage } from './route-view-page';
