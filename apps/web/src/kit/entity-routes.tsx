import { ENTITIES, type EntityDeclaration, offersCreate, permissionOf } from '@ebox/domain';
import type { RouteObject } from 'react-router';
import type { EntityPages, PageKind, PageLoader } from './entity-pages';
import { startFirstPage } from './list/first-page';
import type { EntityRouteHandle } from './route-entity';
import { nestedScreenOf, returnsToOrder, screenBaseOf } from './screens';

/**
 * The private routes of every declared entity (spec 2.6), generated from ENTITIES: list, new,
 * importer (unless noImport), edit and view, each guarded by the entity's permission through
 * `handle.permission`. Entities whose screens differ from the kit swap in the pages the app
 * registers (EntityPages); IAM's own screens are the app's routes. Every page is loaded lazily as
 * its own chunk.
 */

/**
 * The kit's screens. The list is the app's to load (`kitListPage`): it comes with the private
 * layout in one chunk (app/console-pages.ts), since a list opened first needs both.
 */
function kitPagesWith(kitListPage: PageLoader): Record<PageKind, PageLoader> {
  // One loader for both: each import() call in the bundle carries its chunk's list of dependencies.
  const loadFormPage = () => import('./form/entity-form-page').then((m) => m.EntityFormPage);
  return {
    list: kitListPage,
    new: loadFormPage,
    edit: loadFormPage,
    importer: () => import('./importer/entity-importer-page').then((m) => m.EntityImporterPage),
    view: () => import('./view/entity-view-page').then((m) => m.EntityViewPage),
  };
}

const ACTION_OF: Record<PageKind, Parameters<typeof permissionOf>[1]> = {
  list: 'Read',
  new: 'Create',
  importer: 'Import',
  edit: 'Edit',
  view: 'Read',
};

function entityRoute(
  entity: EntityDeclaration,
  kind: PageKind,
  path: string,
  pages: EntityPages,
  kitPages: Record<PageKind, PageLoader>,
): RouteObject {
  const own = pages[entity.name];
  const load = own?.[kind] ?? kitPages[kind];
  const handle: EntityRouteHandle = { permission: permissionOf(entity, ACTION_OF[kind]), entity: entity.name };
  if (kind === 'list' && (!own?.list || own.kitListInside)) {
    // The kit's list asks its first page as the console starts (first-page.ts, router.tsx).
    handle.startFirstRequests = (url) => startFirstPage(entity, url);
  }
  return {
    path,
    handle,
    lazy: async () => ({ Component: await load() }),
  };
}

function routesOf(entity: EntityDeclaration, pages: EntityPages, kitPages: Record<PageKind, PageLoader>): RouteObject[] {
  const base = screenBaseOf(entity);
  const nested = nestedScreenOf(entity);
  const route = (kind: PageKind, path: string) => entityRoute(entity, kind, path, pages, kitPages);
  const routes: RouteObject[] = [];
  // Nested records are listed on their parent's page (spec 2.6 gives them no list route).
  if (!nested) routes.push(route('list', base));
  // A record only the system makes (a payment) has no form to make one.
  if (offersCreate(entity)) routes.push(route('new', nested ? `${base}/new/:${nested.param}` : `${base}/new`));
  if (!entity.noImport) routes.push(route('importer', `${base}/importer`));
  routes.push(route('edit', returnsToOrder(entity) ? `${base}/:id/edit/:idOrder?` : `${base}/:id/edit`));
  routes.push(route('view', `${base}/:id`));
  return routes;
}

/** The routes of every declared entity but IAM's users (not a generic resource, spec 7.2: the app routes their screens). */
export function buildEntityRoutes(pages: EntityPages, kitListPage: PageLoader): RouteObject[] {
  const kitPages = kitPagesWith(kitListPage);
  return Object.values(ENTITIES)
    .filter((entity) => entity.path !== 'iam')
    .flatMap((entity) => routesOf(entity, pages, kitPages));
}
