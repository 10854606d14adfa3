import { orderMessageEntity } from '@ebox/domain';
import { Card, Empty, Skeleton, Space, Typography, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../app/format';
import { SectionTitle } from '../../app/page-title';
import type { EntityRecord } from '../../kit/entity-api';
import { enumLabel } from '../../kit/entity-labels';
import { MessageDetailDrawer } from './message-detail-drawer';
import { ChannelLabel, MessageStatusTag, type OrderMessage } from './message-parts';
import './messages';
import { OrderMessageActions } from './order-message-actions';
import { useOrderMessages, useOrderMessagesLive } from './order-messages-query';

/**
 * One message as a button (a click, Enter or Space opens it): channel and recipient with the
 * status beside them, then the moment that sent it and when. Only phrasing content: it is a button.
 */
function MessageItem({ message, onOpen }: { message: OrderMessage; onOpen: () => void }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [hovered, setHovered] = useState(false);
  return (
    <button
      type="button"
      onClick={onOpen}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      data-testid="order-message"
      data-message-id={message.id}
      style={{
        display: 'block',
        width: '100%',
        padding: `${token.paddingXS}px ${token.paddingSM}px`,
        border: 0,
        borderRadius: token.borderRadius,
        background: hovered ? token.colorFillTertiary : 'transparent',
        color: 'inherit',
        font: 'inherit',
        textAlign: 'start',
        cursor: 'pointer',
      }}
    >
      <span style={{ display: 'flex', alignItems: 'center', gap: token.marginXS, flexWrap: 'wrap' }}>
        <Typography.Text strong>
          <ChannelLabel channel={message.channel} />
        </Typography.Text>
        <Typography.Text ellipsis style={{ flex: '1 1 8em', minWidth: 0 }}>
          {message.recipient ?? t('communications.noRecipient')}
        </Typography.Text>
        <MessageStatusTag status={message.status} />
      </span>
      <Typography.Text type="secondary" style={{ display: 'block' }}>
        {enumLabel(t, orderMessageEntity, 'trigger', message.trigger)} · {formatDateTime(message.createdAt)}
      </Typography.Text>
    </button>
  );
}

/**
 * The order's communications (issue 27, item 3): every message to its customer, newest first,
 * followed live; one opens in a drawer with its whole text. The sends the user may ask for sit on
 * top. The drawer shows the message as the list has it now, so a delivery reported meanwhile shows.
 */
export function OrderCommunications({ order }: { order: EntityRecord }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const messages = useOrderMessages(order.id);
  useOrderMessagesLive(order.id);
  const [openId, setOpenId] = useState<string | null>(null);
  const rows = messages.data ?? [];
  const opened = rows.find((row) => row.id === openId) ?? null;
  return (
    <Card title={<SectionTitle title={t('communications.title')} />} data-testid="order-communications">
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <OrderMessageActions order={order} />
        {messages.isPending ? (
          <Skeleton active title={false} paragraph={{ rows: 3 }} />
        ) : rows.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('communications.empty')} />
        ) : (
          <ul aria-label={t('communications.listLabel')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {rows.map((message, index) => (
              <li key={message.id} style={{ borderTop: index ? `1px solid ${token.colorSplit}` : undefined }}>
                <MessageItem message={message} onOpen={() => setOpenId(message.id)} />
              </li>
            ))}
          </ul>
        )}
      </Space>
      <MessageDetailDrawer message={opened} onClose={() => setOpenId(null)} />
    </Card>
  );
}
