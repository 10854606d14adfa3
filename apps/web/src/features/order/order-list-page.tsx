import { SearchOutlined } from '@ant-design/icons';
import { DECLARED_ENTITIES } from '@ebox/domain';
import { App, Input, Space, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { api } from '../../app/api-client';
import { useCurrentUser } from '../../app/current-user';
import { useErrorHandler } from '../../app/error-handler';
import type { EntityRecord } from '../../kit/entity-api';
import { CLEARABLE } from '../../kit/fields/clear-icon';
import { type BulkActionContext, EntityList } from '../../kit/list/entity-list';
import { useRouteEntity } from '../../kit/route-entity';
import { useOrderLive } from './order-live';
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

/** /order: the kit's list with the one search above it; the orders shown follow their status live. */
export function OrderListPage() {
  const entity = useRouteEntity(order);
  useOrderLive();
  return <EntityList key={entity.name} entity={entity} description={<OrderSearch />} bulkActions={orderBulkActions} />;
}
