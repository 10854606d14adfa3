import { RightOutlined, SearchOutlined } from '@ant-design/icons';
import './messages';
import { isPermission, missingDependencies, type Permission, stringsOf } from '@ebox/domain';
import { groupPermissions, type PermissionGroup } from '@ebox/domain/i18n/permission-groups';
import { Alert, Checkbox, Col, Collapse, Empty, Input, Row, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../app/current-user';
import { CLEARABLE } from '../../kit/fields/clear-icon';
import type { FieldInputProps } from '../../kit/fields/field-input';

type ShownGroup = PermissionGroup & { shown: Permission[] };

/**
 * The role's permission list (spec 6): every permission of the registry with its translated label
 * and description, grouped by entity in collapsible panels, each with a select-all and a count.
 * A filter box narrows the list by label, description or name and opens the matching groups.
 * Only permissions the caller holds can be ticked: the API refuses putting any other into a role.
 */
export function PermissionPicker({ value, onChange, id, disabled }: FieldInputProps) {
  const { t } = useTranslation();
  const { can } = useCurrentUser();
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState<string[]>([]);
  const selected = useMemo(() => new Set(stringsOf(value).filter(isPermission)), [value]);
  const groups = useMemo(() => groupPermissions(), []);
  const term = search.trim().toLowerCase();
  const lacking = useMemo(() => missingDependencies(selected), [selected]);
  const labelOf = (permission: Permission) => t(`permissions.${permission}.label`);

  const matches = (permission: Permission, group: string) =>
    !term ||
    permission.toLowerCase().includes(term) ||
    t(`permissions.${permission}.label`).toLowerCase().includes(term) ||
    t(`permissions.${permission}.description`).toLowerCase().includes(term) ||
    t(`permissions.groups.${group}`).toLowerCase().includes(term);

  const visible: ShownGroup[] = groups
    .map((group) => ({ ...group, shown: group.permissions.filter((permission) => matches(permission, group.group)) }))
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

  const panel = (group: ShownGroup) => {
    const grantable = group.shown.filter((permission) => can(permission));
    const count = group.permissions.filter((permission) => selected.has(permission)).length;
    const shownCount = group.shown.filter((permission) => selected.has(permission)).length;
    const title = t(`permissions.groups.${group.group}`);
    return {
      key: group.group,
      label: (
        // The checkbox selects the group; the arrow beside it (collapsible="icon") opens and closes
        // it. A header that opened on click would be a button holding a checkbox, which assistive
        // technology cannot reach as two controls.
        <Checkbox
          checked={shownCount === group.shown.length}
          indeterminate={shownCount > 0 && shownCount < group.shown.length}
          disabled={disabled || grantable.length === 0}
          onChange={(e) => toggle(grantable, e.target.checked)}
          aria-label={`${t('role.permissionPicker.selectGroup')}: ${title}`}
          data-testid={`permission-group-${group.group}`}
        >
          {title}
        </Checkbox>
      ),
      extra: (
        <Typography.Text type="secondary">
          {t('role.permissionPicker.selectedOf', { selected: count, total: group.permissions.length })}
        </Typography.Text>
      ),
      children: (
        <Space orientation="vertical" size={8} style={{ width: '100%' }}>
          {group.shown.map((permission) => (
            <Checkbox
              key={permission}
              checked={selected.has(permission)}
              disabled={disabled || !can(permission)}
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
      ),
    };
  };

  // Two columns of panels on wide screens; the registry order runs down the first, then the second.
  const half = Math.ceil(visible.length / 2);
  const columns = [visible.slice(0, half), visible.slice(half)];
  const activeKey = term ? visible.map((group) => group.group) : open;

  return (
    <Space orientation="vertical" style={{ width: '100%' }} id={id}>
      <Space wrap>
        <Input
          allowClear={CLEARABLE}
          prefix={<SearchOutlined />}
          aria-label={t('role.permissionPicker.search')}
          placeholder={t('role.permissionPicker.search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          style={{ width: 320 }}
          data-testid="permissions-search"
        />
        <Typography.Text type="secondary" data-testid="permissions-selected-count">
          {t('role.permissionPicker.totalSelected', { count: selected.size })}
        </Typography.Text>
      </Space>
      {lacking.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title={t('role.dependencies.title')}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {lacking.map(({ permission, missing }) => (
                <li key={permission}>
                  {t('role.dependencies.item', { permission: labelOf(permission), missing: missing.map(labelOf).join(', ') })}
                </li>
              ))}
            </ul>
          }
          data-testid="permission-dependencies"
        />
      )}
      {visible.length === 0 && <Empty description={t('role.permissionPicker.none')} />}
      <Row gutter={[12, 12]}>
        {columns.map((column, index) => (
          <Col key={index === 0 ? 'first' : 'second'} xs={24} lg={12}>
            {column.length > 0 && (
              <Collapse
                size="small"
                collapsible="icon"
                expandIcon={(props) => (
                  <RightOutlined
                    rotate={props.isActive ? 90 : 0}
                    // rc-collapse hands the panel's key to the icon; antd's type leaves it out.
                    aria-label={t('role.permissionPicker.toggleGroup', {
                      group: t(`permissions.groups.${String((props as { panelKey?: unknown }).panelKey)}`),
                    })}
                  />
                )}
                activeKey={activeKey}
                onChange={(keys) => setOpen((current) => [...current.filter((key) => !column.some((g) => g.group === key)), ...keys])}
                items={column.map(panel)}
              />
            )}
          </Col>
        ))}
      </Row>
    </Space>
  );
}
