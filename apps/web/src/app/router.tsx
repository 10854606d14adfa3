import { type ComponentType, lazy, Suspense } from 'react';
import { createBrowserRouter, matchRoutes, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router';
import SignInPage from '../features/auth/sign-in-page';
import { getToken } from './api-client';
import { FocusKeeper } from './focus';
import { loadConsoleMessages } from './i18n';
import { PageLoading } from './page-loading';
import { EmailUnverifiedOnly, EmptyPermissionsOnly, PublicOnly, type SignInState } from './route-guard';
import {
  loadNotFoundPage,
  PAGES,
  type PageAccess,
  type PageDeclaration,
  type PageModule,
  type RouteHandle,
  SIGN_IN_PATH,
} from './route-table';

export type { RouteHandle } from './route-table';

/** Every page is its own chunk (antd alone is heavy: spec pages must not share one bundle). */
function page(load: () => Promise<PageModule>): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: (await load()).default }) };
}

function routeOf(declaration: PageDeclaration): RouteObject {
  // A visitor's first screen, in the chunk the entry imports (vite.config.ts, `public`): as a lazy
  // route of its own it was one more file to wait for before the form showed.
  if (declaration.path === SIGN_IN_PATH) return { path: SIGN_IN_PATH, Component: SignInPage };
  const lazyPage = { handle: declaration.handle, ...page(declaration.load) };
  return declaration.index ? { index: true, ...lazyPage } : { path: declaration.path, ...lazyPage };
}

function routesFor(access: PageAccess): RouteObject[] {
  return PAGES.filter((declaration) => declaration.access === access).map(routeOf);
}

/** A page only a user in one state may see, under the guard that sends everyone else away. */
function guardedRoute(access: 'emailUnverified' | 'emptyPermissions', Guard: ComponentType): RouteObject {
  const declaration = PAGES.find((candidate) => candidate.access === access);
  if (!declaration) throw new Error(`no ${access} page`);
  return { path: declaration.path, Component: Guard, children: [{ index: true, ...page(declaration.load) }] };
}

/**
 * The routes of the declared entities and of IAM (app/entity-routes.ts) are a chunk of their own:
 * building them takes every entity declaration (with the QR template's handlebars parser), which
 * a public page has no use for. They are in the table from the start when a session is stored,
 * and patched in on the first navigation that needs them otherwise (sign-in, then /customer).
 */
const loadEntityRoutes = () => import('./entity-routes').then((module) => module.entityRoutes);

const ErrorPage = lazy(() => import('./route-error-boundary'));

/** The error page's chunk (antd's Result and its pictures) loads when a page fails, not on every first screen. */
function RouteErrorBoundary() {
  return (
    <Suspense fallback={<PageLoading />}>
      <ErrorPage />
    </Suspense>
  );
}

/** The private layout's route: what a visit without a session must not load (see createRouter). */
const PRIVATE_ROUTE_ID = 'private';

function routesWith(entityRoutes: RouteObject[]): RouteObject[] {
  return [
    {
      // Anything a page throws while rendering or loading (a lost chunk after a deploy) shows the 500 page.
      ErrorBoundary: RouteErrorBoundary,
      // Where the focus goes after a navigation, on every page (focus.tsx).
      Component: FocusKeeper,
      hydrateFallbackElement: <PageLoading />,
      children: [
        { Component: PublicOnly, children: routesFor('public') },
        guardedRoute('emailUnverified', EmailUnverifiedOnly),
        guardedRoute('emptyPermissions', EmptyPermissionsOnly),
        ...routesFor('open'),
        {
          id: PRIVATE_ROUTE_ID,
          path: '/',
          // The console's messages come with its layout (a visitor signed out had only the public screens').
          lazy: async () => {
            const [pages] = await Promise.all([import('./console-pages'), loadConsoleMessages()]);
            return { Component: pages.PrivateLayout };
          },
          children: [...routesFor('private'), ...entityRoutes],
        },
        { path: '*', ...page(loadNotFoundPage) },
      ],
    },
  ];
}

/** The route table the console starts with; `entities` tells whether the entity routes are in it. */
export type RouteTable = { routes: RouteObject[]; entities: boolean };

/** True when no route but the not-found page matches the address. */
function onlyNotFoundMatches(routes: RouteObject[], location: Parameters<typeof matchRoutes>[1]): boolean {
  const matches = matchRoutes(routes, location);
  return !matches || matches[matches.length - 1]?.route.path === '*';
}

/**
 * With a stored session the table holds the entity routes from the start (the opened page is most
 * likely one, and its first page of data is asked before the router starts). Without one only an
 * address no other route knows needs them, to tell an entity's page (sign-in first) from an
 * unknown one (404); sign-in and the other public pages never load them.
 */
export async function loadRouteTable(): Promise<RouteTable> {
  const withoutEntities = routesWith([]);
  if (!getToken() && !onlyNotFoundMatches(withoutEntities, window.location)) return { routes: withoutEntities, entities: false };
  return { routes: routesWith(await loadEntityRoutes()), entities: true };
}

/**
 * A visit to a private page without a stored session goes to sign-in before the router starts: the
 * router fetches the chunks of every route it matches at once, so the private layout's guard would
 * turn the visitor away only after the layout's and the page's chunks were loaded for nothing.
 */
function sendSignedOutVisitToSignIn(routes: RouteObject[]): void {
  if (getToken()) return;
  const matches = matchRoutes(routes, window.location);
  if (!matches?.some((match) => match.route.id === PRIVATE_ROUTE_ID)) return;
  const { pathname, search, hash } = window.location;
  const state: SignInState = { from: `${pathname}${search}${hash}` };
  // What <Navigate state> writes: the router reads a location's state from history.state.usr.
  window.history.replaceState({ usr: state, key: 'default', idx: 0 }, '', '/auth/signin');
}

/**
 * With a stored session, the data the opened page shows first (a list's first page) is asked now,
 * beside the session and the chunks. Not from a route loader: the router runs loaders only once the
 * matched routes' lazy chunks are in, which put the list's request after them.
 */
export function startRouteRequests(routes: RouteObject[]): void {
  if (!getToken()) return;
  const url = new URL(window.location.href);
  for (const match of matchRoutes(routes, url) ?? []) {
    const handle: RouteHandle | undefined = match.route.handle;
    handle?.startFirstRequests?.(url);
  }
}

/** Adds the entity routes under the private layout once, on the first navigation to an address the table does not know. */
function patchEntityRoutesOnce(): PatchRoutesOnNavigationFunction {
  let patched = false;
  return async ({ path, patch }) => {
    if (patched || !onlyNotFoundMatches(routesWith([]), path)) return;
    const entityRoutes = await loadEntityRoutes();
    if (patched) return;
    patched = true;
    patch(PRIVATE_ROUTE_ID, entityRoutes);
  };
}

export function createRouter(table: RouteTable) {
  sendSignedOutVisitToSignIn(table.routes);
  return createBrowserRouter(table.routes, table.entities ? {} : { patchRoutesOnNavigation: patchEntityRoutesOnce() });
}
