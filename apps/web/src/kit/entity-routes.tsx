import { ENTITIES, type EntityDeclaration, type Permission, permissionOf } from '@ebox/domain';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { startFirstPage } from './list/first-page';
import type { EntityRouteHandle } from './route-entity';
import { nestedScreenOf, returnsToOrder, screenBaseOf } from './screens';

/**
 * The private routes of every declared entity (spec 2.6), generated from ENTITIES: list, new,
 * importer (unless noImport), edit and view, each guarded by the entity's permission through
 * `handle.permission`. Entities whose screens differ from the kit (role, building, building
 * levels, module) swap in their own page; IAM has its own five screens. Every page is loaded
 * lazily as its own chunk.
 */

type PageKind = 'list' | 'new' | 'importer' | 'edit' | 'view';
/** A page reads its declaration from the route's handle (useRouteEntity). */
type EntityPage = ComponentType;
type PageLoader = () => Promise<EntityPage>;

const KIT_PAGES: Record<PageKind, PageLoader> = {
  list: () => import('../app/console-pages').then((m) => m.EntityListPage),
  new: () => import('./form/entity-form-page').then((m) => m.EntityFormPage),
  edit: () => import('./form/entity-form-page').then((m) => m.EntityFormPage),
  importer: () => import('./importer/entity-importer-page').then((m) => m.EntityImporterPage),
  view: () => import('./view/entity-view-page').then((m) => m.EntityViewPage),
};

/** Screens that differ from the kit's, by entity. */
const FEATURE_PAGES: Record<string, Partial<Record<PageKind, PageLoader>>> = {
  role: {
    list: () => import('../features/role/role-list-page').then((m) => m.RoleListPage),
    new: () => import('../features/role/role-form-page').then((m) => m.RoleFormPage),
    edit: () => import('../features/role/role-form-page').then((m) => m.RoleFormPage),
    view: () => import('../features/role/role-view-page').then((m) => m.RoleViewPage),
  },
  building: {
    view: () => import('../features/building/building-view-page').then((m) => m.BuildingViewPage),
  },
  buildingLevel1: {
    view: () => import('../features/building/building-level1-view-page').then((m) => m.BuildingLevel1ViewPage),
  },
  buildingLevel2: {
    view: () => import('../features/building/building-level2-view-page').then((m) => m.BuildingLevel2ViewPage),
  },
  eboxModule: {
    view: () => import('../features/ebox-module/ebox-module-view-page').then((m) => m.EboxModuleViewPage),
  },
  ebox: {
    list: () => import('../features/ebox/ebox-list-page').then((m) => m.EboxListPage),
    new: () => import('../features/ebox/ebox-form-page').then((m) => m.EboxFormPage),
    edit: () => import('../features/ebox/ebox-form-page').then((m) => m.EboxFormPage),
    view: () => import('../features/ebox/ebox-view-page').then((m) => m.EboxViewPage),
  },
  cluster: {
    view: () => import('../features/cluster/cluster-view-page').then((m) => m.ClusterViewPage),
  },
  order: {
    list: () => import('../features/order/order-list-page').then((m) => m.OrderListPage),
    view: () => import('../features/order/order-view-page').then((m) => m.OrderViewPage),
  },
};

/**
 * Whether the kit's create form alone makes a record of the entity, so a relation select may offer
 * it in a dialog: not for an entity with its own form (role) nor one created under its parent.
 */
export function hasKitCreateForm(entity: EntityDeclaration): boolean {
  return !FEATURE_PAGES[entity.name]?.new && !nestedScreenOf(entity);
}

const ACTION_OF: Record<PageKind, Parameters<typeof permissionOf>[1]> = {
  list: 'Read',
  new: 'Create',
  importer: 'Import',
  edit: 'Edit',
  view: 'Read',
};

/** Feature list pages that show the kit's URL-backed list as it is (with more around it): its first page can start early too. */
const KIT_LIST_INSIDE: ReadonlySet<string> = new Set(['order']);

function entityRoute(entity: EntityDeclaration, kind: PageKind, path: string): RouteObject {
  const load = FEATURE_PAGES[entity.name]?.[kind] ?? KIT_PAGES[kind];
  const handle: EntityRouteHandle = { permission: permissionOf(entity, ACTION_OF[kind]), entity: entity.name };
  if (kind === 'list' && (!FEATURE_PAGES[entity.name]?.list || KIT_LIST_INSIDE.has(entity.name))) {
    // The kit's list asks its first page as the console starts (first-page.ts, router.tsx).
    handle.startFirstRequests = (url) => startFirstPage(entity, url);
  }
  return {
    path,
    handle,
    lazy: async () => ({ Component: await load() }),
  };
}

export function routesOf(entity: EntityDeclaration): RouteObject[] {
  const base = screenBaseOf(entity);
  const nested = nestedScreenOf(entity);
  const routes: RouteObject[] = [];
  // Nested records are listed on their parent's page (spec 2.6 gives them no list route).
  if (!nested) routes.push(entityRoute(entity, 'list', base));
  routes.push(entityRoute(entity, 'new', nested ? `${base}/new/:${nested.param}` : `${base}/new`));
  if (!entity.noImport) routes.push(entityRoute(entity, 'importer', `${base}/importer`));
  routes.push(entityRoute(entity, 'edit', returnsToOrder(entity) ? `${base}/:id/edit/:idOrder?` : `${base}/:id/edit`));
  routes.push(entityRoute(entity, 'view', `${base}/:id`));
  return routes;
}

type PageModule = { default: ComponentType };

function page(path: string, permission: Permission, load: () => Promise<PageModule>): RouteObject {
  return { path, handle: { permission } satisfies EntityRouteHandle, lazy: async () => ({ Component: (await load()).default }) };
}

/** Spec 2.6 /iam (+new, importer, :id/edit, :id); users are not a generic resource (spec 7.2). */
const iamRoutes: RouteObject[] = [
  page('/iam', 'iamRead', () => import('../features/iam/iam-list-page')),
  page('/iam/new', 'iamCreate', () => import('../features/iam/iam-new-page')),
  page('/iam/importer', 'iamImport', () => import('../features/iam/iam-importer-page')),
  page('/iam/:id/edit', 'iamEdit', () => import('../features/iam/iam-edit-page')),
  page('/iam/:id', 'iamRead', () => import('../features/iam/iam-view-page')),
];

/** Spec 2.6 /ebox/:id/clone: a new locker's form filled from this one. */
const eboxCloneRoute: RouteObject = {
  path: '/ebox/:id/clone',
  handle: { permission: 'eboxCreate', entity: 'ebox' } satisfies EntityRouteHandle,
  lazy: async () => ({ Component: (await import('../features/ebox/ebox-clone-page')).default }),
};

export const entityRoutes: RouteObject[] = [
  ...Object.values(ENTITIES)
    .filter((entity) => entity.path !== 'iam')
    .flatMap(routesOf),
  eboxCloneRoute,
  ...iamRoutes,
];
