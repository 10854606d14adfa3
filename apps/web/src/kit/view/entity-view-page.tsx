import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { EntityDeclaration } from '@ebox/domain';
import { offersUpdate, permissionOf } from '@ebox/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Space, Spin } from 'antd';
import { type ReactNode, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useCurrentUser } from '../../app/current-user';
import { useErrorHandler } from '../../app/error-handler';
import { PageTitle } from '../../app/page-title';
import { tagForTests } from '../../app/tag-for-tests';
import { type EntityRecord, endpointsOf, entityKeys } from '../entity-api';
import { entityLabel, recordTitle } from '../entity-labels';
import { useEntityNavigation, useFindFailure } from '../navigation';
import { useRouteEntity } from '../route-entity';
import { RecordTabs } from './record-tabs';
import { type FieldDisplays, RecordView } from './record-view';

export type EntityViewPageProps = {
  /** Defaults to the route's entity. */
  entity?: EntityDeclaration;
  displays?: FieldDisplays;
  /** Shown under the record (a building's level 1 list, a module's compartments). */
  children?: (record: EntityRecord) => ReactNode;
  /** Where to go after deleting this record, when not the default of spec 2.7. */
  afterDestroy?: (record: EntityRecord) => void;
  /** Records the API never deletes (predefined roles) offer no delete. */
  isDestroyable?: (record: EntityRecord) => boolean;
  /** Records the caller may not change (predefined roles) offer no edit. */
  isEditable?: (record: EntityRecord) => boolean;
  /** Shown above the record: the way up to the pages it is reached from (a building level's building). */
  header?: (record: EntityRecord) => ReactNode;
  /**
   * Shown under the page's title, before the record's fields: what the page is opened for when that
   * is not the fields (a locker's face, state and commands; its address is looked up far less).
   */
  lead?: (record: EntityRecord) => ReactNode;
};

/** /{entity}/:id for any declaration, with edit and delete per permission (spec 2.6, 2.7). */
export function EntityViewPage(props: EntityViewPageProps) {
  const entity = useRouteEntity(props.entity);
  // Every entity shares this page component: a new entity is a new page, not a re-used one.
  return <EntityViewScreen key={entity.name} {...props} entity={entity} />;
}

function EntityViewScreen({
  entity,
  displays,
  children,
  afterDestroy,
  isDestroyable,
  isEditable,
  header,
  lead,
}: EntityViewPageProps & { entity: EntityDeclaration }) {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { can } = useCurrentUser();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const handleError = useErrorHandler();
  const navigation = useEntityNavigation(entity);
  const onFindFailure = useFindFailure(entity);
  const endpoints = useMemo(() => endpointsOf(entity), [entity]);

  const record = useQuery({ queryKey: entityKeys.find(entity.name, id), queryFn: () => endpoints.find(id), retry: false });

  useEffect(() => {
    if (record.error) onFindFailure(record.error);
  }, [record.error, onFindFailure]);

  const destroy = (current: EntityRecord) =>
    modal.confirm({
      title: t('kit.destroy.confirmTitle'),
      content: t('kit.destroy.confirmOne', { label: recordTitle(t, entity, current) }),
      okText: t('kit.actions.destroy'),
      okButtonProps: { danger: true, ...tagForTests('confirm-destroy') },
      cancelText: t('kit.actions.cancel'),
      onOk: async () => {
        try {
          await endpoints.destroy?.([current.id]);
          message.success(t(`entities.${entity.name}.destroy.success`));
          queryClient.removeQueries({ queryKey: entityKeys.find(entity.name, current.id) });
          await queryClient.invalidateQueries({ queryKey: entityKeys.all(entity.name) });
          if (afterDestroy) afterDestroy(current);
          else navigation.afterDestroy(current);
        } catch (error) {
          handleError(error);
        }
      },
    });

  const current = record.data;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {current && header?.(current)}
      <Card
        title={<PageTitle title={current ? `${entityLabel(t, entity)}: ${recordTitle(t, entity, current)}` : entityLabel(t, entity)} />}
        className="record-view-card"
        data-testid={`${entity.name}-view-page`}
        extra={
          current && (
            <Space wrap>
              {offersUpdate(entity) && can(permissionOf(entity, 'Edit')) && (isEditable?.(current) ?? true) && (
                <Button icon={<EditOutlined />} onClick={() => navigate(navigation.paths.edit(current.id))} data-testid="view-edit">
                  {t('kit.actions.edit')}
                </Button>
              )}
              {endpoints.destroy && can(permissionOf(entity, 'Destroy')) && (isDestroyable?.(current) ?? true) && (
                <Button danger icon={<DeleteOutlined />} onClick={() => destroy(current)} data-testid="view-destroy">
                  {t('kit.actions.destroy')}
                </Button>
              )}
              <Button onClick={() => navigation.back(current)}>{t('kit.actions.back')}</Button>
            </Space>
          )
        }
      >
        {current ? (
          <>
            {lead && <div style={{ marginBottom: 24 }}>{lead(current)}</div>}
            <RecordTabs entityName={entity.name} id={current.id}>
              <RecordView entity={entity} record={current} displays={displays} />
            </RecordTabs>
          </>
        ) : (
          <div style={{ textAlign: 'center', padding: 48 }}>
            <Spin />
          </div>
        )}
      </Card>
      {current && children?.(current)}
    </Space>
  );
}
