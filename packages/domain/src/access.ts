import type { Permission } from './permissions';
import { hasPermission } from './permissions';

/** The shape of GET /auth/me that access decisions need. */
export type SessionUser = {
  id: string;
  email: string;
  emailVerified: boolean;
  roles: { id: string; name: string }[];
  permissions: Permission[];
};

export type AccessState = 'unauthenticated' | 'emailUnverified' | 'emptyPermissions' | 'permitted';

/** Spec 4.1 / 6: the four access states of a session, in the order the route guard checks them. */
export function accessStateOf(user: SessionUser | null | undefined): AccessState {
  if (!user?.id) return 'unauthenticated';
  if (!user.emailVerified) return 'emailUnverified';
  if (user.roles.length === 0) return 'emptyPermissions';
  return 'permitted';
}

export function userCan(user: SessionUser | null | undefined, permission?: Permission | null): boolean {
  return hasPermission(user?.permissions, permission);
}

/** Spec 3 user display name: full name if shorter than 25 characters, else first name, else the email's local part. */
export function displayNameOf(user: { fullName?: string | null; firstName?: string | null; email: string }): string {
  if (user.fullName && user.fullName.length < 25) return user.fullName;
  if (user.firstName) return user.firstName;
  return user.email.split('@')[0] ?? user.email;
}
