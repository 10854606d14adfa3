import { type Permission, permissionsNotHeld, permissionsOfRole } from '@ebox/domain';
import { principalOf, type ServiceContext } from '../../platform/context';
import type { EntityPolicy } from '../../platform/entity-rules';
import { badRequest, fieldError } from '../../platform/errors';

/**
 * Role rules beyond the generic resource. Predefined roles (spec 6) are read-only and cannot be
 * removed. Changing a role changes what everyone holding it may do, so the rule IAM applies to
 * granting roles applies here too: a caller puts into a role only permissions they hold, changes
 * or removes only roles whose permissions they all hold (else they would lower its holders), and
 * never widens a role they hold themself. (A removed custom role leaves its users through the
 * kit's array references.) The rules ask the context, so a job obeys them as a person does.
 */
type StoredRole = { id?: unknown; name?: unknown; permissions?: unknown; predefined?: unknown };

function grantsOf(role: StoredRole): Permission[] {
  return permissionsOfRole({ name: String(role.name ?? ''), permissions: (role.permissions as string[] | null) ?? [] });
}

function assertManageableRole(held: readonly Permission[], role: StoredRole): void {
  if (permissionsNotHeld(held, grantsOf(role)).length) throw badRequest('role.errors.notManageable', { role: role.name });
}

/** The roles the actor holds: only people hold roles. */
function rolesHeldBy(ctx: ServiceContext): string[] {
  return ctx.actor.kind === 'user' ? ctx.actor.user.roles.map((role) => role.id) : [];
}

export const rolePolicy: EntityPolicy = {
  beforeWrite(ctx, { before, data }) {
    const held = principalOf(ctx.actor).permissions;
    if (before?.predefined) throw badRequest('role.errors.predefinedReadOnly');
    if (before) assertManageableRole(held, before);
    const previous = before ? grantsOf(before) : [];
    const next = data.permissions === undefined ? previous : grantsOf({ permissions: data.permissions });
    const notHeld = permissionsNotHeld(held, next);
    if (notHeld.length) throw fieldError('permissions', 'role.errors.permissionsNotHeld', { permissions: notHeld.join(', ') });
    if (before && rolesHeldBy(ctx).includes(before.id) && next.some((permission) => !previous.includes(permission))) {
      throw fieldError('permissions', 'role.errors.ownRoleWidened');
    }
  },
  beforeDelete(ctx, { rows }) {
    if (rows.some((row) => row.predefined)) throw badRequest('role.errors.predefinedDelete');
    const held = principalOf(ctx.actor).permissions;
    for (const row of rows) assertManageableRole(held, row);
  },
};
