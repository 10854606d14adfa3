import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { EntityFormPage } from '../../kit/form/entity-form-page';
import { PermissionPicker } from './permission-picker';
import { RoleDescriptionInput, RoleNameInput } from './role-texts';

const inputs = { name: RoleNameInput, description: RoleDescriptionInput, permissions: PermissionPicker };

/** /role/new and /role/:id/edit: the kit's form with the grouped permission list; a predefined role keeps its name. */
export function RoleFormPage() {
  const { t } = useTranslation();
  return (
    <EntityFormPage
      inputs={inputs}
      disabledFieldsOf={(record) => (record.predefined ? ['name'] : [])}
      noticeOf={(record) =>
        record.predefined ? <Alert type="info" showIcon title={t('role.predefinedHint')} style={{ marginBottom: 16 }} /> : null
      }
    />
  );
}
