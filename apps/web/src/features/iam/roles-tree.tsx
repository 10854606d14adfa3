import { ReloadOutlined, UserDeleteOutlined } from '@ant-design/icons';
import { relationRefsOf, stringsOf } from '@ebox/domain';
import { userEntity } from '@ebox/domain/entities/user';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Form, Grid, Space, Table, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentUser } from '../../app/current-user';
import { useErrorHandler } from '../../app/error-handler';
import { tagForTests } from '../../app/tag-for-tests';
import { displayLabel, enumLabel, fieldLabel, roleDescription } from '../../kit/entity-labels';
import '../role/role-descriptions';
import { RelationSelect } from '../../kit/fields/relation-select';
import { type IamUser, listRolesWithUsers, type RoleWithUsers, removeRoles } from './iam-api';
import { UserActions } from './user-actions';

type TreeRow = {
  key: string;
  kind: 'role' | 'user';
  roleId: string;
  roleName: string;
  description?: string | null;
  userId?: string;
  email?: string;
  fullName?: string | null;
  status?: IamUser['status'];
  children?: TreeRow[];
};

const STATUS_COLORS: Record<IamUser['status'], string> = { enabled: 'green', disabled: 'red', invited: 'gold' };

/** Roles come as stored ('customerViewer'); the tree shows their translated names and descriptions, in that order. */
function toTree(list: RoleWithUsers[], t: TFunction): TreeRow[] {
  const rows = list.map(({ role, users }): TreeRow => {
    const roleName = displayLabel(t, 'role', role.name);
    return {
      key: role.id,
      kind: 'role',
      roleId: role.id,
      roleName,
      description: roleDescription(t, role),
      // A role nobody holds has nothing to expand.
      children: !users.length
        ? undefined
        : users.map((user) => ({
            key: `${role.id}:${user.id}`,
            kind: 'user',
            roleId: role.id,
            roleName,
            userId: user.id,
            email: user.email,
            fullName: user.fullName,
            status: user.status,
          })),
    };
  });
  return rows.sort((a, b) => a.roleName.localeCompare(b.roleName));
}

/**
 * Users by role (spec 3 "IAM role listing"): a tree of roles and their users (GET /iam/role), with
 * enable, disable and removal of the role from the selected users — one call per role, grouped by
 * role and by email (spec 7.2).
 */
export function RolesTree() {
  const { t } = useTranslation();
  const { can, user: me, refresh } = useCurrentUser();
  const { message, modal } = App.useApp();
  const handleError = useErrorHandler();
  const [role, setRole] = useState<{ id: string; label: string } | null>(null);
  const [selectedKeys, setSelectedKeys] = useState<string[]>([]);
  const isPhone = Grid.useBreakpoint().md === false;
  const query = useQuery({
    queryKey: ['iam', 'roles', role?.id ?? null],
    queryFn: () => listRolesWithUsers({ role: role?.id }, 'name_ASC'),
  });

  useEffect(() => {
    if (query.error) handleError(query.error);
  }, [query.error, handleError]);

  const tree = useMemo(() => toTree(query.data ?? [], t), [query.data, t]);
  const userRows = useMemo(() => tree.flatMap((row) => row.children ?? []), [tree]);
  const selected = userRows.filter((row) => selectedKeys.includes(row.key));
  const uniqueUsers = [
    ...new Map(
      selected.flatMap((row) =>
        row.userId && row.email ? [[row.userId, { id: row.userId, email: row.email, status: row.status }] as const] : [],
      ),
    ).values(),
  ];

  const done = async () => {
    setSelectedKeys([]);
    await query.refetch();
  };

  const removeFromRoles = () => {
    const byRole = new Map<string, { name: string; emails: string[] }>();
    for (const row of selected) {
      const group = byRole.get(row.roleId) ?? { name: row.roleName, emails: [] };
      if (row.email) group.emails.push(row.email);
      byRole.set(row.roleId, group);
    }
    modal.confirm({
      title: t('iam.removeRoles.title'),
      content: [...byRole.values()]
        .map((group) => t('iam.removeFromRole.confirm', { role: group.name, count: group.emails.length }))
        .join(' '),
      okText: t('iam.actions.removeRoles'),
      okButtonProps: { danger: true, ...tagForTests('confirm-remove-roles') },
      cancelText: t('kit.actions.cancel'),
      onOk: async () => {
        try {
          for (const [roleId, group] of byRole) await removeRoles(group.emails, [roleId]);
          message.success(t('iam.removeRoles.success'));
        } catch (error) {
          handleError(error);
        } finally {
          if (me && selected.some((row) => row.userId === me.id)) await refresh();
          await done();
        }
      },
    });
  };

  const statusColumn: TableColumnsType<TreeRow>[number] = {
    key: 'status',
    title: fieldLabel(t, userEntity, 'status'),
    render: (_, row) =>
      row.kind === 'user' && row.status ? (
        <Tag color={STATUS_COLORS[row.status]} data-testid="iam-role-user-status">
          {enumLabel(t, userEntity, 'status', row.status)}
        </Tag>
      ) : null,
  };
  const userLink = (row: TreeRow) => <Link to={`/iam/${row.userId}`}>{row.email}</Link>;
  const roleTitle = (row: TreeRow) => (
    <Space wrap size={[8, 0]}>
      <Typography.Text strong>{row.roleName}</Typography.Text>
      <Typography.Text type="secondary">{t('iam.list.usersOfRole', { count: row.children?.length ?? 0 })}</Typography.Text>
    </Space>
  );
  // A phone has room for a role, or a user under it, and the user's status: the rest is on the user's page.
  const columns: TableColumnsType<TreeRow> = isPhone
    ? [
        {
          key: 'role',
          title: `${fieldLabel(t, userEntity, 'role')} / ${fieldLabel(t, userEntity, 'email')}`,
          render: (_, row) => (row.kind === 'role' ? roleTitle(row) : <div style={{ overflowWrap: 'anywhere' }}>{userLink(row)}</div>),
        },
        statusColumn,
      ]
    : [
        { key: 'role', title: fieldLabel(t, userEntity, 'role'), render: (_, row) => (row.kind === 'role' ? roleTitle(row) : null) },
        {
          key: 'email',
          title: fieldLabel(t, userEntity, 'email'),
          render: (_, row) => (row.kind === 'user' ? userLink(row) : (row.description ?? '')),
        },
        { key: 'fullName', title: fieldLabel(t, userEntity, 'fullName'), render: (_, row) => row.fullName ?? '' },
        statusColumn,
      ];

  return (
    <Card data-testid="iam-roles-tree">
      <Form layout="inline" style={{ marginBottom: 16 }}>
        <Form.Item label={fieldLabel(t, userEntity, 'role')} htmlFor="iam-role-filter">
          <RelationSelect
            id="iam-role-filter"
            target="role"
            value={role}
            onChange={(next) => setRole(relationRefsOf(next)[0] ?? null)}
            style={{ width: isPhone ? '100%' : 280 }}
          />
        </Form.Item>
      </Form>
      <Space wrap style={{ marginBottom: 12 }}>
        <UserActions selected={uniqueUsers} done={done} withRemoveRoles={false} />
        {can('iamDestroy') && (
          <Button
            danger
            icon={<UserDeleteOutlined />}
            disabled={!selected.length}
            onClick={removeFromRoles}
            data-testid="iam-remove-from-role"
          >
            {t('iam.actions.removeRoles')}
          </Button>
        )}
        <Tooltip title={t('common.refresh')}>
          <Button icon={<ReloadOutlined />} aria-label={t('common.refresh')} onClick={() => query.refetch()} loading={query.isFetching} />
        </Tooltip>
        {selected.length > 0 && <Typography.Text type="secondary">{t('kit.list.selected', { count: selected.length })}</Typography.Text>}
      </Space>
      <Table<TreeRow>
        // Remounted per answer so every role with users opens expanded.
        key={query.dataUpdatedAt}
        rowKey="key"
        size="middle"
        columns={columns}
        dataSource={tree}
        loading={query.isFetching}
        pagination={false}
        expandable={{ defaultExpandAllRows: true }}
        locale={{ emptyText: t('kit.list.empty') }}
        rowSelection={{
          checkStrictly: false,
          selectedRowKeys: selectedKeys,
          onChange: (keys) => setSelectedKeys(stringsOf(keys).filter((key) => key.includes(':'))),
          // antd names these checkboxes in English whatever the locale ("Select row 3").
          getTitleCheckboxProps: () => ({ 'aria-label': t('kit.list.selectAll') }),
          getCheckboxProps: (row) => ({ 'aria-label': t('kit.list.selectRow', { label: row.kind === 'role' ? row.roleName : row.email }) }),
        }}
      />
    </Card>
  );
}
