import { DECLARED_ENTITIES } from '@ebox/domain';
import { useQuery } from '@tanstack/react-query';
import { Card, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../app/api-client';
import { formatDateTime } from '../../app/format';
import { entityKeys } from '../../kit/entity-api';
import { enumLabel } from '../../kit/entity-labels';
import { ScrollRegion } from '../../kit/list/scroll-region';
import './messages';

const order = DECLARED_ENTITIES.order;

/** A live order of the locker as GET /ebox/metrics lists it (the caller's companies' only). */
export type LockerOrder = {
  id: string;
  trackingCode: string | null;
  type: string | null;
  status: string | null;
  compartimentNumber: number | null;
  customerName: string | null;
  overdueDate: string | null;
  createdAt: string;
  storedAt: string | null;
};

type Metrics = { orders: LockerOrder[] };

export const metricsKey = (eboxId: string) => [...entityKeys.all('compartiment'), 'metrics', eboxId] as const;

/** Whether an order's due date has passed: it is marked so the operator sees what to collect first. */
export function isOverdue(overdueDate: string | null, now = Date.now()): boolean {
  return Boolean(overdueDate) && Date.parse(String(overdueDate)) < now;
}

/** "Vence em" with the word "vencido" beside a date that has passed (the colour is not the only sign). */
export function OverdueDate({ value }: { value: string | null }) {
  const { t } = useTranslation();
  if (!value) return <>—</>;
  if (!isOverdue(value)) return <>{formatDateTime(value)}</>;
  return (
    <Typography.Text type="danger" data-overdue="true">
      {formatDateTime(value)} ({t('lockerLive.orders.overdue')})
    </Typography.Text>
  );
}

/**
 * The locker's current orders, the parcels in it or booked for it (GET /ebox/metrics, which the API
 * limits to the caller's companies and to readers of orders), by door: which parcel, whose, since
 * when, due by when, each a link to its order. Kept live with the face (its key is the compartments').
 */
export function LockerOrders({ eboxId }: { eboxId: string }) {
  const { t } = useTranslation();
  const metrics = useQuery({ queryKey: metricsKey(eboxId), queryFn: () => api.get<Metrics>('/ebox/metrics', { eboxId }) });
  const rows = [...(metrics.data?.orders ?? [])].sort(
    (a, b) => Number(a.compartimentNumber ?? Number.MAX_SAFE_INTEGER) - Number(b.compartimentNumber ?? Number.MAX_SAFE_INTEGER),
  );
  return (
    <Card title={<h2 style={{ margin: 0, font: 'inherit' }}>{t('lockerLive.orders.title')}</h2>} size="small" data-testid="locker-orders">
      {/* Wider than a phone: it scrolls inside a box the keyboard reaches (antd's own scroll box, empty, holds nothing focusable: axe). */}
      <ScrollRegion label={t('lockerLive.orders.title')}>
        <Table<LockerOrder>
          size="small"
          rowKey="id"
          loading={metrics.isPending}
          dataSource={rows}
          pagination={rows.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
          // In the text colour: the table's own placeholder grey is under 4.5:1 (axe, color-contrast).
          locale={{ emptyText: <Typography.Text>{t('lockerLive.orders.empty')}</Typography.Text> }}
          columns={[
            {
              key: 'door',
              title: t('lockerLive.orders.door'),
              align: 'right',
              render: (_, row) => row.compartimentNumber ?? '—',
            },
            {
              key: 'trackingCode',
              title: t('entities.order.fields.trackingCode'),
              render: (_, row) => (
                <Link to={`/order/${row.id}`} style={{ whiteSpace: 'nowrap' }}>
                  {row.trackingCode ?? row.id}
                </Link>
              ),
            },
            {
              key: 'status',
              title: t('entities.order.fields.status'),
              render: (_, row) => (row.status ? enumLabel(t, order, 'status', row.status) : '—'),
            },
            { key: 'customer', title: t('entities.order.fields.customerName'), render: (_, row) => row.customerName ?? '—' },
            {
              key: 'since',
              title: t('lockerLive.orders.since'),
              render: (_, row) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.storedAt ?? row.createdAt)}</span>,
            },
            {
              key: 'overdue',
              title: t('lockerLive.orders.overdueDate'),
              render: (_, row) => (
                <span style={{ whiteSpace: 'nowrap' }}>
                  <OverdueDate value={row.overdueDate} />
                </span>
              ),
            },
          ]}
        />
      </ScrollRegion>
    </Card>
  );
}
