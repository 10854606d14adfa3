import { EntityFormPage } from '../../kit/form/entity-form-page';
import { PermissionPicker } from './permission-picker';
import { RoleDescriptionInput, RoleNameInput, useIsManageableRole } from './role-texts';

const inputs = { name: RoleNameInput, description: RoleDescriptionInput, permissions: PermissionPicker };

/**
 * /role/new and /role/:id/edit: the kit's form with the grouped permission list. A role the caller
 * may not change (a predefined one, typed into the address bar) opens as its view page.
 */
export function RoleFormPage() {
  const isManageable = useIsManageableRole();
  return <EntityFormPage inputs={inputs} isEditable={isManageable} />;
}
