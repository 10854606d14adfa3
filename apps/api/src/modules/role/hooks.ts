import { permissionsNotHeld, permissionsOfRole } from '@ebox/domain';
import { registerEntityHooks } from '../../kit/service';
import type { CurrentUser } from '../../platform/auth/current-user';
import { AppError, fieldError } from '../../platform/errors';

/**
 * Role rules beyond the generic resource. Predefined roles (spec 6) are read-only and cannot be
 * removed. Changing a role changes what everyone holding it may do, so the rule IAM applies to
 * granting roles applies here too: a caller puts into a role only permissions they hold, changes
 * or removes only roles whose permissions they all hold (else they would lower its holders), and
 * never widens a role they hold themself. (A removed custom role leaves its users through the
 * kit's array references.)
 */
type StoredRole = { id?: unknown; name?: unknown; permissions?: unknown; predefined?: unknown };

function grantsOf(role: StoredRole) {
  return permissionsOfRole({ name: String(role.name ?? ''), permissions: (role.permissions as string[] | null) ?? [] });
}

function assertManageableRole(actor: CurrentUser, role: StoredRole): void {
  if (permissionsNotHeld(actor.permissions, grantsOf(role)).length) {
    throw new AppError(400, 'role.errors.notManageable', { role: role.name });
  }
}

export function registerRoleRules(): void {
  registerEntityHooks('role', {
    async beforeWrite(_tx, { actor, before, data }) {
      if (before?.predefined) throw new AppError(400, 'role.errors.predefinedReadOnly');
      if (before) assertManageableRole(actor, before);
      const previous = before ? grantsOf(before) : [];
      const next = data.permissions === undefined ? previous : grantsOf({ permissions: data.permissions });
      const notHeld = permissionsNotHeld(actor.permissions, next);
      if (notHeld.length) throw fieldError('permissions', 'role.errors.permissionsNotHeld', { permissions: notHeld.join(', ') });
      const holdsIt = before && actor.roles.some((role) => role.id === before.id);
      if (holdsIt && next.some((permission) => !previous.includes(permission))) {
        throw fieldError('permissions', 'role.errors.ownRoleWidened');
      }
    },
    async beforeDelete(_tx, { actor, rows }) {
      if (rows.some((row) => row.predefined)) throw new AppError(400, 'role.errors.predefinedDelete');
      for (const row of rows) assertManageableRole(actor, row);
    },
  });
}
