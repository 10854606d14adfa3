import { EntityList } from '../../kit/list/entity-list';
import { useRouteEntity } from '../../kit/route-entity';
import { isDestroyableRole, RoleDescription } from './role-texts';

const displays = { description: RoleDescription };

/** /role: the kit's list, with predefined roles translated and offering no delete. */
export function RoleListPage() {
  const entity = useRouteEntity();
  return <EntityList entity={entity} displays={displays} isDestroyable={isDestroyableRole} />;
}
