import { DECLARED_ENTITIES, type OrderStatus } from '@ebox/domain';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TAG_PALETTES } from '../../app/theme';
import { enumLabel } from '../../kit/entity-labels';

/**
 * Each order status's colour, declared once (issue 29, item 4): on its way in blues, waiting in the
 * locker in cyan, finished well in green, expired in oranges, failed in red, sent back in purple,
 * canceled in grey. Only antd's preset palettes, which the theme darkens to 4.5:1 in every theme
 * (app/theme.ts, test/theme-contrast.test.ts). The tag always carries the status's words.
 */
export const ORDER_STATUS_COLORS: Record<OrderStatus, (typeof TAG_PALETTES)[number] | 'default'> = {
  CREATED: 'geekblue',
  INBOUND: 'blue',
  IN_TRANSIT_TO_STORE: 'blue',
  SEND_INBOUND: 'blue',
  COURIER_INBOUND: 'blue',
  STORED: 'cyan',
  COURIER_STORED: 'cyan',
  CUSTOMER_STORED: 'cyan',
  CUSTOMER_TAKEN: 'green',
  COURIER_TAKEN: 'green',
  CUSTOMER_TAKEN_AND_WAITING_FOR_RELEASE: 'lime',
  EXPIRED: 'volcano',
  EXPIRED_TAKEN: 'orange',
  EXPIRED_INBOUND: 'orange',
  EXPIRED_RETURNED: 'orange',
  COURIER_RETURNED: 'purple',
  SEND_RETURNED: 'purple',
  FAILED_DELIVERY: 'red',
  CANCELED: 'default',
};

const order = DECLARED_ENTITIES.order;

/** An order's status as a coloured tag with its words; a long status wraps rather than being cut. */
export function OrderStatusTag({ status }: { status: unknown }) {
  const { t } = useTranslation();
  if (typeof status !== 'string' || !status) return null;
  const color = ORDER_STATUS_COLORS[status as OrderStatus];
  return (
    <Tag
      color={color === 'default' ? undefined : color}
      data-testid="order-status"
      data-status={status}
      style={{ whiteSpace: 'normal', marginInlineEnd: 0, maxWidth: '100%' }}
    >
      {enumLabel(t, order, 'status', status)}
    </Tag>
  );
}
