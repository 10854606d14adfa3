import { EntityList } from '../../kit/list/entity-list';
import { useRouteEntity } from '../../kit/route-entity';
import { RoleDescription, useIsManageableRole } from './role-texts';

const displays = { description: RoleDescription };

/** /role: the kit's list, with predefined roles translated and offering neither edit nor delete. */
export function RoleListPage() {
  const entity = useRouteEntity();
  const isManageable = useIsManageableRole();
  return <EntityList entity={entity} displays={displays} isDestroyable={isManageable} isEditable={isManageable} />;
}
