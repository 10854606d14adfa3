import { registerEntityHooks } from '../../kit/service';
import { AppError } from '../../platform/errors';

/**
 * Role rules beyond the generic resource: predefined roles (spec 6) keep their name and cannot be
 * removed. (A removed custom role leaves its users through the kit's array references.)
 */
export function registerRoleRules(): void {
  registerEntityHooks('role', {
    async beforeWrite(_tx, { before, data }) {
      if (before?.predefined && data.name !== undefined && data.name !== before.name) {
        throw new AppError(400, 'role.errors.predefinedRename');
      }
    },
    async beforeDelete(_tx, { rows }) {
      if (rows.some((row) => row.predefined)) throw new AppError(400, 'role.errors.predefinedDelete');
    },
  });
}
