import { EntityViewPage } from '../../kit/view/entity-view-page';
import { PermissionList } from './permission-list';

const displays = { permissions: PermissionList };

/** /role/:id: the kit's view with the permissions grouped and described. */
export function RoleViewPage() {
  return <EntityViewPage displays={displays} />;
}
