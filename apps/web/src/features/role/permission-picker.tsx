import type { Permission } from '@ebox/domain';
import { groupPermissions } from '@ebox/domain/i18n/permission-groups';
import { Card, Checkbox, Col, Empty, Input, Row, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldInputProps } from '../../kit/fields/field-input';

/**
 * The role's permission list (spec 6): every permission of the registry with its translated label
 * and description, grouped by entity, each group with a select-all. A filter box narrows the list
 * by label, description or name.
 */
export function PermissionPicker({ value, onChange, id, disabled }: FieldInputProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const selected = useMemo(() => new Set((value as Permission[] | null | undefined) ?? []), [value]);
  const groups = useMemo(() => groupPermissions(), []);
  const term = search.trim().toLowerCase();

  const visible = groups
    .map((group) => ({
      ...group,
      shown: group.permissions.filter(
        (permission) =>
          !term ||
          permission.toLowerCase().includes(term) ||
          t(`permissions.${permission}.label`).toLowerCase().includes(term) ||
          t(`permissions.${permission}.description`).toLowerCase().includes(term) ||
          t(`permissions.groups.${group.group}`).toLowerCase().includes(term),
      ),
    }))
    .filter((group) => group.shown.length > 0);

  const emit = (next: Set<Permission>) => {
    // Keep the registry's order so the stored list is stable.
    onChange?.(groups.flatMap((group) => group.permissions).filter((permission) => next.has(permission)));
  };

  const toggle = (permissions: Permission[], on: boolean) => {
    const next = new Set(selected);
    for (const permission of permissions) {
      if (on) next.add(permission);
      else next.delete(permission);
    }
    emit(next);
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }} id={id}>
      <Space wrap>
        <Input.Search
          allowClear
          placeholder={t('role.permissionPicker.search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          style={{ width: 320 }}
        />
        <Typography.Text type="secondary" data-testid="permissions-selected-count">
          {t('role.permissionPicker.totalSelected', { count: selected.size })}
        </Typography.Text>
      </Space>
      {visible.length === 0 && <Empty description={t('role.permissionPicker.none')} />}
      <Row gutter={[12, 12]}>
        {visible.map((group) => {
          const count = group.permissions.filter((permission) => selected.has(permission)).length;
          const shownCount = group.shown.filter((permission) => selected.has(permission)).length;
          return (
            <Col key={group.group} xs={24} lg={12} xxl={8}>
              <Card
                size="small"
                data-testid={`permission-group-${group.group}`}
                title={
                  <Checkbox
                    checked={shownCount === group.shown.length}
                    indeterminate={shownCount > 0 && shownCount < group.shown.length}
                    disabled={disabled}
                    onChange={(e) => toggle(group.shown, e.target.checked)}
                    aria-label={`${t('role.permissionPicker.selectGroup')}: ${t(`permissions.groups.${group.group}`)}`}
                  >
                    {t(`permissions.groups.${group.group}`)}
                  </Checkbox>
                }
                extra={
                  <Typography.Text type="secondary">
                    {t('role.permissionPicker.selectedOf', { selected: count, total: group.permissions.length })}
                  </Typography.Text>
                }
              >
                <Space orientation="vertical" size={6} style={{ width: '100%' }}>
                  {group.shown.map((permission) => (
                    <Checkbox
                      key={permission}
                      checked={selected.has(permission)}
                      disabled={disabled}
                      onChange={(e) => toggle([permission], e.target.checked)}
                      data-testid={`permission-${permission}`}
                    >
                      <span>{t(`permissions.${permission}.label`)}</span>
                      <br />
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {t(`permissions.${permission}.description`)}
                      </Typography.Text>
                    </Checkbox>
                  ))}
                </Space>
              </Card>
            </Col>
          );
        })}
      </Row>
    </Space>
  );
}
