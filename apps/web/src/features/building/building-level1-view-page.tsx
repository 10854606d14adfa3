import { DeleteOutlined, EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { DECLARED_ENTITIES, type EntityDeclaration, permissionOf, type RelationRef, relationRefsOf } from '@ebox/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Popconfirm, Space, Table, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useCurrentUser } from '../../app/current-user';
import { useErrorHandler } from '../../app/error-handler';
import { SectionTitle } from '../../app/page-title';
import { tagForTests } from '../../app/tag-for-tests';
import { type EntityRecord, endpointsOf, entityKeys } from '../../kit/entity-api';
import { entityPluralLabel, fieldLabel } from '../../kit/entity-labels';
import { CreateModal } from '../../kit/form/create-modal';
import { namedPageLinks } from '../../kit/list/page-links';
import { useRouteEntity } from '../../kit/route-entity';
import { screenPathsOf } from '../../kit/screens';
import { EntityViewPage } from '../../kit/view/entity-view-page';
import { Level1Breadcrumb } from './building-breadcrumb';
import { levelNameOf } from './level-names';

const { building: buildingEntity, buildingLevel2 } = DECLARED_ENTITIES;

/**
 * The level 2 units of a level 1 (its `level2` list). A unit created here is linked to this
 * level 1; deleting one unlinks it first, so the level 1 never points at a removed unit.
 */
function Level2Units({ level1, entity }: { level1: EntityRecord; entity: EntityDeclaration }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { can } = useCurrentUser();
  const { message } = App.useApp();
  const handleError = useErrorHandler();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const units = relationRefsOf(level1.level2);
  const paths = screenPathsOf(buildingLevel2);
  const mayLink = can(permissionOf(entity, 'Edit'));
  // The units are called what their building calls them ("Apartamento"), when it says.
  const [buildingRef] = relationRefsOf(level1.building);
  const building = useQuery({
    queryKey: entityKeys.find(buildingEntity.name, buildingRef?.id ?? ''),
    queryFn: () => endpointsOf(buildingEntity).find(buildingRef?.id ?? ''),
    enabled: Boolean(buildingRef),
    retry: false,
  });
  const levelName = levelNameOf(building.data, 'level2');

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: entityKeys.all(entity.name) });
    await queryClient.invalidateQueries({ queryKey: entityKeys.all(buildingLevel2.name) });
  };

  const link = (ids: string[]) => endpointsOf(entity).update(level1.id, { level2: ids });

  const destroy = async (unit: RelationRef) => {
    try {
      await link(units.filter((item) => item.id !== unit.id).map((item) => item.id));
      await endpointsOf(buildingLevel2).destroy?.([unit.id]);
      message.success(t(`entities.${buildingLevel2.name}.destroy.success`));
    } catch (error) {
      handleError(error);
    } finally {
      await refresh();
    }
  };

  return (
    <Card
      title={<SectionTitle title={levelName ?? entityPluralLabel(t, buildingLevel2)} />}
      data-testid="building-level2-list"
      extra={
        mayLink &&
        can(permissionOf(buildingLevel2, 'Create')) && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="list-new">
            {t('kit.actions.new')}
          </Button>
        )
      }
    >
      <Table<RelationRef>
        rowKey="id"
        size="middle"
        dataSource={units}
        locale={{ emptyText: t('kit.list.empty') }}
        pagination={{
          itemRender: namedPageLinks(t),
          defaultPageSize: 10,
          showSizeChanger: true,
          pageSizeOptions: ['10', '25', '50', '100', '200'],
          hideOnSinglePage: true,
        }}
        columns={[
          {
            key: 'name',
            title: fieldLabel(t, buildingLevel2, 'name'),
            render: (_: unknown, unit) => <Link to={paths.view(unit.id)}>{unit.label}</Link>,
          },
          {
            key: 'actions',
            title: t('kit.list.actions'),
            width: 1,
            render: (_: unknown, unit) => (
              <Space size={0} style={{ whiteSpace: 'nowrap' }}>
                <Tooltip title={t('kit.actions.view')}>
                  <Button
                    type="text"
                    icon={<EyeOutlined />}
                    aria-label={t('kit.actions.view')}
                    onClick={() => navigate(paths.view(unit.id))}
                    data-testid="row-view"
                  />
                </Tooltip>
                {can(permissionOf(buildingLevel2, 'Edit')) && (
                  <Tooltip title={t('kit.actions.edit')}>
                    <Button
                      type="text"
                      icon={<EditOutlined />}
                      aria-label={t('kit.actions.edit')}
                      onClick={() => navigate(paths.edit(unit.id))}
                      data-testid="row-edit"
                    />
                  </Tooltip>
                )}
                {mayLink && can(permissionOf(buildingLevel2, 'Destroy')) && (
                  <Popconfirm
                    title={t('kit.destroy.confirmTitle')}
                    description={t('kit.destroy.confirmOne', { label: unit.label })}
                    okText={t('kit.actions.destroy')}
                    cancelText={t('kit.actions.cancel')}
                    okButtonProps={{ danger: true, ...tagForTests('confirm-destroy') }}
                    onConfirm={() => destroy(unit)}
                  >
                    <Tooltip title={t('kit.actions.destroy')}>
                      <Button
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t('kit.actions.destroy')}
                        data-testid="row-destroy"
                      />
                    </Tooltip>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      <CreateModal
        entity={buildingLevel2}
        label={levelName}
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={async (created) => {
          await link([...units.map((unit) => unit.id), created.id]);
          await refresh();
        }}
      />
    </Card>
  );
}

/** /building-level1/:id: the level 1 (under the way up to its building) and its level 2 units; deleting it returns to its building. */
export function BuildingLevel1ViewPage() {
  const entity = useRouteEntity();
  const navigate = useNavigate();
  return (
    <EntityViewPage
      entity={entity}
      header={(record) => <Level1Breadcrumb level1={record} />}
      afterDestroy={(record) => {
        const [building] = relationRefsOf(record.building);
        navigate(building ? `/building/${building.id}` : screenPathsOf(entity).list);
      }}
    >
      {(record) => <Level2Units level1={record} entity={entity} />}
    </EntityViewPage>
  );
}
