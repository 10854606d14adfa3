import type { Permission } from '@ebox/domain';
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { entityRoutes } from '../kit/entity-routes';
import { PageLoading } from './page-loading';

/** What a private route declares; the route guard reads the deepest matched route's handle. */
export type RouteHandle = { permission?: Permission };

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

export const routes: RouteObject[] = [
  {
    // Anything a page throws while rendering or loading (a lost chunk after a deploy) shows the 500 page.
    lazy: async () => ({ ErrorBoundary: (await import('./route-error-boundary')).default }),
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
        path: '/',
        lazy: async () => ({ Component: (await import('./private-layout')).default }),
        children: privateRoutes,
      },
      { path: '*', ...page(() => import('../features/errors/not-found-page')) },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
