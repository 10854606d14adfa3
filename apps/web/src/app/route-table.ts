import type { Permission } from '@ebox/domain';
import type { ComponentType } from 'react';

/**
 * The console's own pages (not the entities', see app/entity-routes.ts), as data: router.tsx turns
 * them into routes, and the browser suite (e2e/accessibility.test.ts) visits every one of them, so
 * a page added here is checked without anyone adding it to a test. No component is imported here:
 * the table must load in Node, where the pages' modules (i18n, local storage) cannot.
 */

/**
 * What a private route declares; the route guard reads the deepest matched route's handle.
 * `startFirstRequests` asks the page's first data as the console starts (see startRouteRequests).
 */
export type RouteHandle = { permission?: Permission; startFirstRequests?: (url: URL) => void };

export type PageModule = { default: ComponentType };

/**
 * Who may open a page: `public` only a visitor without a session (sign-in sends a signed-in user
 * home), `emailUnverified` and `emptyPermissions` only a user in that state, `open` anyone,
 * `private` a signed-in user (with the handle's permission).
 */
export type PageAccess = 'public' | 'emailUnverified' | 'emptyPermissions' | 'open' | 'private';

export type PageDeclaration = {
  /** Absolute for every access but `private`, whose paths are relative to the private layout's `/`. */
  path: string;
  access: PageAccess;
  load: () => Promise<PageModule>;
  handle?: RouteHandle;
  /** True for the private layout's index route (the home page). */
  index?: boolean;
};

export const SIGN_IN_PATH = '/auth/signin';

export const PAGES: PageDeclaration[] = [
  { path: SIGN_IN_PATH, access: 'public', load: () => import('../features/auth/sign-in-page') },
  { path: '/auth/signup', access: 'public', load: () => import('../features/auth/sign-up-page') },
  { path: '/auth/forgot-password', access: 'public', load: () => import('../features/auth/forgot-password-page') },
  { path: '/auth/email-unverified', access: 'emailUnverified', load: () => import('../features/auth/email-unverified-page') },
  { path: '/auth/empty-permissions', access: 'emptyPermissions', load: () => import('../features/auth/empty-permissions-page') },
  { path: '/auth/password-reset', access: 'open', load: () => import('../features/auth/password-reset-page') },
  { path: '/auth/verify-email', access: 'open', load: () => import('../features/auth/verify-email-page') },
  { path: '/auth/account-created', access: 'open', load: () => import('../features/auth/account-created-page') },
  { path: '/403', access: 'open', load: () => import('../features/errors/forbidden-page') },
  { path: '/500', access: 'open', load: () => import('../features/errors/server-error-page') },
  // The home dashboard (issue 28); a user without orderRead is sent to /success-signin (route-guard.tsx).
  {
    path: '',
    index: true,
    access: 'private',
    handle: { permission: 'orderRead' },
    load: () => import('../features/dashboard/dashboard-page'),
  },
  { path: 'success-signin', access: 'private', load: () => import('./success-sign-in-page') },
  { path: 'profile', access: 'private', load: () => import('../features/profile/profile-page') },
  { path: 'settings', access: 'private', handle: { permission: 'settingsEdit' }, load: () => import('../features/settings/settings-page') },
  {
    path: 'audit-logs',
    access: 'private',
    handle: { permission: 'auditLogRead' },
    load: () => import('../features/audit-log/audit-log-page'),
  },
  { path: 'outbox', access: 'private', handle: { permission: 'settingsEdit' }, load: () => import('../features/outbox/outbox-page') },
  {
    path: 'order-message',
    access: 'private',
    handle: { permission: 'orderRead' },
    load: () => import('../features/message/message-log-page'),
  },
  // Issue 31: how many lockers run each version (beside the releases in the Terminal menu).
  {
    path: 'release/fleet',
    access: 'private',
    handle: { permission: 'terminalUiReleaseRead' },
    load: () => import('../features/terminal-software/fleet-page'),
  },
];

/** Any address no page knows. */
export const loadNotFoundPage = () => import('../features/errors/not-found-page');
