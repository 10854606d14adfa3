import { DECLARED_ENTITIES, type EntityDeclaration } from '@ebox/domain';
import { useQuery } from '@tanstack/react-query';
import { Card, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../app/api-client';
import { type EntityRecord, entityKeys } from '../../kit/entity-api';
import { entityPluralLabel, recordLabel } from '../../kit/entity-labels';
import { EntityList } from '../../kit/list/entity-list';
import { useLocalListState } from '../../kit/list/list-state';
import { useRouteEntity } from '../../kit/route-entity';
import { screenPathsOf } from '../../kit/screens';
import { EntityViewPage } from '../../kit/view/entity-view-page';

const clusterEbox = DECLARED_ENTITIES.clusterEbox;

type SizeStatus = { size: string; total: number; available: number; damaged: number; occupied: number; booked: number };

/** GET /cluster/{id}/status: compartments of the cluster's lockers per size and state. */
function ClusterStatus({ clusterId }: { clusterId: string }) {
  const { t } = useTranslation();
  const status = useQuery({
    queryKey: [...entityKeys.all('compartiment'), 'cluster-status', clusterId],
    queryFn: () => api.get<Record<string, SizeStatus>>(`/cluster/${clusterId}/status`),
  });
  const column = (key: keyof SizeStatus) => ({ key, dataIndex: key, title: t(`entities.cluster.status.${key}`) });
  return (
    <Card title={t('entities.cluster.status.title')} data-testid="cluster-status">
      <Table
        size="small"
        pagination={false}
        loading={status.isPending}
        rowKey="size"
        dataSource={Object.values(status.data ?? {})}
        columns={[column('size'), column('total'), column('available'), column('occupied'), column('booked'), column('damaged')]}
      />
    </Card>
  );
}

/** The cluster's lockers (GET /clusterEbox?filter[cluster]=id), linked at /cluster/clusterEbox/new/:idCluster. */
function ClusterLockers({ cluster, entity }: { cluster: EntityRecord; entity: EntityDeclaration }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const listState = useLocalListState(25);
  return (
    <EntityList
      entity={clusterEbox}
      title={entityPluralLabel(t, clusterEbox)}
      headingLevel={2}
      listState={listState}
      fixedFilter={{ cluster: { id: cluster.id, label: recordLabel(entity, cluster) } }}
      hideFilters
      onCreate={() => navigate(screenPathsOf(clusterEbox).create(cluster.id))}
      testId="cluster-ebox-list"
    />
  );
}

/** /cluster/:id: the cluster, its compartments by size and its lockers. */
export function ClusterViewPage() {
  const entity = useRouteEntity();
  return (
    <EntityViewPage entity={entity}>
      {(record) => (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <ClusterStatus clusterId={record.id} />
          <ClusterLockers cluster={record} entity={entity} />
        </Space>
      )}
    </EntityViewPage>
  );
}
