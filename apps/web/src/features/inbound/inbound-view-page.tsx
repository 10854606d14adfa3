import { DECLARED_ENTITIES, type EntityDeclaration, relationRefsOf } from '@ebox/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Table, type TableColumnsType, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentUser } from '../../app/current-user';
import { type EntityRecord, endpointsOf, entityKeys } from '../../kit/entity-api';
import { enumLabel } from '../../kit/entity-labels';
import { useRouteEntity } from '../../kit/route-entity';
import { EntityViewPage } from '../../kit/view/entity-view-page';
import { OrderStatusTag } from '../order/order-status-tag';
import './messages';

const order = DECLARED_ENTITIES.order;
const orderEndpoints = endpointsOf(order);
const PAGE_SIZE = 25;

/** Shown in the list under the record rather than as up to 1000 links in one cell. */
const LISTED_BELOW = new Set(['orders', 'trackingCode']);

type OrderRow = { id: string; trackingCode: string; record?: EntityRecord };

/**
 * An inbound's orders as they are now (their status moves on after the inbound): the saved codes
 * a page at a time, each page's orders read in one GET /order?filter[id][]=… The orders of a company
 * the reader may not see, or all of them without orderRead, show their code only.
 */
function InboundOrders({ inbound }: { inbound: EntityRecord }) {
  const { t } = useTranslation();
  const { can } = useCurrentUser();
  const [page, setPage] = useState(1);
  const refs = useMemo(() => relationRefsOf(inbound.orders), [inbound.orders]);
  const pageIds = refs.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map((ref) => ref.id);
  const request = { filter: { id: pageIds }, limit: PAGE_SIZE, offset: 0 };
  const orders = useQuery({
    queryKey: entityKeys.list(order.name, request),
    queryFn: () => orderEndpoints.list(request),
    enabled: pageIds.length > 0 && can('orderRead'),
    placeholderData: keepPreviousData,
  });
  const byId = new Map((orders.data?.rows ?? []).map((row) => [row.id, row]));
  const rows: OrderRow[] = refs.map((ref) => ({ id: ref.id, trackingCode: ref.label, record: byId.get(ref.id) }));

  const columns: TableColumnsType<OrderRow> = [
    {
      key: 'trackingCode',
      title: t('inboundPage.columns.trackingCode'),
      render: (_, row) => (can('orderRead') ? <Link to={`/order/${row.id}`}>{row.trackingCode}</Link> : row.trackingCode),
    },
    { key: 'status', title: t('inboundPage.columns.status'), render: (_, row) => <OrderStatusTag status={row.record?.status} /> },
    {
      key: 'type',
      title: t('inboundPage.columns.type'),
      responsive: ['md'],
      render: (_, row) => (typeof row.record?.type === 'string' ? enumLabel(t, order, 'type', row.record.type) : ''),
    },
    {
      key: 'customer',
      title: t('inboundPage.columns.customer'),
      responsive: ['md'],
      render: (_, row) => String(row.record?.customerName ?? ''),
    },
    { key: 'locker', title: t('inboundPage.columns.locker'), responsive: ['md'], render: (_, row) => String(row.record?.eboxCode ?? '') },
  ];

  return (
    <Card
      title={
        <Typography.Title level={2} style={{ margin: 0, fontSize: 'inherit' }}>
          {t('inboundPage.orders.title')}
        </Typography.Title>
      }
    >
      <Table<OrderRow>
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={rows}
        loading={orders.isFetching && !orders.data}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: rows.length,
          onChange: setPage,
          hideOnSinglePage: true,
          showSizeChanger: false,
        }}
        locale={{ emptyText: t('inboundPage.orders.empty') }}
        data-testid="inbound-orders"
      />
    </Card>
  );
}

/** /inbound/:id (issue 30): the kit's view of the inbound, then its orders with their status now. */
export function InboundViewPage() {
  const routeEntity = useRouteEntity();
  const entity = useMemo<EntityDeclaration>(
    () => ({ ...routeEntity, fields: Object.fromEntries(Object.entries(routeEntity.fields).filter(([name]) => !LISTED_BELOW.has(name))) }),
    [routeEntity],
  );
  return <EntityViewPage entity={entity}>{(record) => <InboundOrders inbound={record} />}</EntityViewPage>;
}
