import type { Permission } from '@ebox/domain';
import { type ComponentType, lazy, Suspense } from 'react';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { entityRoutes } from '../kit/entity-routes';
import { getToken } from './api-client';
import { PageLoading } from './page-loading';
import type { SignInState } from './route-guard';

/**
 * What a private route declares; the route guard reads the deepest matched route's handle.
 * `startFirstRequests` asks the page's first data as the console starts (see startRouteRequests).
 */
export type RouteHandle = { permission?: Permission; startFirstRequests?: (url: URL) => void };

type PageModule = { default: ComponentType };

/** Every page is its own chunk (antd alone is heavy: spec pages must not share one bundle). */
function page(load: () => Promise<PageModule>): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: (await load()).default }) };
}

const publicRoutes: RouteObject[] = [
  { path: '/auth/signin', ...page(() => import('../features/auth/sign-in-page')) },
  { path: '/auth/signup', ...page(() => import('../features/auth/sign-up-page')) },
  { path: '/auth/forgot-password', ...page(() => import('../features/auth/forgot-password-page')) },
];

const openRoutes: RouteObject[] = [
  { path: '/auth/password-reset', ...page(() => import('../features/auth/password-reset-page')) },
  { path: '/auth/verify-email', ...page(() => import('../features/auth/verify-email-page')) },
  { path: '/auth/account-created', ...page(() => import('../features/auth/account-created-page')) },
  { path: '/403', ...page(() => import('../features/errors/forbidden-page')) },
  { path: '/500', ...page(() => import('../features/errors/server-error-page')) },
];

const privateRoutes: RouteObject[] = [
  { index: true, handle: { permission: 'orderRead' } satisfies RouteHandle, ...page(() => import('./home-page')) },
  { path: 'success-signin', ...page(() => import('./success-sign-in-page')) },
  { path: 'profile', ...page(() => import('../features/profile/profile-page')) },
  {
    path: 'settings',
    handle: { permission: 'settingsEdit' } satisfies RouteHandle,
    ...page(() => import('../features/settings/settings-page')),
  },
  {
    path: 'audit-logs',
    handle: { permission: 'auditLogRead' } satisfies RouteHandle,
    ...page(() => import('../features/audit-log/audit-log-page')),
  },
  { path: 'outbox', handle: { permission: 'settingsEdit' } satisfies RouteHandle, ...page(() => import('../features/outbox/outbox-page')) },
  ...entityRoutes,
];

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

export const routes: RouteObject[] = [
  {
    // Anything a page throws while rendering or loading (a lost chunk after a deploy) shows the 500 page.
    ErrorBoundary: RouteErrorBoundary,
    hydrateFallbackElement: <PageLoading />,
    children: [
      {
        lazy: async () => ({ Component: (await import('./route-guard')).PublicOnly }),
        children: publicRoutes,
      },
      {
        path: '/auth/email-unverified',
        lazy: async () => ({ Component: (await import('./route-guard')).EmailUnverifiedOnly }),
        children: [{ index: true, ...page(() => import('../features/auth/email-unverified-page')) }],
      },
      {
        path: '/auth/empty-permissions',
        lazy: async () => ({ Component: (await import('./route-guard')).EmptyPermissionsOnly }),
        children: [{ index: true, ...page(() => import('../features/auth/empty-permissions-page')) }],
      },
      ...openRoutes,
      {
        id: PRIVATE_ROUTE_ID,
        path: '/',
        lazy: async () => ({ Component: (await import('./private-layout')).default }),
        children: privateRoutes,
      },
      { path: '*', ...page(() => import('../features/errors/not-found-page')) },
    ],
  },
];

/**
 * A visit to a private page without a stored session goes to sign-in before the router starts: the
 * router fetches the chunks of every route it matches at once, so the private layout's guard would
 * turn the visitor away only after the layout's and the page's chunks were loaded for nothing.
 */
function sendSignedOutVisitToSignIn(): void {
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
export function startRouteRequests(): void {
  if (!getToken()) return;
  const url = new URL(window.location.href);
  for (const match of matchRoutes(routes, url) ?? []) {
    const handle: RouteHandle | undefined = match.route.handle;
    handle?.startFirstRequests?.(url);
  }
}

export function createRouter() {
  sendSignedOutVisitToSignIn();
  return createBrowserRouter(routes);
}
