import { APP_TERMINAL_PERMISSIONS, PERMISSIONS, type Permission, TERMINAL_SIDE_PERMISSIONS } from '../permissions';

/**
 * How the permission registry is grouped for people: the role form lists permissions per entity
 * with a select-all, and the permission translations are built from the same split (entity +
 * action), so a permission added to the registry is grouped and labelled without another list.
 */
export const PERMISSION_ACTIONS = ['Read', 'Create', 'Edit', 'Destroy', 'Import', 'Autocomplete'] as const;
export type PermissionAction = (typeof PERMISSION_ACTIONS)[number];

/** Permissions whose name does not end in an action; each has its own wording. */
const SPECIAL_GROUPS: Partial<Record<Permission, string>> = {
  iamUserAutocomplete: 'iam',
  auditLogRead: 'auditLog',
  settingsEdit: 'settings',
  paymentExport: 'payment',
  orderResendSMS: 'order',
  orderUpdateOverdue: 'order',
  orderUpdateStatus: 'order',
  orderQrcode: 'order',
  orderExport: 'order',
  orderInbound: 'order',
  generateTag: 'order',
  invoiceRead: 'order',
  companyUserCreate: 'company',
  roleUserCreate: 'role',
  eboxReboot: 'ebox',
  eboxRestartApp: 'ebox',
  eboxSync: 'ebox',
  compartimentOpen: 'compartiment',
  compartimentLock: 'compartiment',
  filterEbox: 'filters',
  filterCluster: 'filters',
  filterType: 'filters',
  filterReferenceNumber: 'filters',
  uploadFiles: 'files',
  // The rights of the people at a locker's screen, in two groups of their own (spec 6).
  ...Object.fromEntries(TERMINAL_SIDE_PERMISSIONS.map((permission) => [permission, 'terminalSide'])),
  ...Object.fromEntries(APP_TERMINAL_PERMISSIONS.map((permission) => [permission, 'appTerminal'])),
};

export type PermissionParts = { group: string; action: PermissionAction | null };

export function permissionPartsOf(permission: Permission): PermissionParts {
  const special = SPECIAL_GROUPS[permission];
  if (special) return { group: special, action: null };
  for (const action of PERMISSION_ACTIONS) {
    if (permission.endsWith(action) && permission.length > action.length) {
      return { group: permission.slice(0, -action.length), action };
    }
  }
  return { group: 'other', action: null };
}

const ACTION_ORDER = new Map<string, number>(PERMISSION_ACTIONS.map((action, index) => [action, index]));

export type PermissionGroup = { group: string; permissions: Permission[] };

/** Groups in registry order; inside a group the CRUD actions come first (read, create, ...), then the special ones. */
export function groupPermissions(permissions: readonly Permission[] = PERMISSIONS): PermissionGroup[] {
  const groups = new Map<string, Permission[]>();
  for (const permission of permissions) {
    const { group } = permissionPartsOf(permission);
    groups.set(group, [...(groups.get(group) ?? []), permission]);
  }
  const rank = (permission: Permission) => {
    const { action } = permissionPartsOf(permission);
    return action ? (ACTION_ORDER.get(action) ?? 0) : PERMISSION_ACTIONS.length;
  };
  return [...groups].map(([group, list]) => ({ group, permissions: [...list].sort((a, b) => rank(a) - rank(b)) }));
}
