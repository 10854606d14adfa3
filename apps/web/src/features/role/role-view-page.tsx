import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { EntityViewPage } from '../../kit/view/entity-view-page';
import { PermissionList } from './permission-list';
import { RoleDescription, useIsManageableRole } from './role-texts';

const displays = { permissions: PermissionList, description: RoleDescription };

/** /role/:id: the kit's view with the permissions grouped and described; a predefined role is view only. */
export function RoleViewPage() {
  const { t } = useTranslation();
  const isManageable = useIsManageableRole();
  return (
    <EntityViewPage
      displays={displays}
      isDestroyable={isManageable}
      isEditable={isManageable}
      header={(record) => (record.predefined ? <Alert type="info" showIcon title={t('role.predefinedHint')} /> : null)}
    />
  );
}
