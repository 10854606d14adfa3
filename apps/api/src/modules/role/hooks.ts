import { sql } from 'drizzle-orm';
import { registerEntityHooks } from '../../kit/service';
import { user } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';

/**
 * Role rules beyond the generic resource: predefined roles (spec 6) keep their name and cannot be
 * removed; a removed custom role is taken away from its users in the same transaction.
 */
export function registerRoleRules(): void {
  registerEntityHooks('role', {
    async beforeWrite(_tx, { before, data }) {
      if (before?.predefined && data.name !== undefined && data.name !== before.name) {
        throw new AppError(400, 'role.errors.predefinedRename');
      }
    },
    async beforeDelete(tx, { rows }) {
      if (rows.some((row) => row.predefined)) throw new AppError(400, 'role.errors.predefinedDelete');
      for (const row of rows) {
        await tx
          .update(user)
          .set({ roles: sql`array_remove(${user.roles}, ${row.id}::uuid)` })
          .where(sql`${row.id}::uuid = ANY(${user.roles})`);
      }
    },
  });
}
