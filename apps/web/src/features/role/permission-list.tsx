import { isPermission, stringsOf } from '@ebox/domain';
import './messages';
import { groupPermissions } from '@ebox/domain/i18n/permission-groups';
import { Descriptions, Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldDisplayProps } from '../../kit/fields/field-display';

/** A role's permissions on its view page: grouped by entity, each with its description on hover. */
export function PermissionList({ value }: FieldDisplayProps) {
  const { t } = useTranslation();
  const held = stringsOf(value).filter(isPermission);
  if (!held.length) return <Typography.Text type="secondary">{t('role.permissionPicker.none')}</Typography.Text>;
  const groups = groupPermissions(held);
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Text type="secondary">{t('role.permissionPicker.totalSelected', { count: held.length })}</Typography.Text>
      <Descriptions
        size="small"
        column={1}
        items={groups.map((group) => ({
          key: group.group,
          label: t(`permissions.groups.${group.group}`),
          children: (
            <Space size={[4, 4]} wrap>
              {group.permissions.map((permission) => (
                <Tooltip key={permission} title={t(`permissions.${permission}.description`)}>
                  <Tag>{t(`permissions.${permission}.label`)}</Tag>
                </Tooltip>
              ))}
            </Space>
          ),
        }))}
      />
    </Space>
  );
}
