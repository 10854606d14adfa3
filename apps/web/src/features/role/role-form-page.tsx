import { EntityFormPage } from '../../kit/form/entity-form-page';
import { PermissionPicker } from './permission-picker';

const inputs = { permissions: PermissionPicker };

/** /role/new and /role/:id/edit: the kit's form with the grouped permission list; a predefined role keeps its name. */
export function RoleFormPage() {
  return <EntityFormPage inputs={inputs} disabledFieldsOf={(record) => (record.predefined ? ['name'] : [])} />;
}
