import { DECLARED_ENTITIES, ORDER_STATUS_TONES, ORDER_STATUSES, type OrderStatus, type OrderStatusTone } from '@ebox/domain';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TAG_PALETTES } from '../../app/theme';
import { enumLabel } from '../../kit/entity-labels';

type TagColor = (typeof TAG_PALETTES)[number];

/**
 * A status tag's colour by the status's tone (ORDER_STATUS_TONES, the one declaration the order
 * page's banner reads too): on its way in blue, asking for attention in orange, ended as planned in
 * green, ended without reaching its customer in red; so CANCELED, EXPIRED and STORED no longer look
 * alike. Only antd's preset palettes, which the theme darkens to 4.5:1 in every theme (app/theme.ts,
 * test/theme-contrast.test.ts). The tag always carries the status's words.
 */
const TONE_COLORS: Record<OrderStatusTone, TagColor> = { underway: 'blue', attention: 'orange', done: 'green', ended: 'red' };

export const ORDER_STATUS_COLORS = Object.fromEntries(
  ORDER_STATUSES.map((status) => [status, TONE_COLORS[ORDER_STATUS_TONES[status]]]),
) as Record<OrderStatus, TagColor>;

const order = DECLARED_ENTITIES.order;

/** An order's status as a coloured tag with its words; a long status wraps rather than being cut. */
export function OrderStatusTag({ status }: { status: unknown }) {
  const { t } = useTranslation();
  if (typeof status !== 'string' || !status) return null;
  return (
    <Tag
      color={ORDER_STATUS_COLORS[status as OrderStatus]}
      data-testid="order-status"
      data-status={status}
      style={{ whiteSpace: 'normal', marginInlineEnd: 0, maxWidth: '100%' }}
    >
      {enumLabel(t, order, 'status', status)}
    </Tag>
  );
}
