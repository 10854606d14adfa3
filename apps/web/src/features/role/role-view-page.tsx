import { EntityViewPage } from '../../kit/view/entity-view-page';
import { PermissionList } from './permission-list';
import { isDestroyableRole, RoleDescription } from './role-texts';

const displays = { permissions: PermissionList, description: RoleDescription };

/** /role/:id: the kit's view with the permissions grouped and described; a predefined role offers no delete. */
export function RoleViewPage() {
  return <EntityViewPage displays={displays} isDestroyable={isDestroyableRole} />;
}
