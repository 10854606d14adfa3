import { isPermission, isPlainObject } from '@ebox/domain';
import type { ReactNode } from 'react';
import { Navigate, Outlet, type UIMatch, useLocation, useMatches, useNavigation } from 'react-router';
import { useCurrentUser } from './current-user';
import { PageLoading } from './page-loading';
import type { RouteHandle } from './route-table';

/** Where sign-in returns to: the page the guard turned the user away from (spec 2.4). */
export type SignInState = { from?: string };

export function originOf(state: unknown): string | undefined {
  const from = isPlainObject(state) ? state.from : undefined;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('/auth/') ? from : undefined;
}

/** The permission asked by the deepest matched route that declares one. */
export function requiredPermissionOf(matches: UIMatch[]): RouteHandle['permission'] {
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle;
    if (isPlainObject(handle) && 'permission' in handle) {
      const permission = handle.permission;
      return typeof permission === 'string' && isPermission(permission) ? permission : undefined;
    }
  }
  return undefined;
}

/**
 * Spec 2.4, in this order: not signed in -> sign-in (remembering the origin), email not verified,
 * no roles, then the page's own permission (/ sends a user without it to /success-signin).
 */
export function PrivateGuard({ children }: { children: ReactNode }) {
  const { user, isLoading, accessState, can } = useCurrentUser();
  const location = useLocation();
  const matches = useMatches();
  if (isLoading) return <PageLoading />;
  if (accessState === 'unauthenticated' || !user) {
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to="/auth/signin" replace state={{ from } satisfies SignInState} />;
  }
  if (accessState === 'emailUnverified') return <Navigate to="/auth/email-unverified" replace />;
  if (accessState === 'emptyPermissions') return <Navigate to="/auth/empty-permissions" replace />;
  if (!can(requiredPermissionOf(matches))) {
    return <Navigate to={location.pathname === '/' ? '/success-signin' : '/403'} replace />;
  }
  return children;
}

/** Sign-in, sign-up and forgot-password: a signed-in user goes home (or back where they came from). */
export function PublicOnly() {
  const { user, isLoading } = useCurrentUser();
  const location = useLocation();
  const navigation = useNavigation();
  if (isLoading) return <PageLoading />;
  // A page already leaving (sign-up on its way to /auth/account-created) keeps its own destination.
  if (user && navigation.state === 'idle') return <Navigate to={originOf(location.state) ?? '/'} replace />;
  return <Outlet />;
}

/** /auth/email-unverified is only for signed-in users whose email is not verified. */
export function EmailUnverifiedOnly() {
  const { isLoading, accessState } = useCurrentUser();
  if (isLoading) return <PageLoading />;
  if (accessState === 'unauthenticated') return <Navigate to="/auth/signin" replace />;
  if (accessState !== 'emailUnverified') return <Navigate to="/" replace />;
  return <Outlet />;
}

/** /auth/empty-permissions is only for signed-in, verified users who hold no role. */
export function EmptyPermissionsOnly() {
  const { isLoading, accessState } = useCurrentUser();
  if (isLoading) return <PageLoading />;
  if (accessState === 'unauthenticated') return <Navigate to="/auth/signin" replace />;
  if (accessState === 'emailUnverified') return <Navigate to="/auth/email-unverified" replace />;
  if (accessState !== 'emptyPermissions') return <Navigate to="/" replace />;
  return <Outlet />;
}
