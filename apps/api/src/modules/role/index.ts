import type { AppModule } from '../../platform/modules';
import { rolePolicy } from './policy';

/** Roles: the rules that keep predefined roles as shipped. */
export const roleModule: AppModule = { name: 'role', entities: { policies: { role: rolePolicy } } };
