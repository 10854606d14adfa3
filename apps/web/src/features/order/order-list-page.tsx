import { BellOutlined, SearchOutlined } from '@ant-design/icons';
import { DECLARED_ENTITIES, ORDER_PERIOD_MAX_DAYS } from '@ebox/domain';
import { App, Button, Input, Space, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { type ApiError, api } from '../../app/api-client';
import { useCurrentUser } from '../../app/current-user';
import { useErrorHandler } from '../../app/error-handler';
import { formatDateTime } from '../../app/format';
import type { EntityRecord } from '../../kit/entity-api';
import { CLEARABLE } from '../../kit/fields/clear-icon';
import type { FieldDisplayProps } from '../../kit/fields/field-display';
import { type BulkActionContext, EntityList, type ListExtraColumn } from '../../kit/list/entity-list';
import { useRouteEntity } from '../../kit/route-entity';
import { formatDuration } from '../dashboard/dashboard-format';
import { AGED_AFTER_DAYS, clocksOf } from './order-clocks';
import { useOrderListLive } from './order-live';
import { OrderStatusTag } from './order-status-tag';
import './messages';

const order = DECLARED_ENTITIES.order;

// Print tags acts on the selected rows only: its chunk (the tags' layout) loads with the list, not before it.
const OrderTagsButton = lazy(() => import('./order-tags-button').then((m) => ({ default: m.OrderTagsButton })));

function orderBulkActions(context: BulkActionContext) {
  return (
    <Suspense fallback={null}>
      <OrderTagsButton {...context} />
    </Suspense>
  );
}

/**
 * Spec 7.4 and 8.3 with issue 29's one search (GET /order?filter[search]=, what the command palette
 * finds): a tracking code or reference number by its start, the customer's phone in any format or
 * e-mail. One order found opens it, several are offered as links, none says "Order not found". The
 * reference number is searched, and offered, only to who may filter by it.
 */
function OrderSearch() {
  const { t } = useTranslation();
  const { can } = useCurrentUser();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const handleError = useErrorHandler();
  const [found, setFound] = useState<EntityRecord[]>([]);
  const [searching, setSearching] = useState(false);
  const byReference = can('filterReferenceNumber');
  const placeholder = t(byReference ? 'orderList.search.placeholder' : 'orderList.search.placeholderNoReference');
  const search = async (text: string) => {
    const typed = text.trim();
    setFound([]);
    if (!typed) return;
    setSearching(true);
    try {
      const page = await api.get<{ rows: EntityRecord[] }>('/order', { filter: { search: typed }, limit: 20 });
      if (page.rows.length === 0) message.error(t('entities.order.errors.notFound'));
      else if (page.rows.length === 1 && page.rows[0]) navigate(`/order/${page.rows[0].id}`);
      else setFound(page.rows);
    } catch (error) {
      handleError(error);
    } finally {
      setSearching(false);
    }
  };
  return (
    <Space orientation="vertical" size={4} style={{ width: '100%', maxWidth: 480 }}>
      <Input.Search
        allowClear={CLEARABLE}
        enterButton={<SearchOutlined aria-label={placeholder} />}
        loading={searching}
        placeholder={placeholder}
        aria-label={placeholder}
        aria-describedby="order-search-hint"
        onSearch={search}
        data-testid="order-search"
      />
      <Typography.Text id="order-search-hint" type="secondary" style={{ fontSize: 12 }}>
        {t(byReference ? 'orderList.search.hint' : 'orderList.search.hintNoReference')}
      </Typography.Text>
      {found.length > 1 && (
        <nav aria-label={t('orderList.search.found', { count: found.length })} data-testid="order-search-found">
          <Typography.Text>{t('orderList.search.found', { count: found.length })}</Typography.Text>{' '}
          <Space wrap>
            {found.map((row) => (
              <Link key={row.id} to={`/order/${row.id}`}>
                {String(row.trackingCode)}
                {row.eboxCode ? ` · ${String(row.eboxCode)}` : ''}
              </Link>
            ))}
          </Space>
        </nav>
      )}
    </Space>
  );
}

function StatusCell({ value }: FieldDisplayProps) {
  return <OrderStatusTag status={value} />;
}

const MINUTE_MS = 60_000;

/** The time now, again each minute: the clocks of the list move without reading it again. */
function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), MINUTE_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

const duration = (seconds: number, t: TFunction) => formatDuration(Math.abs(seconds), t, 'orderList.duration');
/** A date under a clock: whole, never cut (spec 9's DD/MM/YYYY HH:mm). */
const dateLine = (value: unknown) => (
  <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, whiteSpace: 'nowrap' }}>
    {formatDateTime(String(value))}
  </Typography.Text>
);

/**
 * "In the locker for" (since storedAt, while the parcel is inside) and "expires in" (to the overdue
 * date, which it shows too, in place of the bare date column). An aged or overdue parcel is a tag
 * that says so in words, the colour only repeating it.
 */
function clockColumnsOf(t: TFunction, now: number): ListExtraColumn[] {
  return [
    {
      // The door, as couriers and the locker's face call it: the field's label is too long for a number.
      key: 'compartimentNumber',
      title: t('orderList.columns.door'),
      width: 60,
      // A short number under a short heading: a sorter's arrows would not leave room for the word.
      whole: true,
      render: (record) => (record.compartimentNumber == null ? null : String(record.compartimentNumber)),
    },
    {
      key: 'storedAt',
      title: t('orderList.columns.inLockerFor'),
      after: 'customerName',
      width: 95,
      sortable: true,
      render: (record) => {
        const clocks = clocksOf(record, now);
        if (clocks.inLocker === undefined) return null;
        const since = formatDateTime(String(record.storedAt));
        const text = duration(clocks.inLocker, t);
        return clocks.aged ? (
          <Tag
            color="orange"
            title={t('orderList.clock.agedHint', { days: AGED_AFTER_DAYS, since })}
            style={{ whiteSpace: 'normal', marginInlineEnd: 0 }}
            data-testid="order-aged"
          >
            {t('orderList.clock.aged', { duration: text })}
          </Tag>
        ) : (
          <span title={t('orderList.clock.since', { since })}>{text}</span>
        );
      },
    },
    {
      key: 'overdueDate',
      title: t('orderList.columns.expiresIn'),
      width: 125,
      whole: true,
      sortable: true,
      render: (record) => {
        if (!record.overdueDate) return null;
        const clocks = clocksOf(record, now);
        const date = formatDateTime(String(record.overdueDate));
        if (clocks.expiresIn === undefined) return dateLine(record.overdueDate);
        return (
          <>
            {clocks.overdue ? (
              <Tag
                color="red"
                title={t('orderList.clock.overdueHint', { date })}
                style={{ whiteSpace: 'normal', marginInlineEnd: 0 }}
                data-testid="order-overdue"
              >
                {t('orderList.clock.overdue', { duration: duration(clocks.expiresIn, t) })}
              </Tag>
            ) : (
              <span title={t('orderList.clock.dueHint', { date })}>
                {t('orderList.clock.inFuture', { duration: duration(clocks.expiresIn, t) })}
              </span>
            )}
            {dateLine(record.overdueDate)}
          </>
        );
      },
    },
  ];
}

/** "3 new orders · 1 changed: click to refresh the list", once there is news; said to screen readers as it comes. */
function OrderNews({ created, changed, refresh }: ReturnType<typeof useOrderListLive>) {
  const { t } = useTranslation();
  const parts = [
    created ? t('orderList.live.created', { count: created }) : '',
    changed ? t('orderList.live.changed', { count: changed }) : '',
  ].filter(Boolean);
  return (
    <span role="status" aria-live="polite">
      {parts.length > 0 && (
        <Button type="primary" ghost icon={<BellOutlined />} onClick={refresh} data-testid="order-list-news">
          {t('orderList.live.refresh', { news: parts.join(' · ') })}
        </Button>
      )}
    </span>
  );
}

/** The list's period over 31 days (the API's 400) said as what it is, not as "no records match". */
function describeRefusal(t: TFunction) {
  return (error: ApiError) =>
    error.code === 'entities.order.errors.periodTooLong' || error.code === 'orderStampPeriodTooLong' ? (
      <>
        <Typography.Text strong style={{ display: 'block' }}>
          {t('orderList.refused.periodTooLong', { days: ORDER_PERIOD_MAX_DAYS })}
        </Typography.Text>
        {error.message}
      </>
    ) : undefined;
}

const EXPORT_PERIOD = { field: 'createdAt', maxDays: ORDER_PERIOD_MAX_DAYS };

/**
 * Sized to what the columns hold, so the nine fit the 1366 px card beside the selection and the
 * actions (the kit shrinks them a little further there); a date wraps between its day and time.
 */
const COLUMN_WIDTHS = {
  trackingCode: 140,
  type: 90,
  status: 120,
  ebox: 120,
  compartimentNumber: 60,
  customerName: 100,
  storedAt: 95,
  overdueDate: 125,
  createdAt: 140,
};

/**
 * /order: the kit's list with the one search above it; statuses as coloured tags, each parcel's
 * time in the locker and to its expiry, and new orders announced rather than slid into the table.
 */
export function OrderListPage() {
  const entity = useRouteEntity(order);
  const { t } = useTranslation();
  const news = useOrderListLive();
  const now = useMinuteClock();
  const extraColumns = useMemo(() => clockColumnsOf(t, now), [t, now]);
  const refusal = useMemo(() => describeRefusal(t), [t]);
  return (
    <EntityList
      key={entity.name}
      entity={entity}
      description={<OrderSearch />}
      bulkActions={orderBulkActions}
      displays={{ status: StatusCell }}
      columnWidths={COLUMN_WIDTHS}
      extraColumns={extraColumns}
      notice={<OrderNews {...news} />}
      describeRefusal={refusal}
      exportPeriod={EXPORT_PERIOD}
    />
  );
}
