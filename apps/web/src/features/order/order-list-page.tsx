import { SearchOutlined } from '@ant-design/icons';
import { DECLARED_ENTITIES } from '@ebox/domain';
import { App, Input, Space } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { api } from '../../app/api-client';
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
 * Spec 7.4 and 8.3: the search by tracking code (GET /order?filter[trackingCode]=, the whole code):
 * one order found opens it, several are offered as links, none says "Order not found".
 */
function TrackingSearch() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const handleError = useErrorHandler();
  const [found, setFound] = useState<EntityRecord[]>([]);
  const [searching, setSearching] = useState(false);
  const search = async (text: string) => {
    const trackingCode = text.trim();
    setFound([]);
    if (!trackingCode) return;
    setSearching(true);
    try {
      const page = await api.get<{ rows: EntityRecord[] }>('/order', { filter: { trackingCode }, limit: 20 });
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
    <Space orientation="vertical" size={4}>
      <Input.Search
        allowClear={CLEARABLE}
        enterButton={<SearchOutlined aria-label={t('entities.order.trackingSearch.placeholder')} />}
        loading={searching}
        placeholder={t('entities.order.trackingSearch.placeholder')}
        onSearch={search}
        style={{ maxWidth: 360 }}
        data-testid="order-tracking-search"
      />
      {found.length > 1 && (
        <Space wrap>
          {found.map((row) => (
            <Link key={row.id} to={`/order/${row.id}`}>
              {String(row.trackingCode)} · {String(row.eboxCode ?? '')}
            </Link>
          ))}
        </Space>
      )}
    </Space>
  );
}

/** /order: the kit's list with the tracking-code search above it; the orders shown follow their status live. */
export function OrderListPage() {
  const entity = useRouteEntity(order);
  useOrderLive();
  return <EntityList key={entity.name} entity={entity} description={<TrackingSearch />} bulkActions={orderBulkActions} />;
}
